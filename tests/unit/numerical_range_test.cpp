// lambda*, the lambda below which kl1 / klinf are unbounded for K rounded to its numerical range,
// and lambda_undetermined (src/kreg/solvers/numerical_range.h): the LP against scipy's linprog
// (tests/fixtures/make_numerical_range_fixture.py -> numerical_range_fixture.csv), closed forms
// where K has an exact null space, and the klinf homotopy on a numerically singular K, which
// must stop instead of cycling.
#include "kreg/solvers/numerical_range.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/solvers/l1_homotopy.h"
#include "kreg/solvers/linf_homotopy.h"
#include "kreg/solvers/penalized_path.h"
#include "kreg/solvers/proximal.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

struct RangeRow {
  std::string kind, method;
  double bandwidth = 0.0;
  std::size_t rank = 0;
  double lambda_star = 0.0;
};

std::vector<RangeRow> range_rows() {
  std::ifstream in(source_path("tests/fixtures/numerical_range_fixture.csv"));
  std::string line;
  std::getline(in, line);  // header
  std::vector<RangeRow> rows;
  while (std::getline(in, line)) {
    std::istringstream is(line);
    std::string cell;
    RangeRow r;
    std::getline(is, r.kind, ',');
    std::getline(is, cell, ',');
    r.bandwidth = cell.empty() ? 0.0 : std::stod(cell);
    std::getline(is, r.method, ',');
    std::getline(is, cell, ',');  // n
    std::getline(is, cell, ',');
    r.rank = std::stoul(cell);
    std::getline(is, cell, ',');
    r.lambda_star = std::stod(cell);
    rows.push_back(r);
  }
  return rows;
}

arma::mat sine_gram(double bandwidth, arma::vec& y) {
  const Dataset d = sine("train");
  const Standardization st = fit_standardization(d.X, d.y, StandardizeMode::kBoth);
  y = st.transform_target(d.y);
  KernelSettings ks;
  ks.set("bandwidth", bandwidth);
  return gram(make_kernel(ks), st.transform_features(d.X));
}

// The Gaussian kernel matrix of bandwidth 1 on the points z.
arma::mat unit_gaussian_gram(const arma::vec& z) {
  arma::mat K(z.n_elem, z.n_elem);
  for (arma::uword i = 0; i < z.n_elem; ++i)
    for (arma::uword j = 0; j < z.n_elem; ++j) K(i, j) = std::exp(-0.5 * (z[i] - z[j]) * (z[i] - z[j]));
  return K;
}

// The LP alone on a given orthonormal U_R (30 x 12): the optimum equals linprog's to 1e-9.
TEST(NumericalRange, DistanceToARangeEqualsLinprog) {
  arma::mat data;
  ASSERT_TRUE(data.load(source_path("tests/fixtures/numerical_range_random.csv"), arma::csv_ascii));
  ASSERT_EQ(data.n_rows, 30u);
  const arma::vec y = data.col(0);
  const arma::mat U = data.cols(1, 12);
  int cases = 0;
  for (const RangeRow& r : range_rows()) {
    if (r.kind != "random") continue;
    SCOPED_TRACE(r.method);
    bool solved = false;
    const double value = range_distance(U, y, penalty_of(r.method), solved);
    ASSERT_TRUE(solved);
    EXPECT_NEAR(value, r.lambda_star, 1e-9 * r.lambda_star);
    ++cases;
  }
  EXPECT_EQ(cases, 2);
}

// data/sine_train.csv: the numerical rank equals numpy's, and lambda* linprog's on numpy's
// eigenvectors to 2% (the span of eigenvectors whose eigenvalues are within a few rounding
// units of tau turns by a few percent between two eigensolvers; lambda* follows it).
TEST(NumericalRange, SineRankAndLambdaStarAgreeWithNumpyAndLinprog) {
  int cases = 0;
  for (const RangeRow& r : range_rows()) {
    if (r.kind != "sine") continue;
    SCOPED_TRACE(r.method + " bandwidth " + std::to_string(r.bandwidth));
    arma::vec y;
    const arma::mat K = sine_gram(r.bandwidth, y);
    const NumericalRange range = numerical_range(K, y, penalty_of(r.method), 1e-8);
    ASSERT_TRUE(range.computed);
    EXPECT_EQ(range.rank, r.rank);
    EXPECT_NEAR(range.lambda_unbounded, r.lambda_star, 0.02 * r.lambda_star);
    EXPECT_GE(range.lambda_undetermined, range.lambda_unbounded);
    ++cases;
  }
  EXPECT_EQ(cases, 6);
}

