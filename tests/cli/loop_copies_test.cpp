// kreg's own loops have a portable and an AVX2 copy, chosen at run time (kreg/core/cpu_dispatch.h)
// and written to round every operation alike: the models that `kreg fit` writes with either copy
// are equal byte for byte (every number with 17 significant digits), for the kernels whose
// formulas go through the vectorised exponential and the square root, and for the methods whose
// updates are dispatched loops. On a processor without AVX2 only one copy runs: skipped.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_runner.h"
#include "kreg/core/cpu_dispatch.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

struct Fit {
  const char* name;
  std::vector<std::string> options;
};

const std::vector<Fit> kFits = {
    {"krr_gaussian", {"--bandwidth", "1.5", "--lambda", "0.01"}},
    {"krr_matern52", {"--kernel", "matern52", "--bandwidth", "2", "--lambda", "0.01"}},
    {"krr_laplace", {"--kernel", "laplace", "--bandwidth", "2", "--lambda", "0.01"}},
    {"kgd_momentum", {"--method", "kgd", "--bandwidth", "1.5", "--iterations", "300", "--momentum", "0.5"}},
    {"ksgd", {"--method", "ksgd", "--bandwidth", "1.5", "--iterations", "3000", "--step-size", "1e-3"}},
    {"kcd", {"--method", "kcd", "--bandwidth", "1.5", "--iterations", "3000", "--step-size", "1e-3"}},
    {"kegd_momentum",
     {"--method", "kegd", "--bandwidth", "1.5", "--iterations", "2000", "--step-size", "1e-3", "--momentum", "0.5"}},
    {"kl1", {"--method", "kl1", "--bandwidth", "1.5", "--lambda", "0.05"}},
    {"klinf", {"--method", "klinf", "--bandwidth", "1.5", "--lambda", "0.05"}},
    {"kl1_paper", {"--method", "kl1", "--solver", "paper", "--bandwidth", "1.5", "--lambda", "0.05"}},
};

std::string fit(const Fit& f, const std::string& model) {
  std::vector<std::string> args = {"fit",     "--data",  source_path("tests/fixtures/california_train.csv"),
                                   "--quiet", "--model", model};
  args.insert(args.end(), f.options.begin(), f.options.end());
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 0) << f.name << ": " << r.err;
  return read_text(model);
}

TEST(LoopCopies, PortableAndAvx2CopiesWriteTheSameModels) {
  force_portable_loops(false);
  if (!cpu_has_avx2()) GTEST_SKIP() << "one copy of the loops here (no AVX2, or a build for one processor)";
  const std::string dir = scratch_dir();
  for (const Fit& f : kFits) {
    SCOPED_TRACE(f.name);
    force_portable_loops(false);
    const std::string with_avx2 = fit(f, dir + "/" + f.name + "_avx2.json");
    force_portable_loops(true);
    const std::string portable = fit(f, dir + "/" + f.name + "_portable.json");
    force_portable_loops(false);
    ASSERT_FALSE(with_avx2.empty());
    EXPECT_EQ(portable, with_avx2);
  }
}

}  // namespace
}  // namespace kreg::test
