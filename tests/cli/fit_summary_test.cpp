// The lines `kreg fit` prints: the rows the model was fitted on (a holdout takes its share
// away) and undefined statistics spelled out, not left blank.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

TEST(FitSummary, HoldoutRowsAreCountedApart) {
  const std::string dir = scratch_dir();
  const CliResult r =
      run_cli({"fit", "--data", source_path("tests/fixtures/california_train.csv"), "--target", "MedHouseVal",
               "--method", "kgd", "--holdout", "0.2", "--seed", "3", "--model", dir + "/m.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  // 300 rows, round(0.2 * 300) = 60 held out.
  EXPECT_NE(r.out.find("on 240 rows x 8 features (60 more held out for early stopping)"), std::string::npos) << r.out;
  const auto model = nlohmann::json::parse(read_text(dir + "/m.json"));
  EXPECT_EQ(model["training_summary"]["n_train"], 240);
}

// The first line names the kernel with its parameters, as --kernel would take them back.
TEST(FitSummary, FirstLineNamesTheKernelsParameters) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"fit", "--data", source_path("data/sine_train.csv"), "--method", "klinf", "--bandwidth",
                               "0.5", "--lambda", "20", "--model", dir + "/m.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("fitted klinf (gaussian(bandwidth=0.5)) on 40 rows x 1 features: ", 0), 0u) << r.out;
}

TEST(FitSummary, UndefinedR2IsPrintedAsNan) {
  const std::string dir = scratch_dir();
  write_text(dir + "/flat.csv", "x,y\n1,5\n2,5\n3,5\n");
  const CliResult r = run_cli({"fit", "--data", dir + "/flat.csv", "--lambda", "0.1", "--model", dir + "/m.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("train R2 nan\n"), std::string::npos) << r.out;  // constant response: R2 has no value
}

}  // namespace
}  // namespace kreg::test
