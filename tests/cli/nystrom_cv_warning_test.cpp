// The warning of `kreg cv --solver nystrom` about fits short of --tol agrees with
// docs/nystrom.md ("Direct fallback"): a fit whose conjugate gradients stop short at lambda > 0 is
// solved directly and counts as finished; what is left is said by kind (lambda = 0, which has no
// direct solve; lambda > 0 where the direct solve did no better), each with what to do.
#include <gtest/gtest.h>

#include "cli_runner.h"
#include "cv_report.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// The warning that mentions Nystrom, or "".
std::string nystrom_warning(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings)
    if (w.find("Nystrom fits") != std::string::npos) return w;
  return "";
}

CvRow row(double lambda, int unfinished) {
  CvRow r;
  r.regulariser = lambda;
  r.unfinished_folds = unfinished;
  r.mean_r2 = 0.5;
  return r;
}

// The Nystrom warning of a result with `unfinished` fits of 15, of which rows holds where.
std::string warning_for(std::vector<CvRow> rows, std::size_t unfinished) {
  CvSettings s;
  s.base.solver = Solver::kNystrom;
  CvResult result;
  result.rows = std::move(rows);
  result.total_fits = 15;
  result.unfinished_fits = unfinished;
  return nystrom_warning(cli::cv_warnings(result, s, cli::CvColumns(s)));
}

const std::string kStart =
    " of 15 Nystrom fits (grid point x fold) ended short of --tol and are scored as they ended: ";

TEST(NystromCvWarning, SaysWhatHappenedAndWhatToDoByKind) {
  const std::string both = warning_for({row(0.0, 3), row(0.1, 2), row(1.0, 0)}, 5);
  EXPECT_EQ(both.rfind("5" + kStart + "3 at lambda = 0,", 0), 0u) << both;
  EXPECT_NE(both.find("start --lambda-grid above 0; 2 at lambda > 0, where the direct solve"), std::string::npos)
      << both;
  EXPECT_NE(both.find("use fewer --centers or a smaller --bandwidth, or accept the residual with a larger --tol"),
            std::string::npos)
      << both;
  EXPECT_NE(both.find("(docs/nystrom.md, \"Direct fallback\")"), std::string::npos) << both;
  EXPECT_EQ(both.find("last iterate"), std::string::npos) << both;

  // Only fits at lambda > 0: no word about lambda = 0.
  const std::string above = warning_for({row(0.1, 2), row(1.0, 0)}, 2);
  EXPECT_EQ(above.rfind("2" + kStart + "2 at lambda > 0,", 0), 0u) << above;
  EXPECT_EQ(above.find("lambda = 0"), std::string::npos) << above;

  // Only fits at lambda = 0: no advice about the centres.
  const std::string zero = warning_for({row(0.0, 3), row(1.0, 0)}, 3);
  EXPECT_EQ(zero.rfind("3" + kStart + "3 at lambda = 0,", 0), 0u) << zero;
  EXPECT_EQ(zero.find("--centers"), std::string::npos) << zero;

  EXPECT_EQ(warning_for({row(0.1, 0)}, 0), "");
}

// `kreg cv --solver nystrom` on 300 California rows whose conjugate gradients cannot reach
// --tol 1e-300 in 3 iterations, over `lambda_grid`.
CliResult short_cv(const std::string& lambda_grid) {
  return run_cli({"cv",          "--data",      source_path("tests/fixtures/california_train.csv"),
                  "--target",    "MedHouseVal", "--solver",
                  "nystrom",     "--centers",   "60",
                  "--bandwidth", "2",           "--lambda-grid",
                  lambda_grid,   "--folds",     "4",
                  "--tol",       "1e-300",      "--max-iter",
                  "3",           "--output",    scratch_dir() + "/cv.csv"});
}

// At lambda = 0.1 the direct solve takes over and the fits count as finished (as
// docs/nystrom.md says); at lambda = 0 there is none, and the warning says so for those 4 fits.
TEST(NystromCvWarning, FitsAtLambdaZeroAreTheOnesLeft) {
  const CliResult r = short_cv("0,0.1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("kreg: warning: 4 of 8 Nystrom fits (grid point x fold) ended short of --tol and are scored "
                       "as they ended: 4 at lambda = 0, where conjugate gradients stopped"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("at lambda > 0"), std::string::npos) << r.err;

  // Without lambda = 0 in the grid every fit is finished: no warning.
  const CliResult direct = short_cv("0.1,1");
  ASSERT_EQ(direct.status, 0) << direct.err;
  EXPECT_EQ(direct.err.find("Nystrom fits"), std::string::npos) << direct.err;
}

}  // namespace
}  // namespace kreg::test
