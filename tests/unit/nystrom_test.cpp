// The Nystrom solver (solvers/nystrom.h): its conjugate gradients reach the dense direct solve
// of the same Nystrom system (tests/fixtures/make_nystrom_fixture.py, numpy), all rows as
// centres give exact kernel ridge regression, and the result does not depend on the thread
// count or on a warm start.
#include "kreg/solvers/nystrom.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/solvers/krr.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

Kernel gaussian(double bandwidth) {
  KernelSettings k;
  k.name = "gaussian";
  k.set("bandwidth", bandwidth);
  return make_kernel(k);
}

double relative_difference(const arma::vec& a, const arma::vec& b) {
  return arma::max(arma::abs(a - b)) / arma::max(arma::abs(b));
}

struct Fixture {
  arma::mat X;
  arma::vec y, fitted, alpha;
  arma::uvec centres;
};

Fixture read_fixture() {
  arma::mat rows, alpha_rows;
  EXPECT_TRUE(
      rows.load(arma::csv_name(source_path("tests/fixtures/nystrom_fixture.csv"), arma::csv_opts::with_header)));
  EXPECT_TRUE(
      alpha_rows.load(arma::csv_name(source_path("tests/fixtures/nystrom_alpha.csv"), arma::csv_opts::with_header)));
  Fixture f;
  f.X = rows.cols(0, 2);
  f.y = rows.col(3);
  f.centres = arma::find(rows.col(4) == 1.0);
  f.fitted = rows.col(5);
  f.alpha = alpha_rows.col(1);
  EXPECT_EQ(f.centres.n_elem, 60u);
  EXPECT_TRUE(arma::all(arma::conv_to<arma::uvec>::from(alpha_rows.col(0)) == f.centres));
  return f;
}

TEST(Nystrom, ConjugateGradientsReachTheDenseSolveOfTheNystromSystem) {
  const Fixture f = read_fixture();
  NystromOptions opt;
  opt.lambda = 0.05;
  opt.tol = 1e-10;
  const NystromSolution s = solve_nystrom(gaussian(1.2), f.X, f.y, f.X.rows(f.centres), opt);
  EXPECT_TRUE(s.converged);
  // tol bounds the preconditioned residual; the residual of the normal equations themselves
  // is of the same order (cond(H) = 3e7 here).
  EXPECT_LE(s.relative_residual, 1e-9);
  EXPECT_LT(relative_difference(s.fitted, f.fitted), 1e-6);
  EXPECT_LT(relative_difference(s.alpha, f.alpha), 1e-6);
  // The default tolerance (1e-8) is already within 1e-6 of the direct solve's fitted values.
  opt.tol = 1e-8;
  const NystromSolution d = solve_nystrom(gaussian(1.2), f.X, f.y, f.X.rows(f.centres), opt);
  EXPECT_LT(relative_difference(d.fitted, f.fitted), 1e-6);
}

// Stopped short of tol (two iterations here), the solver falls back on the direct solution in
// K_mm's eigenbasis, which reaches the dense solve too.
TEST(Nystrom, DirectFallbackReachesTheDenseSolve) {
  const Fixture f = read_fixture();
  NystromOptions opt;
  opt.lambda = 0.05;
  opt.max_iter = 2;
  const NystromSolution s = solve_nystrom(gaussian(1.2), f.X, f.y, f.X.rows(f.centres), opt);
  EXPECT_FALSE(s.converged);
  EXPECT_TRUE(s.direct);
  EXPECT_LT(relative_difference(s.fitted, f.fitted), 1e-6);
  EXPECT_LT(relative_difference(s.alpha, f.alpha), 1e-6);
  EXPECT_LE(s.relative_residual, 1e-9);
}

TEST(Nystrom, AllRowsAsCentresIsExactKernelRidgeRegression) {
  const Dataset d = california("train", 300);
  const arma::mat Z = (d.X.each_row() - arma::mean(d.X)).eval().each_row() / arma::stddev(d.X);
  const arma::vec y = d.y - arma::mean(d.y);
  const Kernel k = gaussian(1.5);
  NystromOptions opt;
  opt.lambda = 0.1;
  opt.tol = 1e-10;
  const NystromSolution s = solve_nystrom(k, Z, y, Z, opt);
  const KrrSolution exact = solve_krr(gram(k, Z), y, 0.1);
  EXPECT_LT(relative_difference(s.fitted, exact.fitted), 1e-8);
  EXPECT_LT(relative_difference(s.alpha, exact.alpha), 1e-6);
  // With every row a centre the preconditioner is exact: a few iterations suffice.
  EXPECT_LE(s.iterations, 5);
}

