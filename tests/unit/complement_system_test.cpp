// Solves with a principal block of K through K^{-1} (kreg/linalg/complement_system.h), and the
// homotopies' late phase that uses them: checked against the block's own equations and against
// the same paths solved with a factor of the block.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "kreg/core/grid.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/column_sums.h"
#include "kreg/linalg/complement_system.h"
#include "kreg/solvers/l1_homotopy.h"
#include "kreg/solvers/linf_homotopy.h"
#include "kreg/solvers/proximal.h"
#include "test_data.h"

namespace kreg::test {
namespace {

// For each complement I reached by reset, add and remove: x = r + G_{:,I} w with
// G_II w = -r_I and r = G b~ must satisfy K_AA x_A = b_A, x_I = 0 and w_I = K_IA x_A.
TEST(ComplementSystem, SolvesThePrincipalBlockThroughTheInverse) {
  arma::arma_rng::set_seed(11);
  const arma::uword n = 40;
  const arma::mat B = arma::randn(n, n);
  const arma::mat K = B * B.t() + 0.5 * arma::eye(n, n);
  ComplementSystem cs;
  ASSERT_TRUE(cs.start(K, 1e-12));
  EXPECT_LT(arma::abs(cs.inverse() * K - arma::eye(n, n)).max(), 1e-10);
  auto check = [&] {
    const std::vector<arma::uword>& I = cs.complement();
    std::vector<char> in_I(n, 0);
    for (arma::uword i : I) in_I[i] = 1;
    std::vector<arma::uword> A;
    for (arma::uword i = 0; i < n; ++i)
      if (!in_I[i]) A.push_back(i);
    const arma::uvec Au(A), Iu(I);
    arma::vec b_full(n, arma::fill::zeros);
    const arma::vec b = arma::linspace(-1.0, 2.0, A.size());
    b_full(Au) = b;
    const arma::vec r = cs.inverse() * b_full;
    arma::vec r_I(I.size()), w(I.size());
    for (std::size_t k = 0; k < I.size(); ++k) r_I[k] = -r[I[k]];
    cs.solve_small(r_I.memptr(), w.memptr());
    arma::vec x = r;
    cs.add_columns(w.memptr(), x.memptr());
    const arma::vec x_A = x(Au);
    EXPECT_LT(arma::abs(K(Au, Au) * x_A - b).max(), 1e-9 * arma::abs(b).max());
    if (!I.empty()) {
      EXPECT_LT(arma::abs(x(Iu)).max(), 1e-9 * arma::abs(x_A).max());
      EXPECT_LT(arma::abs(K(Iu, Au) * x_A - w).max(), 1e-9 * arma::abs(b).max());
    }
  };
  ASSERT_TRUE(cs.reset({3, 17, 5, 30}));
  check();
  ASSERT_TRUE(cs.add(22));
  ASSERT_TRUE(cs.add(0));
  check();
  cs.remove(17);  // a middle position
  check();
  cs.remove(3);  // the first
  cs.remove(0);  // the last
  check();
  ASSERT_TRUE(cs.reset({}));
  check();  // A = everything: x = K^{-1} b
}

TEST(ComplementSystem, RefusesASingularOrIllConditionedKernel) {
  arma::arma_rng::set_seed(12);
  const arma::mat X = arma::randn(30, 3);
  ComplementSystem cs;
  EXPECT_FALSE(cs.start(X * X.t(), 1e-10));  // rank 3
  const arma::mat B = arma::randn(30, 30);
  arma::mat K = B * B.t();
  EXPECT_TRUE(cs.start(K + arma::eye(30, 30), 1e-10));
  arma::vec e;
  arma::mat V;
  arma::eig_sym(e, V, K);
  e[0] = 1e-12 * e.max();  // condition number 1e12
  K = V * arma::diagmat(e) * V.t();
  K = 0.5 * (K + K.t());
  EXPECT_FALSE(cs.start(K, 1e-10));
}

// Above kPassThreadsFrom entries the sums over the complement's columns are shared among threads
// in row pieces: the same bits on one thread and on two.
TEST(ComplementSystem, GivesTheSameBitsOnOneThreadAndOnTwo) {
  arma::arma_rng::set_seed(12);
  const arma::uword n = 2100, m = 1100;  // n m > 2^21
  const arma::mat B = arma::randn(n, 40);
  const arma::mat K = B * B.t() + static_cast<double>(n) * arma::eye(n, n);
  ComplementSystem cs;
  ASSERT_TRUE(cs.start(K, 1e-12));
  std::vector<arma::uword> I;
  for (arma::uword i = 0; i < m; ++i) I.push_back((11 * i) % n);  // 11 is prime to n: distinct points
  ASSERT_TRUE(cs.reset(I));
  ASSERT_GE(static_cast<double>(n) * static_cast<double>(m), kPassThreadsFrom);
  const arma::vec w = arma::randn(m), w2 = arma::randn(m);
  std::vector<arma::vec> got;
  for (int threads : {1, 2}) {
    set_compute_threads(threads);
    arma::vec x(n, arma::fill::ones), y(n, arma::fill::ones), z(n, arma::fill::zeros);
    cs.add_columns(w.memptr(), x.memptr());
    cs.add_columns_pair(w.memptr(), w2.memptr(), y.memptr(), z.memptr());
    got.insert(got.end(), {x, y, z});
  }
  set_compute_threads(1);
  for (int k = 0; k < 3; ++k) EXPECT_TRUE(arma::all(got[k] == got[k + 3])) << "output " << k;
  EXPECT_TRUE(arma::all(got[0] == got[1]));  // the pair's first sum is the single one
  const arma::vec expected = 1.0 + cs.inverse().cols(arma::uvec(I)) * w;
  EXPECT_LT(arma::abs(got[0] - expected).max(), 1e-12 * arma::abs(expected).max());
}

TEST(ColumnSums, PairOfWeightedColumnSumsEqualsTwoSingleOnes) {
  arma::arma_rng::set_seed(13);
  const arma::mat M = arma::randn(37, 20);
  const std::vector<arma::uword> cols = {3, 0, 19, 7, 7, 12, 5};  // 7: one pass of four and three left over
  const arma::vec w1 = arma::randn(cols.size()), w2 = arma::randn(cols.size());
  arma::vec a1 = arma::randn(37), a2 = arma::randn(37);
  arma::vec b1 = a1, b2 = a2;
  add_weighted_columns(M, cols.data(), w1.memptr(), cols.size(), a1.memptr());
  add_weighted_columns(M, cols.data(), w2.memptr(), cols.size(), a2.memptr());
  add_weighted_columns_pair(M, cols.data(), w1.memptr(), w2.memptr(), cols.size(), b1.memptr(), b2.memptr());
  EXPECT_LT(arma::abs(a1 - b1).max(), 1e-14 * arma::abs(a1).max());
  EXPECT_LT(arma::abs(a2 - b2).max(), 1e-14 * arma::abs(a2).max());
  arma::vec expected1 = arma::zeros(37);
  for (std::size_t q = 0; q < cols.size(); ++q) expected1 += w1[q] * M.col(cols[q]);
  arma::vec zero1 = arma::zeros(37), zero2 = arma::zeros(37);
  add_weighted_columns_pair(M, cols.data(), w1.memptr(), w2.memptr(), cols.size(), zero1.memptr(), zero2.memptr());
  EXPECT_LT(arma::abs(zero1 - expected1).max(), 1e-13 * arma::abs(expected1).max());
}

// The late phase forced on 200 rows (it starts at 1,000 by default), from a clipped or inactive
// set of 80% of the rows (40% by default): both paths take it, every
// grid point is a KKT point, and they equal the paths solved with the factor of the block alone.
TEST(Homotopy, LatePhaseFollowsTheSamePath) {
  const auto [K, y] = california_gaussian(200, 1.5);
  LatePhase forced;
  forced.min_rows = 0;
  forced.set_fraction = 0.8;
  LatePhase never;
  never.min_rcond = 2.0;  // no reciprocal condition number is above 1
  for (const Penalty pen : {Penalty::kL1, Penalty::kLinf}) {
    const bool l1 = pen == Penalty::kL1;
    SCOPED_TRACE(l1 ? "kl1" : "klinf");
    const double top = std::log10(lambda_max(pen, y));
    const std::vector<double> grid = logspace(top - 0.01, top - 3.0, 30);
    const HomotopyResult late = l1 ? l1_homotopy(K, y, grid, 100000, forced) : linf_homotopy(K, y, grid, 100000, forced);
    const HomotopyResult block = l1 ? l1_homotopy(K, y, grid, 100000, never) : linf_homotopy(K, y, grid, 100000, never);
    ASSERT_EQ(late.reached, grid.size()) << late.stopped;
    ASSERT_EQ(block.reached, grid.size()) << block.stopped;
    EXPECT_GT(late.late_from, 0);
    EXPECT_GT(late.events - late.late_from, late.events / 3) << "the late phase should carry a good part of the path";
    EXPECT_EQ(block.late_from, -1);
    for (std::size_t g = 0; g < grid.size(); ++g) {
      const arma::vec& a = late.alpha[g];
      EXPECT_LE(kkt_violation(K * a, y, a, pen, grid[g]), 1e-9 * std::max(1.0, grid[g])) << "lambda " << grid[g];
      EXPECT_LE(arma::abs(a - block.alpha[g]).max(), 1e-8 * std::max(1.0, arma::abs(block.alpha[g]).max()))
          << "lambda " << grid[g];
    }
  }
}

}  // namespace
}  // namespace kreg::test
