// kreg's own parallel routines (kreg/linalg/blas_threads.h): correct by their defining
// identities, and the same bits at 1, 2 and 3 threads. Sizes span several blocks and chunks and
// are not multiples of any tile.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/linalg/symmetric_eigen.h"
#include "kreg/linalg/tridiagonal_reduction.h"

namespace kreg {
namespace {

// A symmetric positive definite matrix with eigenvalues spread over [1e-3, 1e3].
arma::mat spd(int n, unsigned seed) {
  arma::arma_rng::set_seed(seed);
  arma::mat Q, R;
  arma::qr(Q, R, arma::mat(n, n, arma::fill::randn));
  const arma::vec mu = arma::logspace(-3, 3, n);
  arma::mat A = Q * arma::diagmat(mu) * Q.t();
  return arma::symmatu(A);
}

bool same_bits(const arma::mat& a, const arma::mat& b) {
  return a.n_rows == b.n_rows && a.n_cols == b.n_cols && std::memcmp(a.memptr(), b.memptr(), a.n_elem * 8) == 0;
}

// compute(threads) at 1, 2, 3 threads gives the same bits.
void expect_thread_independent(const std::function<arma::mat()>& compute) {
  set_compute_threads(1);
  const arma::mat first = compute();
  for (int t : {2, 3}) {
    set_compute_threads(t);
    EXPECT_TRUE(same_bits(compute(), first)) << t << " threads differ from 1";
  }
  set_compute_threads(1);
}

TEST(ParallelLinalg, CholeskyFactorsAndIsThreadIndependent) {
  const int n = 777;  // three full blocks of 256 and a partial one
  const arma::mat A = spd(n, 1);
  arma::mat L = A;
  ASSERT_EQ(cholesky_lower(n, L.memptr(), n), 0);
  L = arma::trimatl(L);
  EXPECT_LT(arma::norm(L * L.t() - A, "fro") / arma::norm(A, "fro"), 1e-13);
  expect_thread_independent([&]() -> arma::mat {
    arma::mat B = A;
    cholesky_lower(n, B.memptr(), n);
    return B;
  });
}

TEST(ParallelLinalg, CholeskyReportsTheFailingColumn) {
  const int n = 600;
  arma::mat A = spd(n, 2);
  A(400, 400) = -1.0;  // the leading 401 x 401 minor is indefinite, the 400 x 400 one is not
  const int info = cholesky_lower(n, A.memptr(), n);
  EXPECT_GT(info, 256);  // past the first block
  EXPECT_LE(info, 401);
}

TEST(ParallelLinalg, MatrixVectorProductsAreExactAndThreadIndependent) {
  arma::arma_rng::set_seed(3);
  const arma::mat A(1300, 900, arma::fill::randn);
  const arma::vec x(900, arma::fill::randn), z(1300, arma::fill::randn);
  EXPECT_LT(arma::norm(times(A, x) - A * x) / arma::norm(A * x), 1e-14);
  EXPECT_LT(arma::norm(times_t(A, z) - A.t() * z) / arma::norm(A.t() * z), 1e-14);
  expect_thread_independent([&]() -> arma::mat { return arma::mat(times(A, x)); });
  expect_thread_independent([&]() -> arma::mat { return arma::mat(times_t(A, z)); });
  const arma::mat K = spd(2100, 4);  // above kSmallSymmetric: the parallel branch
  const arma::vec v(2100, arma::fill::randn);
  EXPECT_LT(arma::norm(symmetric_times_of(K, v) - K * v) / arma::norm(K * v), 1e-13);
  expect_thread_independent([&]() -> arma::mat { return arma::mat(symmetric_times_of(K, v)); });
}

TEST(ParallelLinalg, TridiagonalFormHasTheEigenvaluesAndIsThreadIndependent) {
  const int n = 777;  // 16 panels of 32 columns, then LAPACK on the last 265
  const arma::mat A = spd(n, 8);
  arma::mat B = A;
  arma::vec d(n), e(n), tau(n);
  ASSERT_EQ(tridiagonalize_lower(n, B.memptr(), d.memptr(), e.memptr(), tau.memptr()), 0);
  arma::mat T = arma::diagmat(d);
  T.diag(-1) = e.head(n - 1);
  T.diag(1) = e.head(n - 1);
  EXPECT_LT(arma::max(arma::abs(arma::eig_sym(T) - arma::eig_sym(A))) / arma::norm(A, 2), 1e-13);
  expect_thread_independent([&]() -> arma::mat {
    arma::mat C = A;
    arma::vec dd(n), ee(n), tt(n);
    tridiagonalize_lower(n, C.memptr(), dd.memptr(), ee.memptr(), tt.memptr());
    return arma::join_rows(C, dd, ee, tt);
  });
}

// A U = U diag(w), U^T U = I, and w equal to arma::eig_sym's.
void expect_eigendecomposition(const arma::mat& A, const arma::mat& U, const arma::vec& w) {
  const double scale = arma::norm(A, 2);
  EXPECT_LT(arma::norm(A * U - U * arma::diagmat(w), "fro") / scale, 1e-12 * std::sqrt(A.n_rows));
  EXPECT_LT(arma::norm(U.t() * U - arma::eye(A.n_rows, A.n_rows), "fro"), 1e-11);
  EXPECT_LT(arma::max(arma::abs(w - arma::eig_sym(A))) / scale, 1e-13);
  EXPECT_TRUE(w.is_sorted());
}

TEST(ParallelLinalg, DivideAndConquerEigenIsExactAndThreadIndependent) {
  const int n = 650;
  const arma::mat A = spd(n, 5);
  arma::mat U = A;
  arma::vec w(n);
  ASSERT_EQ(symmetric_eigen_dc(n, U.memptr(), w.memptr()), 0);
  expect_eigendecomposition(A, U, w);
  expect_thread_independent([&]() -> arma::mat {
    arma::mat B = A;
    arma::vec v(n);
    symmetric_eigen_dc(n, B.memptr(), v.memptr());
    return arma::join_rows(B, v);
  });
}

TEST(ParallelLinalg, MrrrEigenIsExactAndThreadIndependent) {
  const int n = 650;
  const arma::mat A = spd(n, 6);
  arma::mat B = A, U(n, n);
  arma::vec w(n);
  ASSERT_EQ(symmetric_eigen_mrrr(n, B.memptr(), w.memptr(), U.memptr()), 0);
  expect_eigendecomposition(A, U, w);
  expect_thread_independent([&]() -> arma::mat {
    arma::mat C = A, V(n, n);
    arma::vec v(n);
    symmetric_eigen_mrrr(n, C.memptr(), v.memptr(), V.memptr());
    return arma::join_rows(V, v);
  });
}

TEST(ParallelLinalg, EigenScalesTinyAndHugeMatrices) {
  const int n = 300;
  for (double factor : {1e-200, 1e200}) {
    const arma::mat A = spd(n, 7) * factor;
    arma::mat U = A;
    arma::vec w(n);
    ASSERT_EQ(symmetric_eigen_dc(n, U.memptr(), w.memptr()), 0);
    EXPECT_NEAR(w.max() / (1e3 * factor), 1.0, 1e-12);
    EXPECT_NEAR(w.min() / (1e-3 * factor), 1.0, 1e-9);
  }
}

}  // namespace
}  // namespace kreg
