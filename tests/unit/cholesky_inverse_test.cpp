// The inverse from a Cholesky factor and the product B B^T (kreg/linalg/cholesky_inverse.h):
// equal to Armadillo's dense results, only the lower triangle written, and the same bits at
// 1, 2 and 3 threads. Sizes span several blocks and are not multiples of the block.
#include "kreg/linalg/cholesky_inverse.h"

#include <gtest/gtest.h>

#include <cstring>

#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/cholesky.h"

namespace kreg {
namespace {

arma::mat spd(int n, unsigned seed) {
  arma::arma_rng::set_seed(seed);
  arma::mat Q, R;
  arma::qr(Q, R, arma::mat(n, n, arma::fill::randn));
  const arma::mat A = Q * arma::diagmat(arma::logspace(-2, 2, n)) * Q.t();
  return arma::symmatu(A);
}

bool same_bits(const arma::mat& a, const arma::mat& b) {
  return a.n_elem == b.n_elem && std::memcmp(a.memptr(), b.memptr(), a.n_elem * 8) == 0;
}

TEST(CholeskyInverse, IsTheInverseInTheLowerTriangleAtAnyThreadCount) {
  for (int n : {1, 5, 128, 301}) {
    const arma::mat A = spd(n, 11 + n);
    arma::mat L = A;
    ASSERT_EQ(cholesky_lower(n, L.memptr(), n), 0);
    arma::mat inv(n, n);
    inv.fill(12345.0);  // above the diagonal blocks it must stay as it was
    set_compute_threads(1);
    cholesky_inverse_lower(L, inv);
    const arma::mat want = arma::inv_sympd(A);
    EXPECT_LT(arma::norm(arma::trimatl(inv) - arma::trimatl(want), "fro") / arma::norm(want, "fro"), 1e-12) << n;
    if (n > kInverseBlock) EXPECT_EQ(inv(0, n - 1), 12345.0);
    mirror_lower(inv);
    EXPECT_LT(arma::norm(inv * A - arma::eye(n, n), "fro"), 1e-9) << n;
    for (int t : {2, 3}) {
      set_compute_threads(t);
      arma::mat again(n, n);
      again.fill(12345.0);
      cholesky_inverse_lower(L, again);
      mirror_lower(again);
      EXPECT_TRUE(same_bits(again, inv)) << n << " at " << t << " threads";
    }
    set_compute_threads(1);
  }
}

TEST(CholeskyInverse, LowerOuterProductIsBBTransposeAtAnyThreadCount) {
  arma::arma_rng::set_seed(5);
  for (auto [n, k] : {std::pair<int, int>{1, 3}, {7, 2}, {300, 300}, {259, 11}}) {
    const arma::mat B = arma::randn(n, k);
    arma::mat C;
    set_compute_threads(1);
    lower_outer_product(B, C);
    const arma::mat want = B * B.t();
    EXPECT_LT(arma::norm(arma::trimatl(C) - arma::trimatl(want), "fro") / arma::norm(want, "fro"), 1e-14) << n;
    for (int t : {2, 3}) {
      set_compute_threads(t);
      arma::mat again;
      lower_outer_product(B, again);
      EXPECT_TRUE(same_bits(arma::trimatl(again), arma::trimatl(C))) << n << " at " << t << " threads";
    }
    set_compute_threads(1);
  }
}

}  // namespace
}  // namespace kreg