// Two identical rows (z = 0, 0) with responses 1 and -1 and two distinct ones: K's null space is
// d = e_1 - e_2 exactly and its other eigenvalues are far above tau, so lambda* = y^T d / P(d):
// kl1 (1 - (-1)) / 2 = 1, klinf (1 - (-1)) / 1 = 2 (repeated_rows.h gives the same closed forms).
TEST(NumericalRange, ExactNullSpaceGivesTheClosedForm) {
  const arma::vec z = {0.0, 0.0, 1.0, 2.5};
  const arma::vec y = {1.0, -1.0, 0.5, 0.2};
  const arma::mat K = unit_gaussian_gram(z);
  const NumericalRange l1 = numerical_range(K, y, Penalty::kL1, 1e-8);
  const NumericalRange linf = numerical_range(K, y, Penalty::kLinf, 1e-8);
  EXPECT_EQ(l1.rank, 3u);
  EXPECT_NEAR(l1.lambda_unbounded, 1.0, 1e-12);
  EXPECT_NEAR(linf.lambda_unbounded, 2.0, 1e-12);
  // The next eigenvalue is far above tau, so no level theta proves more than lambda*.
  EXPECT_NEAR(l1.lambda_undetermined, 1.0, 1e-12);
  EXPECT_NEAR(linf.lambda_undetermined, 2.0, 1e-12);
}

// A positive definite K of full numerical rank: nothing is unbounded.
TEST(NumericalRange, FullRankHasNoBound) {
  const arma::vec z = {0.0, 1.0, 2.0, 3.5};
  const arma::vec y = {1.0, -1.0, 0.5, 0.2};
  const arma::mat K = unit_gaussian_gram(z);
  const NumericalRange r = numerical_range(K, y, Penalty::kL1, 1e-8);
  EXPECT_EQ(r.rank, 4u);
  EXPECT_EQ(r.lambda_unbounded, 0.0);
}

// klinf on sine at bandwidth 1 (exact condition number about 1e65): m = ||alpha||_inf of a
// minimiser never decreases as lambda does, so every point the homotopy returns has m at least
// that of the point before, and where G becomes numerically singular it stops (singular) after
// a few events per point instead of cycling through zero-length events until max_events.
TEST(NumericalRange, LinfHomotopyStopsInsteadOfCycling) {
  for (const double bandwidth : {0.5, 1.0}) {
    SCOPED_TRACE("bandwidth " + std::to_string(bandwidth));
    arma::vec y;
    const arma::mat K = sine_gram(bandwidth, y);
    std::vector<double> grid;
    const double top = arma::accu(arma::abs(y));
    for (int g = 0; g < 50; ++g) grid.push_back(top * std::pow(1e-3, g / 49.0));
    const long max_events = 50 * 40 + 100;
    const HomotopyResult path = linf_homotopy(K, y, grid, max_events);
    EXPECT_TRUE(path.stopped_singular) << path.stopped;
    EXPECT_LT(path.events, 4 * 40) << path.stopped;
    for (std::size_t g = 1; g < path.reached; ++g)
      EXPECT_GE(arma::abs(path.alpha[g]).max(), arma::abs(path.alpha[g - 1]).max() * (1 - 1e-4)) << "point " << g;
  }
}

// The default grid's shape: 50 values from lambda_max = max|y| (kl1) down three decades.
std::vector<double> default_like_grid(const arma::vec& y) {
  std::vector<double> grid;
  const double top = arma::abs(y).max();
  for (int g = 0; g < 50; ++g) grid.push_back(top * std::pow(1e-3, g / 49.0));
  return grid;
}

FitSettings kl1_settings(long max_iter) {
  FitSettings s;
  s.method = "kl1";
  s.max_iter = max_iter;
  return s;
}

// The route: points below lambda_undetermined are reported (not converged, no iterations) and
// those below lambda* are also unbounded; every other point converges.
TEST(NumericalRange, PathReportsUndeterminedPointsWithoutIterating) {
  arma::vec y;
  const arma::mat K = sine_gram(0.2, y);
  const std::vector<double> grid = default_like_grid(y);
  const FitSettings s = kl1_settings(2000);
  const std::vector<ProxResult> solved = homotopy_grid(K, y, Penalty::kL1, grid, s);
  std::size_t undetermined = 0;
  for (std::size_t g = 0; g < grid.size(); ++g) {
    SCOPED_TRACE("lambda " + std::to_string(grid[g]));
    const ProxResult& r = solved[g];
    if (r.undetermined) {
      ++undetermined;
      EXPECT_LT(grid[g], r.range.lambda_undetermined);
      EXPECT_EQ(r.iterations, 0);
      EXPECT_EQ(r.unbounded, grid[g] < r.range.lambda_unbounded);
    } else {
      EXPECT_TRUE(r.converged) << "KKT violation " << r.kkt;
    }
  }
  EXPECT_GT(undetermined, 30u);
}

