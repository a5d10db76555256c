// The kl1 and klinf homotopies against mathematics and an independent solver: the updatable
// Cholesky factor solves the submatrix systems that a fresh solve gives; every point of each
// path satisfies the KKT conditions of Allerbo (2023)'s eqs. alpha1 / alphainf and equals the
// FISTA solution.
#include <gtest/gtest.h>

#include <cmath>

#include "kreg/core/grid.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/linalg/updatable_cholesky.h"
#include "kreg/routes/train.h"
#include "kreg/solvers/l1_homotopy.h"
#include "kreg/solvers/linf_homotopy.h"
#include "kreg/solvers/penalized_path.h"
#include "kreg/solvers/proximal.h"
#include "test_data.h"

namespace kreg::test {
namespace {

TEST(UpdatableCholesky, AppendAndRemoveSolveTheSubmatrix) {
  arma::arma_rng::set_seed(3);
  const arma::mat B = arma::randn(30, 30);
  const arma::mat A = B * B.t() + 0.5 * arma::eye(30, 30);
  UpdatableCholesky chol;
  std::vector<arma::uword> set;
  auto append = [&](arma::uword i) {
    std::vector<double> col;
    for (arma::uword j : set) col.push_back(A(j, i));
    ASSERT_TRUE(chol.append(col.data(), A(i, i)));
    set.push_back(i);
  };
  auto check = [&] {
    const arma::uvec S(set);
    const arma::vec b = arma::linspace(1.0, 2.0, S.n_elem);
    arma::vec x(S.n_elem);
    chol.solve(b.memptr(), x.memptr());
    const arma::vec expected = arma::solve(arma::mat(A(S, S)), b);
    EXPECT_LT(arma::abs(x - expected).max(), 1e-10 * arma::abs(expected).max());
  };
  for (arma::uword i : {4u, 17u, 2u, 9u, 25u, 11u, 0u}) append(i);
  check();
  for (std::size_t pos : {2u, 0u, 4u}) {  // middle, first, last
    chol.remove(pos);
    set.erase(set.begin() + static_cast<long>(pos));
    check();
  }
  append(29);
  check();
  // A dependent column (a copy of index 17's) is refused, and the factor is unchanged.
  std::vector<double> col;
  for (arma::uword j : set) col.push_back(A(j, 17));
  EXPECT_FALSE(chol.append(col.data(), A(17, 17)));
  check();
}

// The halves of a solve carried through appends and removals: L z = b kept by forward_last and
// by the rotations of remove equals a fresh forward solve, and back_solve(z) solves A_SS x = b;
// solve_last_unit solves A_SS x = e_last.
TEST(UpdatableCholesky, CarriedForwardSolveMatchesAFreshOne) {
  arma::arma_rng::set_seed(5);
  const arma::mat B = arma::randn(40, 40);
  const arma::mat A = B * B.t() + 0.5 * arma::eye(40, 40);
  const arma::vec b_all = arma::randn(40);
  UpdatableCholesky chol;
  std::vector<arma::uword> set;
  std::vector<double> z;
  auto append = [&](arma::uword i) {
    std::vector<double> col;
    for (arma::uword j : set) col.push_back(A(j, i));
    ASSERT_TRUE(chol.append(col.data(), A(i, i)));
    set.push_back(i);
    z.push_back(chol.forward_last(z, b_all[i]));
  };
  auto check = [&] {
    const arma::uvec S(set);
    const arma::vec b = b_all(S);
    std::vector<double> fresh(S.n_elem);
    chol.forward_solve(b.memptr(), fresh.data());
    ASSERT_EQ(z.size(), S.n_elem);
    for (std::size_t q = 0; q < z.size(); ++q) EXPECT_NEAR(z[q], fresh[q], 1e-12 * (1.0 + std::abs(fresh[q])));
    arma::vec x(S.n_elem);
    chol.back_solve(z.data(), x.memptr());
    const arma::mat A_SS = A(S, S);
    const arma::vec expected = arma::solve(A_SS, b);
    EXPECT_LT(arma::abs(x - expected).max(), 1e-10 * arma::abs(expected).max());
    arma::vec e(S.n_elem, arma::fill::zeros);
    e[S.n_elem - 1] = 1.0;
    const arma::vec unit_expected = arma::solve(A_SS, e);
    chol.solve_last_unit(x.memptr());
    EXPECT_LT(arma::abs(x - unit_expected).max(), 1e-10 * arma::abs(unit_expected).max());
  };
  for (arma::uword i : {7u, 31u, 3u, 12u, 39u, 20u, 1u, 26u}) append(i);
  check();
  for (std::size_t pos : {3u, 0u, 5u}) {  // middle, first, last
    chol.remove(pos, &z);
    set.erase(set.begin() + static_cast<long>(pos));
    check();
  }
  append(15);
  check();
}

TEST(Homotopy, EveryGridPointIsOptimalAndEqualsFista) {
  const auto [K, y] = california_gaussian(200, 1.5);
  const double L = lipschitz_constant(K);
  for (const Penalty pen : {Penalty::kL1, Penalty::kLinf}) {
    const bool l1 = pen == Penalty::kL1;
    SCOPED_TRACE(l1 ? "kl1" : "klinf");
    const double top = std::log10(lambda_max(pen, y));
    const std::vector<double> grid = logspace(top - 0.01, top - 3.0, 40);
    const HomotopyResult path = l1 ? l1_homotopy(K, y, grid, 100000) : linf_homotopy(K, y, grid, 100000);
    ASSERT_EQ(path.reached, grid.size()) << path.stopped;
    EXPECT_GT(path.events, 100);
    FitSettings fista;
    fista.method = l1 ? "kl1" : "klinf";
    fista.solver = Solver::kFista;
    fista.tol = 1e-10;
    for (std::size_t g = 0; g < grid.size(); ++g) {
      const arma::vec& a = path.alpha[g];
      EXPECT_LE(kkt_violation(K * a, y, a, pen, grid[g]), 1e-9 * std::max(1.0, grid[g])) << "lambda " << grid[g];
      const ProxResult ref = solve_fista(K, L, y, pen, grid[g], fista, nullptr);
      ASSERT_TRUE(ref.converged);
      EXPECT_LE(arma::abs(K * a - K * ref.alpha).max(), 1e-7 * arma::abs(y).max()) << "lambda " << grid[g];
      EXPECT_NEAR(penalized_objective(K * a, y, a, pen, grid[g]), ref.objective, 1e-9 * std::abs(ref.objective));
    }
  }
}

// A flat kernel (bandwidth 10 on 8 standardised features): every free set's G = P^T K P is
// well conditioned, yet a path that moves on from the point where the previous structure met
// an event drifts off the path, event by event (a free |alpha_i| above m, a clipped point's
// multiplier below 0), and stopped after 10 of these 50 points (near lambda 60; `kreg path`
// then certified 10 of 50). Solved afresh at every event, it reaches the grid's end, every point
// a KKT point to the rounding of K alpha, the penalty m = ||alpha||_inf never falling.
TEST(Homotopy, LinfFollowsAFlatKernelToTheGridsEnd) {
  const auto [K, y] = california_gaussian(0, 10.0);
  const double top = std::log10(lambda_max(Penalty::kLinf, y));
  const std::vector<double> grid = logspace(top, top - 3.0, 50);
  const HomotopyResult path = linf_homotopy(K, y, grid, 50 * 300 + 100);
  ASSERT_EQ(path.reached, grid.size()) << path.stopped;
  const double max_abs_K = arma::abs(K).max();
  for (std::size_t g = 0; g < grid.size(); ++g) {
    const arma::vec& a = path.alpha[g];
    EXPECT_LE(kkt_violation(K * a, y, a, Penalty::kLinf, grid[g]), kkt_tolerance(1e-7, max_abs_K, a))
        << "lambda " << grid[g];
    if (g > 0) EXPECT_GE(arma::abs(a).max(), arma::abs(path.alpha[g - 1]).max()) << "lambda " << grid[g];
  }
}

// K = I: klinf clips y at the c with sum_i max(|y_i| - c, 0) = lambda (Allerbo (2023)'s closed form
// for a diagonal K); here y = (3, -1, 0.5), lambda = 2.5: 2.25 + 0.25 = 2.5 at c = 0.75.
TEST(Homotopy, LinfOnIdentityKernelClips) {
  const arma::mat K = arma::eye(3, 3);
  const arma::vec y = {3.0, -1.0, 0.5};
  const HomotopyResult path = linf_homotopy(K, y, {4.5, 2.5}, 100);
  ASSERT_EQ(path.reached, 2u);
  EXPECT_TRUE(arma::all(path.alpha[0] == 0.0));
  const arma::vec expected = {0.75, -0.75, 0.5};
  EXPECT_LT(arma::abs(path.alpha[1] - expected).max(), 1e-14);
}

// Responses with tied largest |y_i| (as capped responses give): several points join at once,
// and those whose direction runs against their sign must leave at once. Every grid point the
// homotopy reaches meets the KKT conditions; if exact ties make it cycle, it stops and says so,
// and the grid solver (fista after the homotopy) still certifies every point.
TEST(Homotopy, L1TiedLargestResponses) {
  arma::arma_rng::set_seed(5);
  const arma::mat Z = arma::randn(60, 2);
  KernelSettings ks;
  ks.set("bandwidth", 0.4);
  const arma::mat K = gram(make_kernel(ks), Z);
  arma::vec y = arma::randn(60);
  y(arma::uvec{3, 17, 41}).fill(arma::abs(y).max() + 0.5);
  y(29) = -(arma::abs(y).max());
  const double top = arma::abs(y).max();
  const std::vector<double> grid = {std::nextafter(top, 0.0), 0.999 * top, 0.9 * top, 0.5 * top, 0.2 * top};
  const HomotopyResult path = l1_homotopy(K, y, grid, 100000);
  EXPECT_GE(path.reached, 3u) << path.stopped;
  EXPECT_EQ(path.stopped.empty(), path.reached == grid.size());
  for (std::size_t g = 0; g < path.reached; ++g)
    EXPECT_LE(kkt_violation(K * path.alpha[g], y, path.alpha[g], Penalty::kL1, grid[g]), 1e-9) << "lambda " << grid[g];
  FitSettings s;
  s.method = "kl1";
  const auto solved = homotopy_grid(K, y, Penalty::kL1, grid, s);
  for (std::size_t g = 0; g < grid.size(); ++g)
    EXPECT_TRUE(solved[g].converged) << "lambda " << grid[g] << " kkt " << solved[g].kkt << " reached " << path.reached
                                     << " " << path.stopped;
}

TEST(Homotopy, L1GridAboveLambdaMaxGivesZero) {
  const arma::mat K = arma::eye(3, 3);
  const arma::vec y = {0.5, -2.0, 1.0};
  const HomotopyResult path = l1_homotopy(K, y, {5.0, 2.0, 1.5}, 100);
  ASSERT_EQ(path.reached, 3u);
  EXPECT_TRUE(arma::all(path.alpha[0] == 0.0));
  EXPECT_TRUE(arma::all(path.alpha[1] == 0.0));
  // K = I: soft thresholding of y at 1.5.
  EXPECT_NEAR(path.alpha[2](1), -0.5, 1e-15);
  EXPECT_EQ(path.alpha[2](0), 0.0);
  EXPECT_EQ(path.alpha[2](2), 0.0);
}

// Where the exact path stops on a numerically singular kernel matrix (a wide bandwidth, a small
// lambda) and lambda lies below the level where no minimiser is determinable in double precision
// (numerical_range.h), the fit is not solved and its warning says why: the advice is a
// better-posed problem rather than more iterations. A well-posed fit of the same data converges
// silently.
TEST(Homotopy, SingularStopIsReportedWithTheFitsWarning) {
  const Dataset tr = sine("train");
  FitSettings s;
  s.method = "kl1";
  s.kernel.set("bandwidth", 2.0);
  s.lambda = 1e-2;
  s.max_iter = 300;
  const Model wide = train(tr, s);
  EXPECT_FALSE(wide.summary.converged);
  ASSERT_EQ(wide.warnings.size(), 1u);
  const std::string& w = wide.warnings.front();
  EXPECT_NE(w.find("kl1 was not solved at lambda 0.01: every minimiser"), std::string::npos) << w;
  EXPECT_NE(w.find("active points is numerically singular at lambda"), std::string::npos) << w;
  EXPECT_NE(w.find("a smaller --bandwidth or a larger --lambda"), std::string::npos) << w;
  EXPECT_EQ(w.find("raise --max-iter"), std::string::npos) << w;

  s.kernel.set("bandwidth", 0.1);
  const Model narrow = train(tr, s);
  EXPECT_TRUE(narrow.summary.converged) << "KKT violation " << narrow.summary.kkt_violation;
  EXPECT_TRUE(narrow.warnings.empty());
}

}  // namespace
}  // namespace kreg::test
