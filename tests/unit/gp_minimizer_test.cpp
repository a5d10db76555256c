// The bounded quasi-Newton minimiser (src/kreg/gp/bounded_minimizer.h, L-BFGS-B): known
// minimisers with bounds active and inactive, the caps reported as non-convergence, a start
// where the function is not defined refused, and points that are not points never accepted.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "kreg/core/errors.h"
#include "kreg/gp/bounded_minimizer.h"

namespace kreg {
namespace {

// Rosenbrock's function in z = x - shift: sum 100 (z_{i+1} - z_i^2)^2 + (1 - z_i)^2.
BoundedPoint rosenbrock(const arma::vec& x, const arma::vec& shift) {
  const arma::vec z = x - shift;
  BoundedPoint p;
  p.value = 0.0;
  p.gradient.zeros(z.n_elem);
  for (arma::uword i = 0; i + 1 < z.n_elem; ++i) {
    const double a = z(i + 1) - z(i) * z(i), b = 1.0 - z(i);
    p.value += 100.0 * a * a + b * b;
    p.gradient(i) += -400.0 * z(i) * a - 2.0 * b;
    p.gradient(i + 1) += 200.0 * a;
  }
  return p;
}

TEST(BoundedMinimizer, ReachesRosenbrocksMinimumInsideTheBox) {
  const arma::vec shift = {3.0, -1.0, 0.5, 2.0};
  const auto f = [&](const arma::vec& x) { return rosenbrock(x, shift); };
  const arma::vec x0 = shift + arma::vec{-1.2, 1.0, -0.5, 0.3};
  MinimizeOptions o;
  o.pgtol = 1e-9;
  o.factr = 10.0;
  const MinimizeResult r = minimize_bounded(f, x0, shift - 5.0, shift + 5.0, o);
  EXPECT_TRUE(r.converged) << r.message;
  EXPECT_LT(arma::abs(r.x - (shift + 1.0)).max(), 1e-5) << r.x.t();
  EXPECT_LT(r.value, 1e-10);
  EXPECT_GT(r.iterations, 5);
}

TEST(BoundedMinimizer, StopsOnAnActiveBoundWhereTheConstrainedMinimumIs) {
  // In z: z_1 <= 0.5 binds (the unconstrained minimum is z = (1, 1)); the constrained one is
  // z = (0.5, 0.25): there 100 (z_2 - z_1^2)^2 is 0 and d/dz_1 = -2 (1 - 0.5) = -1 < 0 pushes z_1 up
  // against its bound (Karush-Kuhn-Tucker).
  const arma::vec shift = {-2.0, 4.0};
  const auto f = [&](const arma::vec& x) { return rosenbrock(x, shift); };
  MinimizeOptions o;
  o.pgtol = 1e-10;
  o.factr = 10.0;
  const MinimizeResult r =
      minimize_bounded(f, shift + arma::vec{-1.0, 2.0}, shift + arma::vec{-2.0, -2.0}, shift + arma::vec{0.5, 2.0}, o);
  EXPECT_TRUE(r.converged) << r.message;
  EXPECT_EQ(r.x(0), shift(0) + 0.5);  // exactly on the bound
  EXPECT_NEAR(r.x(1), shift(1) + 0.25, 1e-6);
  EXPECT_NEAR(r.value, 0.25, 1e-10);
  EXPECT_NEAR(r.gradient(0), -1.0, 1e-5);
}

TEST(BoundedMinimizer, AStartOutsideTheBoxIsProjectedAndInfiniteBoundsAreNone) {
  const auto f = [](const arma::vec& x) {
    BoundedPoint p;
    p.value = arma::accu(arma::square(x - arma::vec{3.0, -7.0}));
    p.gradient = 2.0 * (x - arma::vec{3.0, -7.0});
    return p;
  };
  const MinimizeResult r = minimize_bounded(f, {50.0, 50.0}, {-INFINITY, -INFINITY}, {10.0, INFINITY});
  EXPECT_TRUE(r.converged) << r.message;
  EXPECT_NEAR(r.x(0), 3.0, 1e-6);
  EXPECT_NEAR(r.x(1), -7.0, 1e-6);
}

TEST(BoundedMinimizer, TheEvaluationCapIsReportedAsNotConverged) {
  const arma::vec shift = {0.0, 0.0};
  int calls = 0, reported = 0;
  const auto f = [&](const arma::vec& x) {
    ++calls;
    return rosenbrock(x, shift);
  };
  MinimizeOptions o;
  o.max_evaluations = 6;
  o.progress = [&](const MinimizeProgress& p) {
    ++reported;
    EXPECT_EQ(p.evaluation, reported);
  };
  const MinimizeResult r = minimize_bounded(f, {-1.2, 1.0}, {-5.0, -5.0}, {5.0, 5.0}, o);
  EXPECT_FALSE(r.converged);
  EXPECT_EQ(r.evaluations, 6);
  EXPECT_EQ(calls, 6);
  EXPECT_EQ(reported, 6);
  EXPECT_NE(r.message.find("6 evaluations (the limit)"), std::string::npos) << r.message;
  // The point returned is one the function was evaluated at, with its value and gradient.
  const BoundedPoint at = rosenbrock(r.x, shift);
  EXPECT_EQ(r.value, at.value);
  EXPECT_LT(r.value, rosenbrock({-1.2, 1.0}, shift).value);

  o.max_evaluations = 500;
  o.max_iterations = 3;
  reported = 0;
  const MinimizeResult it = minimize_bounded(f, {-1.2, 1.0}, {-5.0, -5.0}, {5.0, 5.0}, o);
  EXPECT_FALSE(it.converged);
  EXPECT_EQ(it.iterations, 3);
  EXPECT_NE(it.message.find("3 iterations (the limit)"), std::string::npos) << it.message;
}

TEST(BoundedMinimizer, AStartWhereTheFunctionIsNotDefinedIsRefused) {
  const auto f = [](const arma::vec&) {
    BoundedPoint p;
    p.ok = false;
    p.reason = "K + lambda I is not numerically positive definite";
    return p;
  };
  try {
    minimize_bounded(f, {0.0}, {-1.0}, {1.0});
    FAIL() << "no error";
  } catch (const NumericalError& e) {
    EXPECT_NE(std::string(e.what()).find("starting point"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("not numerically positive definite"), std::string::npos) << e.what();
  }
  // An infinite value or gradient counts the same as ok = false.
  const auto inf = [](const arma::vec&) {
    BoundedPoint p;
    p.value = INFINITY;
    p.gradient = {0.0};
    return p;
  };
  EXPECT_THROW(minimize_bounded(inf, {0.0}, {-1.0}, {1.0}), NumericalError);
}

TEST(BoundedMinimizer, PointsThatAreNotPointsAreNeverAccepted) {
  // (x - 2)^2 + (y + 1)^2 where x < 1 only: the box does not exclude the edge x = 1, and the
  // steps towards (2, -1) keep crossing it. Every accepted point must be one where the function
  // was defined. (A gradient method does not slide along such an edge: it stops near where it
  // first met it, here (1, -0.4), not at the edge's best point (1, -1).)
  int failed = 0;
  const auto f = [&](const arma::vec& x) {
    BoundedPoint p;
    if (x(0) >= 1.0) {
      ++failed;
      p.ok = false;
      p.reason = "outside the domain";
      return p;
    }
    p.value = (x(0) - 2) * (x(0) - 2) + (x(1) + 1) * (x(1) + 1);
    p.gradient = {2 * (x(0) - 2), 2 * (x(1) + 1)};
    return p;
  };
  double best_seen = INFINITY;
  MinimizeOptions o;
  o.progress = [&](const MinimizeProgress& p) {
    if (p.ok) best_seen = std::min(best_seen, p.value);
    EXPECT_TRUE(std::isfinite(p.best));
  };
  const MinimizeResult r = minimize_bounded(f, {-3.0, 2.0}, {-10.0, -10.0}, {10.0, 10.0}, o);
  EXPECT_LT(r.x(0), 1.0);
  EXPECT_GT(failed, 0);
  EXPECT_EQ(r.failed_evaluations, failed);
  EXPECT_TRUE(std::isfinite(r.value));
  EXPECT_EQ(r.value, f(r.x).value);
  EXPECT_LT(r.value, 1.5);  // from 34 at the start to 1.36 where it met the edge
}

TEST(BoundedMinimizer, TheFirstStepMovesEachVariableByAboutOneAtMost) {
  // 1000 ||x - 3||^2 from 0: the unscaled first step, the gradient step -g = 6000 per entry, is
  // cut at the box's corner (100); scaled by the start's gradient it is 1 per entry.
  const auto f = [](const arma::vec& x) {
    BoundedPoint p;
    p.value = 1000.0 * arma::accu(arma::square(x - 3.0));
    p.gradient = 2000.0 * (x - 3.0);
    return p;
  };
  for (bool scaled : {true, false}) {
    std::vector<arma::vec> points;
    MinimizeOptions o;
    o.scale_by_start_gradient = scaled;
    o.progress = [&](const MinimizeProgress& p) { points.push_back(*p.x); };
    const MinimizeResult r = minimize_bounded(f, {0.0, 0.0, 0.0}, {-100.0, -100.0, -100.0}, {100.0, 100.0, 100.0}, o);
    EXPECT_TRUE(r.converged) << r.message;
    EXPECT_LT(arma::abs(r.x - 3.0).max(), 1e-6);
    ASSERT_GE(points.size(), 2u);
    EXPECT_EQ(arma::abs(points[1]).max(), scaled ? 1.0 : 100.0) << points[1].t();
  }
}

TEST(BoundedMinimizer, MismatchedSizesAndEmptyBoxesAreProgrammingErrors) {
  const auto f = [](const arma::vec& x) { return BoundedPoint{0.0, arma::vec(x.n_elem, arma::fill::zeros)}; };
  EXPECT_THROW(minimize_bounded(f, {0.0, 0.0}, {-1.0}, {1.0, 1.0}), std::logic_error);
  EXPECT_THROW(minimize_bounded(f, {0.0}, {1.0}, {-1.0}), std::logic_error);
  EXPECT_THROW(minimize_bounded(f, {NAN}, {-1.0}, {1.0}), std::logic_error);
}

}  // namespace
}  // namespace kreg