TEST(Nystrom, SameBitsAtAnyThreadCountAndFromAWarmStart) {
  // 10,000 rows (three chunks of the row products), uniform in [-1, 1]^3.
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  arma::mat Z(10000, 3);
  Z.imbue([&] { return uniform(rng); });
  const arma::vec y = arma::sin(2.0 * Z.col(0)) + Z.col(1) % Z.col(2);
  // Bandwidth 0.3 on [-1, 1]^3: K_mm of 300 centres well conditioned; two column blocks of G.
  const arma::mat C = Z.rows(uniform_centres(Z.n_rows, 300, 3));
  NystromOptions opt;
  opt.lambda = 0.5;
  set_compute_threads(1);
  const NystromSolution one = solve_nystrom(gaussian(0.3), Z, y, C, opt);
  set_compute_threads(2);
  const NystromSolution two = solve_nystrom(gaussian(0.3), Z, y, C, opt);
  set_compute_threads(1);
  EXPECT_TRUE(arma::all(one.alpha == two.alpha));
  EXPECT_TRUE(arma::all(one.fitted == two.fitted));
  EXPECT_EQ(one.iterations, two.iterations);
  EXPECT_EQ(one.rank, 300u);  // well conditioned: every direction kept
  // A warm start from a neighbouring lambda converges to the same solution in fewer iterations.
  opt.lambda = 0.6;
  const NystromSolution cold = solve_nystrom(gaussian(0.3), Z, y, C, opt);
  const NystromSolution warm = solve_nystrom(gaussian(0.3), Z, y, C, opt, one.alpha);
  EXPECT_TRUE(warm.converged);
  EXPECT_LT(relative_difference(warm.fitted, cold.fitted), 1e-6);
  EXPECT_LT(warm.iterations, cold.iterations);
}

// "converged" means what --tol promises: the relative residual of the normal equations (N),
// ||K_nm^T y - H alpha|| / ||K_nm^T y||, recomputed here from K_nm and K_mm themselves, is at
// most tol; at lambda = 0 too, where the preconditioned residual that the iteration watches
// can reach tol while (N)'s is still well above it.
TEST(Nystrom, ConvergedMeansTheResidualOfTheNormalEquationsIsWithinTol) {
  const Dataset d = california("train");
  const arma::mat Z = (d.X.each_row() - arma::mean(d.X)).eval().each_row() / arma::stddev(d.X);
  const arma::vec y = d.y - arma::mean(d.y);
  const arma::mat C = Z.rows(uniform_centres(Z.n_rows, 50, 1));
  int converged = 0, not_converged = 0;
  for (double bandwidth : {0.5, 1.0, 3.0}) {
    const Kernel k = gaussian(bandwidth);
    const arma::mat Knm = cross_gram(k, Z, C), Kmm = gram(k, C);
    const arma::vec rhs = Knm.t() * y;
    const NystromSystem system(k, Z, y, C);
    for (double lambda : {0.0, 1e-6, 1e-3, 1.0}) {
      for (double tol : {1e-3, 1e-6, 1e-8}) {
        NystromOptions opt;
        opt.lambda = lambda;
        opt.tol = tol;
        const NystromSolution s = system.solve(opt);
        const arma::vec h = Knm.t() * (Knm * s.alpha) + lambda * (Kmm * s.alpha);
        const double residual = arma::norm(rhs - h) / arma::norm(rhs);
        SCOPED_TRACE("bandwidth " + std::to_string(bandwidth) + ", lambda " + std::to_string(lambda) + ", tol " +
                     std::to_string(tol));
        // The solver's own residual is this one, to rounding.
        EXPECT_NEAR(s.relative_residual, residual, 1e-3 * residual + 1e-12);
        if (s.converged) {
          ++converged;
          EXPECT_LE(residual, tol * (1.0 + 1e-6));
        } else {
          ++not_converged;
          EXPECT_GT(s.relative_residual, tol);
        }
      }
    }
  }
  EXPECT_GT(converged, 0);
}

TEST(Nystrom, UniformCentresAreDistinctSortedAndSeeded) {
  const arma::uvec a = uniform_centres(1000, 100, 7), b = uniform_centres(1000, 100, 7);
  EXPECT_TRUE(arma::all(a == b));
  EXPECT_FALSE(arma::all(a == uniform_centres(1000, 100, 8)));
  EXPECT_EQ(arma::unique(a).eval().n_elem, 100u);
  EXPECT_TRUE(a.is_sorted());
  EXPECT_LT(a.max(), 1000u);
  EXPECT_EQ(uniform_centres(50, 50, 1).n_elem, 50u);
  EXPECT_THROW(uniform_centres(10, 11, 1), ConfigError);
}

}  // namespace
}  // namespace kreg::test
