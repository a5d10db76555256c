// Eigendecomposition in place (divide and conquer or MRRR, symmetric_eigen.h) and the spectral filters. Stability: the
// filters are written so that no difference of nearly equal large numbers appears (no 1/(mu+lambda) - 1/lambda, no 1 -
// exp(-x) for small x), and no inverse of K is formed.
#include "kreg/spectral/spectrum.h"

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/kernels/gram.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/linalg/symmetric_eigen.h"

namespace kreg {

namespace {
// Relative size below which a negative eigenvalue is rounding noise of a psd K.
constexpr double kNegativeTolerance = 1e-10;

// K is overwritten by the eigenvectors, which become U (no second n x n matrix).
void divide_and_conquer(arma::mat& K, Spectrum& spec) {
  const int info = symmetric_eigen_dc(static_cast<int>(K.n_rows), K.memptr(), spec.mu.memptr());
  if (info != 0)
    throw NumericalError("eigendecomposition of K failed (divide and conquer, LAPACK info " + std::to_string(info) +
                         ")");
  spec.U = std::move(K);
}

// The eigenvectors go to a separate U (peak memory K + U, no workspace of size n^2).
void relatively_robust(arma::mat& K, Spectrum& spec) {
  spec.U.set_size(K.n_rows, K.n_rows);
  const int info = symmetric_eigen_mrrr(static_cast<int>(K.n_rows), K.memptr(), spec.mu.memptr(), spec.U.memptr());
  if (info != 0)
    throw NumericalError("eigendecomposition of K failed (MRRR, LAPACK info " + std::to_string(info) + ")");
}

}  // namespace

Spectrum eigen_spectrum(arma::mat K, EigenDriver driver) {
  Spectrum spec;
  spec.mu.set_size(K.n_rows);
  if (K.n_rows == 0) {
    spec.U.set_size(0, 0);
    return spec;
  }
  if (driver == EigenDriver::kAuto)
    driver = K.n_rows <= kDivideAndConquerMaxN ? EigenDriver::kDivideAndConquer : EigenDriver::kRelativelyRobust;
  if (driver == EigenDriver::kDivideAndConquer)
    divide_and_conquer(K, spec);
  else
    relatively_robust(K, spec);
  K.reset();
  const double mu_max = std::max(spec.mu.max(), 0.0);
  const double mu_min = spec.mu.min();
  if (mu_min < -kNegativeTolerance * std::max(mu_max, 1e-300))
    throw NumericalError("the Gram matrix is not positive semi-definite (eigenvalue " + readable_number(mu_min) +
                         " against largest " + readable_number(mu_max) + "); check the kernel");
  if (mu_min < 0.0) spec.clamped_negative = mu_min;
  spec.mu.transform([](double v) { return v < 0.0 ? 0.0 : v; });
  return spec;
}

Spectrum spectrum_for(const Kernel& kernel, const arma::mat& Z, bool allow_primal) {
  if (allow_primal && solves_in_primal(kernel, Z.n_rows, Z.n_cols)) {
    Spectrum spec;
    spec.primal = true;
    spec.complete = false;
    if (!arma::svd_econ(spec.U, spec.s, spec.V, Z, "both", "dc"))
      throw NumericalError("singular value decomposition of the design matrix failed");
    spec.mu = arma::square(spec.s);
    return spec;
  }
  return eigen_spectrum(gram(kernel, Z));
}

arma::vec krr_coefficient_filter(const arma::vec& mu, double lambda) {
  arma::vec g(mu.n_elem);
  for (arma::uword j = 0; j < mu.n_elem; ++j) {
    const double d = mu(j) + lambda;
    if (!(d > 0.0))
      throw NumericalError("lambda = 0 needs a positive definite K, but K has a zero eigenvalue; use lambda > 0");
    g(j) = 1.0 / d;
  }
  return g;
}

arma::vec krr_hat_filter(const arma::vec& mu, double lambda) {
  arma::vec h(mu.n_elem);
  for (arma::uword j = 0; j < mu.n_elem; ++j) {
    const double d = mu(j) + lambda;
    h(j) = d > 0.0 ? mu(j) / d : 0.0;  // mu = lambda = 0: the component is not fitted
  }
  return h;
}

arma::vec kgf_coefficient_filter(const arma::vec& mu, double t) {
  arma::vec g(mu.n_elem);
  for (arma::uword j = 0; j < mu.n_elem; ++j) g(j) = mu(j) > 0.0 ? -std::expm1(-t * mu(j)) / mu(j) : t;
  return g;
}

arma::vec kgf_hat_filter(const arma::vec& mu, double t) {
  arma::vec h(mu.n_elem);
  for (arma::uword j = 0; j < mu.n_elem; ++j) h(j) = -std::expm1(-t * mu(j));
  return h;
}

double spectral_rcond(const Spectrum& spec, double lambda) {
  if (spec.mu.is_empty() || std::isinf(lambda)) return 1.0;
  const double low = spec.complete ? spec.mu.min() : 0.0;
  const double high = spec.mu.max();
  return high + lambda > 0.0 ? (low + lambda) / (high + lambda) : 0.0;
}

arma::vec coefficients(const Spectrum& spec, const arma::vec& ytil, const arma::vec& g) {
  if (spec.primal) return spec.V * (spec.s % g % ytil);  // beta = Z^T alpha = V S U^T alpha
  return times(spec.U, arma::vec(g % ytil));
}

}  // namespace kreg
