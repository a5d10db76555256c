// The grids model selection takes from the data (kreg/select/default_grids.h) and the growth of
// a cv grid at its ends (kreg/select/grid_extension.h): the rules against direct computations,
// and an extended run against the same grid cross-validated in one go.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "kreg/kernels/gram.h"
#include "kreg/kernels/kernel.h"
#include "kreg/select/default_grids.h"
#include "kreg/select/grid_extension.h"
#include "kreg/solvers/default_grids.h"
#include "test_data.h"

using namespace kreg;

TEST(DefaultGrids, MedianDistanceOfFourPointsOnALine) {
  // Distances 1, 1, 1, 2, 2, 3: median (1 + 2) / 2.
  const arma::mat Z = {{0.0, 0.0}, {1.0, 0.0}, {2.0, 0.0}, {3.0, 0.0}};
  EXPECT_DOUBLE_EQ(median_pairwise_distance(Z), 1.5);
  // Odd count: three points 0, 3, 4 on a line: distances 3, 4, 1 -> 3.
  const arma::mat W = arma::vec{0.0, 3.0, 4.0};
  EXPECT_DOUBLE_EQ(median_pairwise_distance(W), 3.0);
  // A sample of two rows of 0..3 (rows 0 and 2): the one distance, 2.
  EXPECT_DOUBLE_EQ(median_pairwise_distance(Z, 2), 2.0);
  EXPECT_EQ(median_pairwise_distance(arma::mat(1, 3, arma::fill::ones)), 0.0);
}

TEST(DefaultGrids, BandwidthsSpanTwoDecadesAroundTheMedianDistance) {
  const std::vector<double> g = default_bandwidth_grid(4.0);
  ASSERT_EQ(g.size(), 5u);
  EXPECT_NEAR(g.front(), 0.4, 1e-12);
  EXPECT_NEAR(g[2], 4.0, 1e-12);
  EXPECT_NEAR(g.back(), 40.0, 1e-12);
  for (std::size_t i = 1; i < g.size(); ++i) EXPECT_NEAR(g[i] / g[i - 1], std::sqrt(10.0), 1e-12);
  EXPECT_NEAR(default_bandwidth_grid(0.0)[2], 1.0, 1e-12);  // all rows equal: around 1
}

TEST(DefaultGrids, LambdaGridHangsFromTheLargestEigenvalueAtTheLargestBandwidth) {
  const Dataset d = test::california("train", 200);
  FitSettings s;
  const DefaultGrids g = default_grids(d, s, true, true);
  ASSERT_EQ(g.bandwidth.size(), 5u);
  // mu_max of the Gram matrix of the standardised rows at the largest bandwidth (all 200 rows
  // are the sample), by a dense eigendecomposition.
  const Standardization st = fit_standardization(d.X, d.y, s.standardize);
  KernelSettings k = s.kernel;
  k.set("bandwidth", g.bandwidth.back());
  const arma::vec mu = arma::eig_sym(gram(make_kernel(k), st.transform_features(d.X)));
  EXPECT_NEAR(g.mu_top, mu.max(), 1e-8 * mu.max());
  ASSERT_EQ(g.regulariser.size(), 41u);
  EXPECT_NEAR(g.regulariser.back(), mu.max(), 1e-8 * mu.max());
  EXPECT_NEAR(g.regulariser.front(), 1e-10 * mu.max(), 1e-17 * mu.max());

  s.lambda_scaling = LambdaScaling::kN;  // lambda in units of n
  EXPECT_NEAR(default_grids(d, s, true, true).regulariser.back(), mu.max() / 200.0, 1e-8 * mu.max());
  s.lambda_scaling = LambdaScaling::kNone;
  s.method = "kgf";  // t = 1 / lambda
  const DefaultGrids t = default_grids(d, s, true, true);
  EXPECT_NEAR(t.regulariser.front(), 1.0 / mu.max(), 1e-8 / mu.max());
  s.method = "ksgd";  // early stopping: no regulariser grid
  EXPECT_TRUE(default_grids(d, s, true, true).regulariser.empty());
  s.method = "krr";
  s.kernel.name = "polynomial";  // no bandwidth
  EXPECT_TRUE(default_grids(d, s, true, true).bandwidth.empty());
}

TEST(DefaultGrids, PenalisedLambdaGridStartsWhereAlphaZeroIsOptimal) {
  const Dataset d = test::california("train", 100);
  FitSettings s;
  s.method = "kl1";
  const DefaultGrids g = default_grids(d, s, false, true);
  const Standardization st = fit_standardization(d.X, d.y, s.standardize);
  const double top = arma::abs(st.transform_target(d.y)).max();  // ||y||_inf
  ASSERT_EQ(g.regulariser.size(), 20u);
  EXPECT_NEAR(g.regulariser.back(), top, 1e-12 * top);
  EXPECT_NEAR(g.regulariser.front(), 1e-3 * top, 1e-15 * top);
}

