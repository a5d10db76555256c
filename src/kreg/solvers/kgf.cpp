// KGF as a spectral filter.
#include "kreg/solvers/kgf.h"

namespace kreg {

SpectralSolution solve_kgf(const Spectrum& spec, const arma::vec& y, double t) {
  const arma::vec ytil = spec.U.t() * y;
  SpectralSolution s;
  s.coef = coefficients(spec, ytil, kgf_coefficient_filter(spec.mu, t));
  s.fitted = spec.U * (kgf_hat_filter(spec.mu, t) % ytil);
  return s;
}

}  // namespace kreg
