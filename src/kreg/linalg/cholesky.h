// In-place Cholesky factorisation of a symmetric positive definite matrix, with a
// reciprocal condition estimate, for solving (K + lambda I) alpha = y without an inverse.
#pragma once

#include <armadillo>

namespace kreg {

/// The lower Cholesky factor L (L L^T = A) stored in the lower triangle of `factor`.
struct CholeskyFactor {
  arma::mat factor;    ///< lower triangle holds L; the upper triangle is not referenced
  double rcond = 0.0;  ///< LAPACK dpocon's estimate of 1 / cond_1(A)

  /// Solves A x = b by two triangular solves (dpotrs).
  arma::vec solve(const arma::vec& b) const;
};

/// Factorises A (taken by value: pass std::move(K) to factor in place, no n x n copy).
/// Throws NumericalError naming `what` when A is not numerically positive definite.
CholeskyFactor cholesky_in_place(arma::mat A, const std::string& what);

}  // namespace kreg
