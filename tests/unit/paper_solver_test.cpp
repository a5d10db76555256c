// The authors' fixed-step solver (paper_solver.h) against its closed form on a diagonal kernel,
// its start and stopping rule, and the batched lambdas against one lambda at a time.
// The numpy reference of the whole grid search is tests/cli/paper_solver_reference_test.cpp.
#include "kreg/solvers/paper_solver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "kreg/kernels/gram.h"

namespace kreg::test {
namespace {

arma::vec random_targets(arma::uword n, unsigned seed) {
  std::mt19937_64 rng(seed);
  arma::vec y(n);
  for (auto& v : y) v = 6.0 * (static_cast<double>(rng() >> 11) * 0x1.0p-53) - 3.0;
  return y;
}

arma::mat gaussian_gram(const arma::mat& X, double bandwidth) {
  KernelSettings ks;
  ks.set("bandwidth", bandwidth);
  return gram(make_kernel(ks), X);
}

double soft(double v, double t) { return std::abs(v) > t ? std::copysign(std::abs(v) - t, v) : 0.0; }

TEST(PaperSolver, L1OnIdentityKernelFollowsItsClosedForm) {
  // K = I: alpha_k = prox_{eta lambda}((1 - eta) alpha_{k-1} + eta y) from 0 gives
  // alpha_k = (1 - (1 - eta)^k) S_lambda(y) exactly (S = soft-thresholding; by induction, the
  // sign of each entry never changes). It stops at the first k with
  // |alpha_{k-1,i} - alpha_k,i| <= tol (1 + |alpha_k,i|) for all i (alpha_0 taken as ones).
  const arma::uword n = 20;
  const arma::mat K = arma::eye(n, n);
  const arma::vec y = random_targets(n, 11);
  const double eta = 0.1, lambda = 0.7, tol = 1e-4;
  auto closed = [&](long k, arma::uword i) { return (1.0 - std::pow(1.0 - eta, k)) * soft(y[i], lambda); };
  long expected_k = 0;
  for (long k = 1; k <= 1000 && expected_k == 0; ++k) {
    bool agree = true;
    for (arma::uword i = 0; i < n; ++i) {
      const double previous = k == 1 ? 1.0 : closed(k - 1, i);
      agree = agree && std::abs(previous - closed(k, i)) <= tol + tol * std::abs(closed(k, i));
    }
    if (agree) expected_k = k;
  }
  ASSERT_GT(expected_k, 10);
  const ProxResult r = solve_paper_grid(K, y, Penalty::kL1, {lambda}, eta, 1000, tol).front();
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.iterations, expected_k);
  for (arma::uword i = 0; i < n; ++i) EXPECT_NEAR(r.alpha[i], closed(expected_k, i), 1e-12) << i;
}

TEST(PaperSolver, AFirstStepToZeroIsComparedWithOnesSoItStopsAtTheSecond) {
  // lambda >= max|y|: alpha_1 = S_{eta lambda}(eta y) = 0, which is not "close" to the initial
  // ones; alpha_2 = 0 = alpha_1 is, so the authors' loop ends after two steps.
  const arma::mat X = arma::regspace(0.0, 0.5, 9.5);
  const arma::mat K = gaussian_gram(X, 1.0);
  const arma::vec y = random_targets(X.n_rows, 3);
  for (Penalty pen : {Penalty::kL1, Penalty::kLinf}) {
    const double lambda = 1.01 * lambda_max(pen, y);
    const ProxResult r = solve_paper_grid(K, y, pen, {lambda}, 1e-3, 1000, 1e-4).front();
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(r.iterations, 2);
    EXPECT_EQ(arma::accu(r.alpha != 0.0), 0u);
  }
}

TEST(PaperSolver, StopsAtTheCapUnconverged) {
  const arma::mat X = arma::regspace(0.0, 0.5, 9.5);
  const arma::mat K = gaussian_gram(X, 1.0);
  const arma::vec y = random_targets(X.n_rows, 4);
  const ProxResult r = solve_paper_grid(K, y, Penalty::kL1, {1e-3}, 1e-3, 5, 1e-4).front();
  EXPECT_FALSE(r.converged);
  EXPECT_EQ(r.iterations, 5);
}

TEST(PaperSolver, LambdasIteratedTogetherEqualEachRunAlone) {
  const arma::mat X = arma::regspace(0.0, 0.25, 9.75);
  const arma::mat K = gaussian_gram(X, 0.7);
  const arma::vec y = random_targets(X.n_rows, 9);
  for (Penalty pen : {Penalty::kL1, Penalty::kLinf}) {
    const double top = lambda_max(pen, y);
    const std::vector<double> lambdas = {1.2 * top, 0.3 * top, 0.05 * top, 1e-3 * top, 1e-6 * top};
    const std::vector<ProxResult> together = solve_paper_grid(K, y, pen, lambdas, 1e-2, 400, 1e-4);
    ASSERT_EQ(together.size(), lambdas.size());
    for (std::size_t j = 0; j < lambdas.size(); ++j) {
      SCOPED_TRACE(j);
      const ProxResult alone = solve_paper_grid(K, y, pen, {lambdas[j]}, 1e-2, 400, 1e-4).front();
      EXPECT_EQ(together[j].iterations, alone.iterations);
      EXPECT_EQ(together[j].converged, alone.converged);
      EXPECT_LE(arma::abs(together[j].alpha - alone.alpha).max(), 1e-12 * (1.0 + arma::abs(alone.alpha).max()));
    }
  }
}

}  // namespace
}  // namespace kreg::test
