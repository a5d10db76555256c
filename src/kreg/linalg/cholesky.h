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

/// The lower Cholesky factor of the symmetric n x n A in place, as LAPACK's dpotrf("L"), whose
/// info it returns (k > 0: the leading k x k minor is not positive definite). Right-looking with
/// a fixed block size: the diagonal block by dpotrf, the panel below it by dtrsm on fixed row
/// chunks, the trailing update by column blocks (dsyrk on the block's diagonal part, dgemm below
/// it), chunks and blocks on compute_threads(); the factor does not depend on the thread count
/// (blas_threads.h).
int cholesky_lower(int n, double* A, int lda);

/// Factorises A (taken by value: pass std::move(K) to factor in place, no n x n copy).
/// Throws NumericalError naming `what` when A is not numerically positive definite.
CholeskyFactor cholesky_in_place(arma::mat A, const std::string& what);

}  // namespace kreg