// Below where the exact path stops, a point is reported with the coefficients of the nearest
// solved point above: the path's own at the stop when they are certified there. Where there is
// no solved point above (a single-lambda fit, the path's state at the stop spoilt by rounding),
// fista's iterate within --max-iter from 0, still reported: never alpha = 0 itself, which
// predicted the constant 0. The sine kernels here stop in either state (one certified, two not).
TEST(NumericalRange, BelowTheStopTheCoefficientsAreThoseOfTheNearestSolvedPoint) {
  int certified_stops = 0, spoilt_stops = 0;
  for (const double bandwidth : {0.2, 0.5, 1.0}) {
    SCOPED_TRACE("bandwidth " + std::to_string(bandwidth));
    arma::vec y;
    const arma::mat K = sine_gram(bandwidth, y);
    const double lambda = 1e-3 * arma::abs(y).max();
    FitSettings s;
    s.method = "kl1";
    s.max_iter = 2000;
    const ProxResult r = homotopy_grid(K, y, Penalty::kL1, {lambda}, s).front();
    const HomotopyResult path = l1_homotopy(K, y, {lambda}, 50 * static_cast<long>(y.n_elem) + 100);
    ASSERT_EQ(path.reached, 0u);
    ASSERT_EQ(path.alpha_at_stop.n_elem, y.n_elem);
    ASSERT_TRUE(r.undetermined);
    const arma::vec Ka = K * path.alpha_at_stop;
    const bool certified = kkt_violation(Ka, y, path.alpha_at_stop, Penalty::kL1, path.lambda_at_stop) <=
                           kkt_tolerance(s.tol_or_default(), arma::abs(K).max(), path.alpha_at_stop);
    if (certified) {
      ++certified_stops;
      EXPECT_EQ(r.iterations, 0);
      EXPECT_TRUE(arma::approx_equal(r.alpha, path.alpha_at_stop, "absdiff", 0.0));
    } else {
      ++spoilt_stops;
      EXPECT_GT(r.iterations, 0);  // fista ran
    }
    // The fit of the coefficients held: far better than alpha = 0 (mean(y^2) = 1 here).
    EXPECT_LT(arma::mean(arma::square(y - K * r.alpha)), 0.5 * arma::mean(arma::square(y)));
  }
  EXPECT_GT(certified_stops, 0);  // both cases occur among these three kernels
  EXPECT_GT(spoilt_stops, 0);
}

}  // namespace
}  // namespace kreg::test

namespace kreg::test {
namespace {

// A path the homotopy finishes, but whose points below some lambda rounding leaves
// uncertified (300 California rows, bandwidth 20: coefficients of 1e8 and more, some solved
// with the wrong sign, and no pivot small enough to stop the path), is bounded as a stopped one
// is, above 200 rows by the reweighted lower bound: each point below it is reported without
// fista's iterations. The bound is from below, so a point just above it may still be one that
// no solver determines: here one grid point (0.56, the bound 0.558) runs fista out, none else.
TEST(NumericalRange, AFinishedPathThatRoundingLeftUncertifiedIsBoundedToo) {
  const Dataset d = california("train", 300);
  const Standardization st = fit_standardization(d.X, d.y, StandardizeMode::kBoth);
  const arma::vec y = st.transform_target(d.y);
  KernelSettings ks;
  ks.set("bandwidth", 20.0);
  const arma::mat K = gram(make_kernel(ks), st.transform_features(d.X));
  const std::vector<double> grid = default_like_grid(y);
  const FitSettings s = kl1_settings(5000);
  const std::vector<ProxResult> solved = homotopy_grid(K, y, Penalty::kL1, grid, s);
  std::size_t undetermined = 0, converged = 0, ran_out = 0;
  double lowest_certified = grid.front();
  for (std::size_t g = 0; g < grid.size(); ++g) {
    SCOPED_TRACE("lambda " + std::to_string(grid[g]));
    const ProxResult& r = solved[g];
    if (r.undetermined) {
      ++undetermined;
      EXPECT_LT(grid[g], r.range.lambda_undetermined);
      EXPECT_EQ(r.unbounded, grid[g] < r.range.lambda_unbounded);
      EXPECT_LT(r.iterations, s.max_iter);  // the path's events, no fista
    } else if (r.converged) {
      ++converged;
      lowest_certified = std::min(lowest_certified, grid[g]);
    } else {
      ++ran_out;
      EXPECT_EQ(r.iterations, s.max_iter);
      EXPECT_LT(grid[g], lowest_certified);  // between the certified points and the bound
    }
  }
  EXPECT_GT(undetermined, 30u);
  EXPECT_GT(converged, 10u);
  EXPECT_LE(ran_out, 1u);
}

}  // namespace
}  // namespace kreg::test
