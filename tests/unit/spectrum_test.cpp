// Both eigendecomposition drivers (divide and conquer, MRRR) give a valid decomposition of the
// Gram matrix: K = U diag(mu) U^T, U^T U = I, and the same eigenvalues, also for a smooth
// kernel whose spectrum clusters near zero (where the drivers take different code paths).
#include "kreg/spectral/spectrum.h"

#include <gtest/gtest.h>

#include "kreg/kernels/gram.h"

namespace kreg::test {
namespace {

TEST(Spectrum, BothDriversDecomposeTheGramMatrix) {
  arma::arma_rng::set_seed(7);
  const arma::mat Z = arma::randn(150, 3);
  for (double bandwidth : {0.3, 1.0, 20.0}) {
    SCOPED_TRACE("bandwidth " + std::to_string(bandwidth));
    KernelSettings ks;
    ks.name = "gaussian";
    ks.set("bandwidth", bandwidth);
    const arma::mat K = gram(make_kernel(ks), Z);
    const Spectrum dc = eigen_spectrum(K, EigenDriver::kDivideAndConquer);
    const Spectrum rr = eigen_spectrum(K, EigenDriver::kRelativelyRobust);
    const double scale = arma::abs(K).max();
    for (const Spectrum* spec : {&dc, &rr}) {
      const arma::mat back = spec->U * arma::diagmat(spec->mu) * spec->U.t();
      EXPECT_LT(arma::abs(back - K).max(), 1e-12 * scale * K.n_rows);
      EXPECT_LT(arma::abs(spec->U.t() * spec->U - arma::eye(K.n_rows, K.n_rows)).max(), 1e-12 * K.n_rows);
    }
    EXPECT_LT(arma::abs(dc.mu - rr.mu).max(), 1e-13 * scale * K.n_rows);
  }
}

}  // namespace
}  // namespace kreg::test
