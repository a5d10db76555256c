// The band reduction A = Q B Q^T (linalg/band_reduction.h) checked by identities: Q is
// orthogonal (Q^T Q e = e), Q^T A Q has no entries outside the band, and the shifted solve
// gives the same x as a dense solve of (A + s I) x = y. Sizes below, at and above the default
// half-bandwidth, where Q is the identity or a product of reflectors.
#include "kreg/linalg/band_reduction.h"

#include <gtest/gtest.h>

#include <armadillo>

namespace kreg::test {
namespace {

arma::mat spd(arma::uword n) {
  arma::arma_rng::set_seed(static_cast<arma::arma_rng::seed_type>(n));
  const arma::mat X = arma::randn(n, 5);
  arma::mat A(n, n);
  for (arma::uword j = 0; j < n; ++j)
    for (arma::uword i = 0; i < n; ++i) A(i, j) = std::exp(-0.5 * arma::accu(arma::square(X.row(i) - X.row(j))));
  return A;
}

TEST(BandReduction, OrthogonalBandedAndSolvesEveryShift) {
  for (const arma::uword n : {1u, 7u, 65u, 200u}) {
    const arma::mat A = spd(n);
    const BandReduction band(A, 16);
    // Q^T A Q, column by column: apply Q^T to A, transpose, apply Q^T again (A symmetric).
    arma::mat T = A;
    band.apply_qt(T);
    arma::mat B = T.t();
    band.apply_qt(B);
    double outside = 0.0;
    for (arma::uword j = 0; j < n; ++j)
      for (arma::uword i = j + 17; i < n; ++i) outside = std::max(outside, std::abs(B(i, j)));
    EXPECT_LE(outside, 1e-12 * arma::norm(A, "fro")) << "n = " << n;
    // Orthogonal: Q Q^T x = x.
    const arma::vec x0 = arma::randn(n);
    arma::mat x = x0;
    band.apply_qt(x);
    EXPECT_NEAR(arma::norm(x), arma::norm(x0), 1e-12 * arma::norm(x0));
    band.apply_q(x);
    EXPECT_LE(arma::norm(x - x0), 1e-12 * arma::norm(x0));
    // (A + s I)^{-1} y = Q (B + s I)^{-1} Q^T y for several shifts.
    for (const double shift : {1e-3, 0.1, 10.0}) {
      const arma::vec y = arma::randn(n);
      const arma::vec direct = arma::solve(A + shift * arma::eye(n, n), y);
      arma::mat z = y;
      band.apply_qt(z);
      ASSERT_TRUE(band.solve_shifted(shift, z.memptr()));
      band.apply_q(z);
      EXPECT_LE(arma::norm(z.col(0) - direct), 1e-9 * arma::norm(direct)) << "n = " << n << ", shift " << shift;
    }
  }
}

TEST(BandReduction, ReportsAShiftThatIsNotPositiveDefinite) {
  const arma::mat A = spd(100);
  const BandReduction band(A, 16);
  arma::vec y = arma::ones(100);
  EXPECT_FALSE(band.solve_shifted(-2.0 * arma::max(arma::eig_sym(A)), y.memptr()));
}

}  // namespace
}  // namespace kreg::test
