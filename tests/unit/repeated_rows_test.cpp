// Repeated feature rows and the lambda below which kl1 / klinf have no minimiser
// (repeated_rows.h). The bound is checked against an enumeration of the directions that
// repeated rows give, and against the solver: just above it FISTA meets the KKT conditions,
// just below it the objective falls without bound along a direction with K d = 0.
#include "kreg/solvers/repeated_rows.h"

#include <gtest/gtest.h>

#include <random>

#include "kreg/kernels/gram.h"
#include "kreg/solvers/penalized_path.h"

namespace kreg::test {
namespace {

// Seven one-dimensional points in groups {0, 1}, {2}, {3, 4, 5}, {6}; responses drawn once.
struct Problem {
  arma::mat Z;
  arma::vec y;
  arma::mat K;
  std::vector<std::vector<arma::uword>> groups;
};

Problem problem() {
  Problem p;
  p.Z = arma::mat({0.0, 0.0, 1.0, 2.0, 2.0, 2.0, 3.0}).t();
  std::mt19937_64 rng(11);
  p.y.set_size(7);
  for (auto& v : p.y) v = 4.0 * (static_cast<double>(rng() >> 11) * 0x1.0p-53) - 2.0;
  KernelSettings ks;
  ks.set("bandwidth", 0.8);
  p.K = gram(make_kernel(ks), p.Z);
  p.groups = {{0, 1}, {2}, {3, 4, 5}, {6}};
  return p;
}

// Every d in {-1, 0, 1}^n that sums to zero within each group: the vertices of
// {||d||_inf <= 1, d sums to zero per group} (one equation per group with integer data).
std::vector<arma::vec> zero_sum_sign_vectors(const Problem& p) {
  std::vector<arma::vec> out;
  const arma::uword n = p.y.n_elem;
  long total = 1;
  for (arma::uword i = 0; i < n; ++i) total *= 3;
  for (long code = 0; code < total; ++code) {
    arma::vec d(n);
    long c = code;
    for (arma::uword i = 0; i < n; ++i, c /= 3) d[i] = static_cast<double>(c % 3) - 1.0;
    bool zero_sums = true;
    for (const auto& g : p.groups) {
      double s = 0.0;
      for (arma::uword i : g) s += d[i];
      zero_sums = zero_sums && s == 0.0;
    }
    if (zero_sums) out.push_back(d);
  }
  return out;
}

double objective(const Problem& p, const arma::vec& a, Penalty pen, double lambda) {
  return penalized_objective(p.K * a, p.y, a, pen, lambda);
}

TEST(RepeatedRows, CountsRepeatsAndNothingWithoutThem) {
  const Problem p = problem();
  EXPECT_EQ(repeated_rows(p.Z, p.y, Penalty::kL1).repeats, 3u);
  const arma::mat distinct = arma::regspace(0.0, 6.0);
  for (Penalty pen : {Penalty::kL1, Penalty::kLinf}) {
    const RepeatedRows r = repeated_rows(distinct, p.y, pen);
    EXPECT_EQ(r.repeats, 0u);
    EXPECT_EQ(r.lambda_unbounded, 0.0);
  }
  // Repeated rows with equal responses give no direction of descent.
  const arma::vec same = {1.0, 1.0, 0.5, -2.0, -2.0, -2.0, 3.0};
  EXPECT_EQ(repeated_rows(p.Z, same, Penalty::kLinf).lambda_unbounded, 0.0);
  EXPECT_EQ(repeated_rows(p.Z, same, Penalty::kL1).lambda_unbounded, 0.0);
}

TEST(RepeatedRows, LinfBoundIsTheLargestGainPerUnitOfPenaltyOverTheRepeatedDirections) {
  const Problem p = problem();
  double best = 0.0;  // sup y^T d / ||d||_inf, by enumeration of the vertices
  for (const arma::vec& d : zero_sum_sign_vectors(p)) best = std::max(best, arma::dot(p.y, d));
  EXPECT_NEAR(repeated_rows(p.Z, p.y, Penalty::kLinf).lambda_unbounded, best, 1e-12);
}

TEST(RepeatedRows, L1BoundIsTheLargestGainPerUnitOfPenaltyOverTheRepeatedDirections) {
  const Problem p = problem();
  // The l1 ball's directions that sum to zero per group have vertices (e_i - e_j) / 2 with i, j
  // in one group; any zero-sum d is a non-negative combination of such pairs with the same l1
  // norm, so the supremum is over pairs.
  double best = 0.0;
  for (const auto& g : p.groups)
    for (arma::uword i : g)
      for (arma::uword j : g) best = std::max(best, (p.y[i] - p.y[j]) / 2.0);
  EXPECT_NEAR(repeated_rows(p.Z, p.y, Penalty::kL1).lambda_unbounded, best, 1e-12);
}

TEST(RepeatedRows, SolverConvergesJustAboveTheBoundAndTheObjectiveFallsJustBelow) {
  const Problem p = problem();
  for (Penalty pen : {Penalty::kL1, Penalty::kLinf}) {
    const double bound = repeated_rows(p.Z, p.y, pen).lambda_unbounded;
    ASSERT_GT(bound, 0.0);
    FitSettings s;
    s.tol = 1e-9;
    const ProxResult above = solve_fista(p.K, lipschitz_constant(p.K), p.y, pen, 1.05 * bound, s, nullptr);
    EXPECT_TRUE(above.converged) << "KKT violation " << above.kkt;

    // Below: the direction achieving the supremum has K d = 0 (identical columns), so
    // f(s d) = s (lambda P(d) - y^T d) falls linearly in s.
    arma::vec d(p.y.n_elem, arma::fill::zeros);
    if (pen == Penalty::kLinf) {
      for (const arma::vec& v : zero_sum_sign_vectors(p))
        if (arma::dot(p.y, v) > arma::dot(p.y, d)) d = v;
    } else {
      for (const auto& g : p.groups)
        for (arma::uword i : g)
          for (arma::uword j : g)
            if ((p.y[i] - p.y[j]) / 2.0 > arma::dot(p.y, d)) {
              d.zeros();
              d[i] = 0.5;
              d[j] = -0.5;
            }
    }
    ASSERT_LT(arma::abs(p.K * d).max(), 1e-15);  // zero up to the order of summation
    const double lambda = 0.95 * bound;
    const double f1 = objective(p, 1e3 * d, pen, lambda), f2 = objective(p, 2e3 * d, pen, lambda);
    EXPECT_LT(f1, -0.04 * bound * 1e3);              // P(d) = 1 and y^T d = bound: f(s d) = -0.05 s bound
    EXPECT_NEAR(f2, 2.0 * f1, 1e-9 * std::abs(f1));  // linear in s: no minimiser
  }
}

}  // namespace
}  // namespace kreg::test
