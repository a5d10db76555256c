// Linear-kernel ridge regression in the primal (the representer-theorem notes, primal-dual
// identity):
//   beta = (Z^T Z + lambda I)^{-1} Z^T y  =  Z^T (Z Z^T + lambda I)^{-1} y,
// O(n p^2 + p^3) instead of O(n^2 p + n^3); used automatically for krr when p < n.
#pragma once

#include <armadillo>

namespace kreg {

struct PrimalSolution {
  arma::vec beta;      ///< p weights
  arma::vec fitted;    ///< Z beta
  double rcond = 0.0;  ///< reciprocal condition estimate of Z^T Z + lambda I
  /// Degrees of freedom tr Z (Z^T Z + lambda I)^{-1} Z^T = tr (Z^T Z + lambda I)^{-1} Z^T Z
  /// = p - lambda tr (Z^T Z + lambda I)^{-1}, from the p x p factor (O(p^3)).
  double df = 0.0;
};

/// Cholesky of the p x p system; NumericalError when Z^T Z + lambda I is not positive definite.
PrimalSolution solve_linear_primal(const arma::mat& Z, const arma::vec& y, double lambda);

}  // namespace kreg