TEST(DefaultGrids, SpectralPathGridIsLambdaOrTAndNothingElse) {
  // mu_max 100: 50 points from 10^2 down to 10^-4; krr divides by the lambda unit (2 here), kgf
  // takes t = 1 / value; an early-stopping method has no such grid (it is not taken for lambda).
  const std::vector<double> krr = default_spectral_grid(100.0, method_info("krr"), 2.0);
  ASSERT_EQ(krr.size(), 50u);
  EXPECT_NEAR(krr.front(), 50.0, 1e-12);
  EXPECT_NEAR(krr.back(), 0.5e-4, 1e-16);
  const std::vector<double> kgf = default_spectral_grid(100.0, method_info("kgf"), 2.0);
  ASSERT_EQ(kgf.size(), 50u);
  EXPECT_NEAR(kgf.front(), 0.01, 1e-15);
  EXPECT_NEAR(kgf.back(), 1e4, 1e-8);
  EXPECT_THROW(default_spectral_grid(100.0, method_info("kgd"), 1.0), std::logic_error);
}

TEST(DefaultGrids, ExtendingALogAxis) {
  const std::vector<double> down = extend_log_axis(1.0, true, 4, 8);
  ASSERT_EQ(down.size(), 8u);
  EXPECT_NEAR(down.front(), 1e-2, 1e-15);
  EXPECT_NEAR(down.back(), std::pow(10.0, -0.25), 1e-15);
  const std::vector<double> up = extend_log_axis(10.0, false, 2, 2);
  ASSERT_EQ(up.size(), 2u);
  EXPECT_NEAR(up[0], 10.0 * std::sqrt(10.0), 1e-12);
  EXPECT_NEAR(up[1], 100.0, 1e-12);
}

// The scores of a grid grown at its ends equal those of the final grid cross-validated in one go:
// the extension only adds points, in their places.
TEST(GridExtension, GrownGridScoresEqualTheWholeGridInOneRun) {
  const Dataset d = test::california("train", 150);
  const Folds folds = seeded_folds(d.n(), 5, 3);
  CvSettings s;
  s.threads = 1;
  // A grid whose best point sits on its smallest lambda and on an end of the bandwidths, so
  // that both axes grow.
  s.kernel_grids["bandwidth"] = {0.3, 1.0, 3.0};
  s.regulariser_grid = {10.0, 30.0, 100.0};
  ExtendableAxes axes;
  axes.bandwidth = axes.regulariser = true;
  std::vector<GridExtension> log;
  CvSettings grown = s;
  const CvScores scores = extend_grid_at_edges(d, grown, folds, compute_cv_scores(d, s, folds), axes, log);
  ASSERT_FALSE(log.empty());
  bool lambda_grew = false;
  for (const GridExtension& e : log) lambda_grew |= e.axis == "lambda" && e.downward;
  EXPECT_TRUE(lambda_grew);
  // Increasing order kept on both axes.
  EXPECT_TRUE(std::is_sorted(grown.kernel_grids["bandwidth"].begin(), grown.kernel_grids["bandwidth"].end()));
  const CvResult once = cross_validate(d, grown, folds);
  const CvResult merged = aggregate_cv(grown, folds, scores);
  ASSERT_EQ(once.rows.size(), merged.rows.size());
  for (std::size_t i = 0; i < once.rows.size(); ++i) {
    EXPECT_EQ(once.rows[i].kernel.value("bandwidth"), merged.rows[i].kernel.value("bandwidth"));
    EXPECT_EQ(once.rows[i].regulariser, merged.rows[i].regulariser);
    EXPECT_NEAR(once.rows[i].mean_mse, merged.rows[i].mean_mse, 1e-9 * once.rows[i].mean_mse) << i;
  }
  EXPECT_EQ(once.best_min, merged.best_min);
  // The final best point is not on an end that could still grow (or the growth is used up).
  const CvRow& best = merged.rows[merged.best_min];
  const int lambda_end = grid_end(best.regulariser, grown.regulariser_grid);
  int lambda_growths = 0;
  for (const GridExtension& e : log) lambda_growths += e.axis == "lambda" && e.downward == (lambda_end < 0);
  EXPECT_TRUE(lambda_end == 0 || lambda_growths == kMaxGridExtensions);
}

TEST(GridExtension, GridEnds) {
  EXPECT_EQ(grid_end(1.0, {1.0, 2.0, 3.0}), -1);
  EXPECT_EQ(grid_end(3.0, {3.0, 2.0, 1.0}), 1);
  EXPECT_EQ(grid_end(2.0, {1.0, 2.0, 3.0}), 0);
  EXPECT_EQ(grid_end(2.0, {2.0}), 0);
}
