// Kernel ridge regression, closed form (the kernel-methods notes; Allerbo 2023, eq. krr_s_alpha):
//   alpha = (K + lambda I)^{-1} y,  fitted values K alpha = y - lambda alpha.
#pragma once

#include <armadillo>
#include <cmath>

namespace kreg {

struct KrrSolution {
  arma::vec alpha;     ///< dual coefficients
  arma::vec fitted;    ///< K alpha on the training points
  double rcond = 0.0;  ///< reciprocal condition estimate of K + lambda I
  double df = NAN;     ///< degrees of freedom tr K (K + lambda I)^{-1} (when asked for)
};

/// Solves (K + lambda I) alpha = y by Cholesky, factorising K in place (pass std::move(K)
/// to avoid a copy). Throws NumericalError when K + lambda I is not positive definite
/// (e.g. lambda = 0 with a singular K). The fitted values use (K + lambda I) alpha = y,
/// so K is not needed again. Reads K's lower triangle only (gram_lower suffices).
/// `with_df`: also the degrees of freedom from the same factor, K (K + lambda I)^{-1} =
/// I - lambda (K + lambda I)^{-1} giving df = n - lambda tr (K + lambda I)^{-1}
/// (inverse_trace.h: as many flops again as the factorisation).
KrrSolution solve_krr(arma::mat K, const arma::vec& y, double lambda, bool with_df = false);

}  // namespace kreg
