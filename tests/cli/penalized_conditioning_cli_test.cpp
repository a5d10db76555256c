// kreg path for kl1 on data/sine_train.csv, whose Gaussian kernel matrices are numerically
// singular (40 rows, two of them 9e-4 apart after standardising; exact condition numbers about
// 1e17, 1e42 and 1e65 at bandwidths 0.2, 0.5 and 1): every point of the default grid either
// converges or lies below the lambda where the exact path stopped with coefficients too large to
// be determined in double precision, and the warning says so and what to change, instead of
// advising more iterations.
#include <gtest/gtest.h>

#include <string>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

TEST(PenalizedConditioningCli, SinePathsConvergeOrNameTheIllDeterminedLambdas) {
  const std::string dir = scratch_dir();
  for (const std::string bandwidth : {"0.2", "0.5", "1"}) {
    SCOPED_TRACE("bandwidth " + bandwidth);
    const std::string out = dir + "/p" + bandwidth + ".csv";
    const CliResult r = run_cli({"path", "--data", source_path("data/sine_train.csv"), "--method", "kl1",
                                 "--bandwidth", bandwidth, "--max-iter", "2000", "--output", out, "--quiet"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("raise --max-iter"), std::string::npos) << r.err;
    const auto at = r.err.find(" path points (lambda <= ");
    ASSERT_NE(at, std::string::npos) << r.err;
    EXPECT_NE(r.err.find("too large to be determined in double precision"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("a smaller --bandwidth or larger lambdas"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace kreg::test
