// KGF as a spectral filter.
#include "kreg/solvers/kgf.h"

#include "kreg/linalg/matrix_vector.h"

namespace kreg {

SpectralSolution solve_kgf(const Spectrum& spec, const arma::vec& y, double t) {
  const arma::vec ytil = times_t(spec.U, y);
  SpectralSolution s;
  s.coef = coefficients(spec, ytil, kgf_coefficient_filter(spec.mu, t));
  const arma::vec h = kgf_hat_filter(spec.mu, t);
  s.fitted = times(spec.U, arma::vec(h % ytil));
  s.df = arma::accu(h);  // tr H, H = U diag(h) U^T
  return s;
}

}  // namespace kreg
