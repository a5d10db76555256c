// Kernel gradient flow (Allerbo 2023, Lemma kgf_s): alpha(t) = (I - exp(-tK)) K^{-1} y, the limit
// of kernel gradient descent with infinitesimal steps; with momentum gamma the time is
// t/(1 - gamma) (Remark 2). Computed on the spectrum, never with K^{-1}:
//   alpha = U diag((1 - e^{-t mu})/mu) U^T y  (exact limit t where mu = 0).
#pragma once

#include <armadillo>

#include "kreg/spectral/spectrum.h"

namespace kreg {

struct SpectralSolution {
  arma::vec coef;    ///< alpha (dual spectrum) or beta (primal spectrum)
  arma::vec fitted;  ///< training fitted values
  double df = 0.0;   ///< degrees of freedom tr(I - e^{-tK}) = sum_j 1 - e^{-t mu_j}
};

/// KGF at time `t` (already divided by 1 - gamma) on a spectrum of the standardised data.
SpectralSolution solve_kgf(const Spectrum& spec, const arma::vec& y, double t);

}  // namespace kreg
