// l1- and l_inf-penalised kernel regression (Allerbo 2023, eqs. alpha1 and alphainf): closed forms
// for a diagonal K, and the optimality (KKT) conditions at every point of a warm-started path
// on real data, checked here from their definitions.
#include "kreg/solvers/proximal.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "kreg/core/grid.h"
#include "kreg/data/csv_table.h"
#include "kreg/data/dataset.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/solvers/penalized_path.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// Diagonal K (points 1 apart, bandwidth 0.01) with k_ii = 1: both problems separate.
struct DiagonalProblem {
  arma::mat K;
  arma::vec y;
};

DiagonalProblem diagonal_problem() {
  DiagonalProblem p;
  const arma::mat X = arma::regspace(0.0, 24.0);
  KernelSettings ks;
  ks.set("bandwidth", 0.01);
  p.K = gram(make_kernel(ks), X);
  std::mt19937_64 rng(5);
  p.y.set_size(25);
  for (auto& v : p.y) v = 6.0 * (static_cast<double>(rng() >> 11) * 0x1.0p-53) - 3.0;
  return p;
}

TEST(Proximal, L1OnDiagonalKernelIsSoftThresholding) {
  // Objective sum_i 1/2 k_ii a_i^2 - y_i a_i + lambda |a_i|: a_i = sign(y_i) max(|y_i| - lambda, 0) / k_ii.
  const DiagonalProblem p = diagonal_problem();
  ASSERT_TRUE(p.K.is_diagmat());
  FitSettings s;
  s.tol = 1e-12;  // KKT violation; the closed forms are compared to 1e-9
  for (double lambda : {0.1, 1.0, 2.5}) {
    const ProxResult r = solve_fista(p.K, lipschitz_constant(p.K), p.y, Penalty::kL1, lambda, s, nullptr);
    ASSERT_TRUE(r.converged);
    for (arma::uword i = 0; i < p.y.n_elem; ++i) {
      const double expected = (p.y(i) > 0 ? 1.0 : -1.0) * std::max(std::abs(p.y(i)) - lambda, 0.0) / p.K(i, i);
      EXPECT_NEAR(r.alpha(i), expected, 1e-9);
    }
  }
}

TEST(Proximal, LinfOnDiagonalKernelIsClipping) {
  // Objective sum_i (1/2 k_ii a_i^2 - y_i a_i) + lambda max_i |a_i|. At the optimum with
  // ||a||_inf = c, a_i = sign(y_i/k_ii) min(c, |y_i/k_ii|): the unclipped coordinates have
  // zero residual, the clipped ones r_i = y_i - k_ii c sign(y_i) = sign(y_i) k_ii (|y_i/k_ii| - c),
  // and the KKT condition ||r||_1 = lambda gives sum_i k_ii max(|y_i/k_ii| - c, 0) = lambda,
  // a decreasing function of c solved here by bisection (alpha = 0 when sum |y_i| <= lambda).
  const DiagonalProblem p = diagonal_problem();
  FitSettings s;
  s.tol = 1e-12;
  const arma::vec ratio = p.y / p.K.diag();
  for (double lambda : {0.5, 5.0, 20.0}) {
    auto excess = [&](double c) {
      double e = 0.0;
      for (arma::uword i = 0; i < ratio.n_elem; ++i) e += p.K(i, i) * std::max(std::abs(ratio(i)) - c, 0.0);
      return e;
    };
    double lo = 0.0, hi = arma::abs(ratio).max();
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (lo + hi);
      (excess(mid) > lambda ? lo : hi) = mid;
    }
    const double c = 0.5 * (lo + hi);
    const ProxResult r = solve_fista(p.K, lipschitz_constant(p.K), p.y, Penalty::kLinf, lambda, s, nullptr);
    ASSERT_TRUE(r.converged);
    for (arma::uword i = 0; i < p.y.n_elem; ++i) {
      const double expected = (ratio(i) > 0 ? 1.0 : -1.0) * std::min(c, std::abs(ratio(i)));
      EXPECT_NEAR(r.alpha(i), expected, 1e-9) << "lambda " << lambda << ", i " << i;
    }
  }
}

TEST(Proximal, KktHoldsAtEveryPointOfAPath) {
  const Dataset d = california("train", 150);
  for (const char* method : {"kl1", "klinf"}) {
    SCOPED_TRACE(method);
    FitSettings s;
    s.method = method;
    s.kernel.set("bandwidth", 2.0);
    const Standardization st = fit_standardization(d.X, d.y, s.standardize);
    const arma::mat K = gram(make_kernel(s.kernel), st.transform_features(d.X));
    const arma::vec y = st.transform_target(d.y);
    const double top = std::log10(lambda_max(penalty_of(method), y));
    const auto path = penalized_path(d, nullptr, s, logspace(top, top - 2.5, 30), true, homotopy_grid);
    ASSERT_EQ(path.size(), 30u);
    std::size_t sparse_points = 0;
    for (const auto& p : path) {
      EXPECT_TRUE(p.converged);
      const arma::vec& a = p.alpha;
      const arma::vec r = y - K * a;
      const double lambda = p.value;
      if (std::string(method) == "kl1") {
        for (arma::uword i = 0; i < a.n_elem; ++i) {
          if (a(i) == 0.0)
            EXPECT_LE(std::abs(r(i)), lambda + 1e-6);
          else
            EXPECT_NEAR(r(i), lambda * (a(i) > 0 ? 1.0 : -1.0), 1e-6);
        }
        sparse_points += arma::accu(a == 0.0) > 0;
      } else {
        const double m = arma::abs(a).max();
        if (m == 0.0) {
          EXPECT_LE(arma::accu(arma::abs(r)), lambda + 1e-6);
          continue;
        }
        for (arma::uword i = 0; i < a.n_elem; ++i) {
          if (std::abs(a(i)) < m)
            EXPECT_NEAR(r(i), 0.0, 1e-6);
          else
            EXPECT_GE(r(i) * (a(i) > 0 ? 1.0 : -1.0), -1e-6);
        }
        EXPECT_NEAR(arma::accu(arma::abs(r)), lambda, 1e-6);
      }
    }
    if (std::string(method) == "kl1") EXPECT_GT(sparse_points, 20u);  // the l1 path is sparse
  }
}

TEST(Proximal, ProxOperatorsAgreeWithTheirDefinitions) {
  const arma::vec v = {3.0, -1.0, 0.5, -2.5, 0.0};
  EXPECT_TRUE(arma::approx_equal(prox_l1(v, 1.0), arma::vec({2.0, 0.0, 0.0, -1.5, 0.0}), "absdiff", 0.0));
  // prox of tau ||.||_inf: v - projection on the l1 ball of radius tau. With tau = 1.5 the
  // projection subtracts theta = 2 from |3| and |-2.5| (1 + 0.5 = 1.5): prox = clip at 2.
  EXPECT_TRUE(arma::approx_equal(prox_linf(v, 1.5), arma::vec({2.0, -1.0, 0.5, -2.0, 0.0}), "absdiff", 1e-15));
  EXPECT_TRUE(arma::approx_equal(prox_linf(v, 100.0), arma::vec(5, arma::fill::zeros), "absdiff", 0.0));
}

}  // namespace
}  // namespace kreg::test
