// The words of `kreg cv`'s warnings, whole, for results made by hand: every kind of finding
// about the fits (kreg/select/cv_checks.h, words in cv_report.h) and about the grids
// (kreg/select/grid_checks.h, words in cv_grid_report.h). The suggested grids are worked out
// here from the rule (the grid's own density, one decade beyond a bandwidth end, two beyond
// a lambda end).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cv_grid_report.h"
#include "cv_report.h"

namespace kreg::test {
namespace {

CvRow grid_row(double bandwidth, double lambda, double mse, double r2) {
  CvRow r;
  r.kernel.set("bandwidth", bandwidth);
  r.regulariser = lambda;
  r.mean_mse = r.mean_score = mse;
  r.mean_r2 = r2;
  return r;
}

CvSettings settings_for(const std::string& method) {
  CvSettings s;
  s.base.method = method;
  return s;
}

std::vector<std::string> fit_warnings(const CvResult& result, const CvSettings& s) {
  return cli::cv_warnings(result, s, cli::CvColumns(s));
}

std::vector<std::string> grid_warnings(const CvResult& result, const CvSettings& s, const CvGridProvenance& provenance,
                                       const std::string& command = "cv") {
  std::vector<std::string> out;
  for (const GridFinding& f : cv_grid_findings(result, s, provenance)) out.push_back(cli::grid_warning(f, command));
  return out;
}

TEST(CvWarningText, NonFiniteRowsAndABestPointNoBetterThanTheMean) {
  const CvSettings s = settings_for("krr");
  CvResult result;
  result.rows = {grid_row(1.0, 0.1, 0.25, 0.5), grid_row(0.5, 0.01, NAN, NAN), grid_row(2.0, 1.0, 0.2, -0.2)};
  result.best_min = 2;
  result.non_finite_rows = 1;
  const std::vector<std::string> expected = {
      "1 of 3 grid points have no finite cross-validation error (their fits broke down numerically, e.g. lambda too "
      "small for the kernel matrix); they are never selected, and their cells in the table are empty. The first: "
      "bandwidth 0.5, lambda 0.01: mean MSE nan (SE 0), mean R2 nan",
      "the best point (min rule) has mean R2 -0.2: averaged over the folds, it predicts the validation rows no better "
      "than their own mean"};
  EXPECT_EQ(fit_warnings(result, s), expected);
}

TEST(CvWarningText, UnconvergedAndUnboundedPenalisedFits) {
  const CvSettings s = settings_for("kl1");
  CvResult result;
  result.rows = {grid_row(1.0, 0.1, 0.25, 0.5)};
  result.unfinished_fits = 3;
  result.unbounded_fits = 2;
  result.total_fits = 20;
  const std::vector<std::string> expected = {
      "3 of 20 kl1 fits (grid point x fold) did not converge within --max-iter; their validation errors are those of "
      "the last iterate (raise --max-iter or --tol; but where the kernel matrix is numerically singular on the points "
      "a fit uses, as at large bandwidths and small lambdas, more iterations need not settle it, and a smaller "
      "--bandwidth or larger lambdas are the better-posed problems; where the coefficients were far too large to "
      "determine, the fits stopped after 1,000 iterations unless --max-iter was given)",
      std::string("2 of 20 kl1 fits (grid point x fold) are of problems unbounded below: ") + kCvUnboundedCause};
  EXPECT_EQ(fit_warnings(result, s), expected);
}

TEST(CvWarningText, EarlyStoppingCutOffByTMax) {
  const CvSettings s = settings_for("kgd");
  CvResult result;
  result.rows = {grid_row(1.0, NAN, 0.25, 0.5)};
  result.unfinished_fits = 4;
  result.total_fits = 10;
  const std::vector<std::string> expected = {
      "4 of 10 early-stopping runs (bandwidth x fold) reached --t-max before the validation error levelled off "
      "(consider a larger --t-max)"};
  EXPECT_EQ(fit_warnings(result, s), expected);
}

TEST(CvWarningText, NystromFitsShortOfTolAtAndAboveLambdaZero) {
  CvSettings s = settings_for("krr");
  s.base.solver = Solver::kNystrom;
  CvResult result;
  result.rows = {grid_row(1.0, 0.0, 0.3, 0.5), grid_row(1.0, 0.1, 0.25, 0.5), grid_row(1.0, 1.0, 0.28, 0.5)};
  result.rows[0].unfinished_folds = 3;
  result.rows[1].unfinished_folds = 2;
  result.best_min = 1;
  result.unfinished_fits = 5;
  result.total_fits = 15;
  const std::vector<std::string> expected = {
      "5 of 15 Nystrom fits (grid point x fold) ended short of --tol and are scored as they ended: 3 at lambda = 0, "
      "where conjugate gradients stopped (at --max-iter or on a breakdown) and the direct solve that otherwise takes "
      "over needs lambda > 0: start --lambda-grid above 0; 2 at lambda > 0, where the direct solve that takes over "
      "from conjugate gradients left a larger residual than they did, so rounding limits both (the centres' kernel "
      "matrix is nearly singular): use fewer --centers or a smaller --bandwidth, or accept the residual with a larger "
      "--tol (docs/nystrom.md, \"Direct fallback\")"};
  EXPECT_EQ(fit_warnings(result, s), expected);
}

TEST(CvWarningText, AHealthyRunHasNone) {
  const CvSettings s = settings_for("krr");
  CvResult result;
  result.rows = {grid_row(1.0, 0.1, 0.25, 0.5)};
  result.total_fits = 5;
  EXPECT_TRUE(fit_warnings(result, s).empty());
}

// A result whose best point (min rule) is (bandwidth, lambda).
CvResult best_at(double bandwidth, double lambda) {
  CvResult result;
  result.rows = {grid_row(bandwidth, lambda, 0.2, 0.5)};
  return result;
}

TEST(CvWarningText, TheBestPointOnAnEndOfAGivenGrid) {
  CvSettings s = settings_for("krr");
  s.kernel_grids["bandwidth"] = {0.1, 1.0, 10.0};
  s.regulariser_grid = {0.001, 0.01, 0.1, 1.0};
  const CvGridProvenance given;
  // bandwidth: one per decade from 0.1 up one decade to 100, 4 values; lambda: one per decade
  // from 1 down two decades to 1e-5, 6 values.
  const std::vector<std::string> expected = {
      "the best point (min rule) has bandwidth = 10, the largest value of --bandwidth-grid: the best value may lie "
      "beyond the grid; to look further, give --bandwidth-grid logspace:-1.00:2.00:4",
      "the best point (min rule) has lambda = 0.001, the smallest value of --lambda-grid: the best value may lie "
      "beyond the grid; to look further, give --lambda-grid logspace:-5.00:0.00:6"};
  EXPECT_EQ(grid_warnings(best_at(10.0, 0.001), s, given), expected);
  EXPECT_TRUE(grid_warnings(best_at(1.0, 0.01), s, given).empty());
  // lambda = 0 at the smallest end: nothing lies below it.
  s.regulariser_grid = {0.0, 0.1, 1.0};
  EXPECT_TRUE(grid_warnings(best_at(1.0, 0.0), s, given).empty());
}

TEST(CvWarningText, TheBestPointOnAnEndOfTheDataGrid) {
  CvSettings s = settings_for("krr");
  s.kernel_grids["bandwidth"] = {0.1, 1.0, 10.0};
  s.regulariser_grid = {0.01, 0.1, 1.0};
  CvGridProvenance data;
  data.bandwidth_from_data = true;
  data.regulariser_from_data = true;
  EXPECT_EQ(grid_warnings(best_at(0.1, 0.1), s, data),
            std::vector<std::string>{"the best point (min rule) is still at the smallest bandwidth (0.1) after 2 "
                                     "extensions of the grid; to look further, give --bandwidth-grid "
                                     "logspace:-2.00:1.00:4"});
  data.grows = false;
  EXPECT_EQ(grid_warnings(best_at(0.1, 0.1), s, data, "loo"),
            std::vector<std::string>{"the best point (min rule) has bandwidth = 0.1, the smallest value of the grid "
                                     "taken from the data: the best value may lie beyond it; to look further, give "
                                     "--bandwidth-grid logspace:-2.00:1.00:4"});
}

TEST(CvWarningText, AnAxisHeldAtOneValue) {
  CvSettings s = settings_for("krr");
  s.regulariser_grid = {0.5};
  CvGridProvenance g;
  g.rules.bandwidth = {0.5, 1.0, 2.0, 4.0};
  g.rules.regulariser = {0.001, 0.01, 0.1, 1.0, 10.0};
  // No bandwidth grid: held at --bandwidth; lambda held by a grid of one value.
  const std::vector<std::string> expected = {
      "bandwidth was held at 2 (--bandwidth), so cv did not choose it; to search it, give --bandwidth-grid "
      "logspace:-0.30:0.60:4 (the grid kreg takes from these data)",
      "lambda was held at 0.5 (--lambda-grid 0.5), so cv did not choose it; to search it, give --lambda-grid "
      "logspace:-3.00:1.00:5 (the grid kreg takes from these data)"};
  EXPECT_EQ(grid_warnings(best_at(2.0, 0.5), s, g), expected);
  // Held at --lambda, and no grid from the data to suggest; loo says so in its name.
  g.regulariser_value_given = true;
  g.rules.regulariser.clear();
  EXPECT_EQ(grid_warnings(best_at(2.0, 0.5), s, g, "loo").at(1),
            "lambda was held at 0.5 (--lambda), so loo did not choose it");
}

TEST(CvWarningText, TheBestPointOnAnEndOfAnAxisWithoutALogScale) {
  CvSettings s = settings_for("krr");
  s.base.kernel.name = "polynomial";
  s.kernel_grids["degree"] = {1.0, 2.0, 3.0};
  s.regulariser_grid = {0.01, 0.1, 1.0};
  CvResult result = best_at(1.0, 0.1);
  result.rows[0].kernel.set("degree", 3.0);
  const CvGridProvenance given;
  EXPECT_EQ(grid_warnings(result, s, given),
            std::vector<std::string>{"the best point (min rule) has degree = 3, the largest value of --degree-grid: "
                                     "the best value may lie beyond the grid; consider extending it"});
  // Degree 1 is the smallest there is: nothing lies below it.
  result.rows[0].kernel.set("degree", 1.0);
  EXPECT_TRUE(grid_warnings(result, s, given).empty());
}

}  // namespace
}  // namespace kreg::test
