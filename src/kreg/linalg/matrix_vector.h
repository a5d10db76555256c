// Matrix-vector products whose result does not depend on the thread count (blas_threads.h):
// fixed chunks of rows or columns, each one single-threaded dgemv, shared among threads.
#pragma once

#include <armadillo>

namespace kreg {

/// out = A x, in chunks of rows.
void times(const arma::mat& A, const arma::vec& x, arma::vec& out);
/// out = A^T x, in chunks of columns (each chunk reads contiguous memory).
void times_t(const arma::mat& A, const arma::vec& x, arma::vec& out);

inline arma::vec times(const arma::mat& A, const arma::vec& x) {
  arma::vec out;
  times(A, x, out);
  return out;
}
inline arma::vec times_t(const arma::mat& A, const arma::vec& x) {
  arma::vec out;
  times_t(A, x, out);
  return out;
}

/// out = K x for a symmetric K. Below kSmallSymmetric rows by dsymv from the upper triangle
/// (half the memory traffic of a full product, which is what bounds the iterative penalised
/// solvers: a 400 x 400 K is 1.3 MB, more than a core's L2, its triangle is not); from there
/// on as K^T x = K x by times_t, in parallel.
constexpr unsigned long kSmallSymmetric = 2000;
void symmetric_times(const arma::mat& K, const arma::vec& x, arma::vec& out);
inline arma::vec symmetric_times_of(const arma::mat& K, const arma::vec& x) {
  arma::vec out;
  symmetric_times(K, x, out);
  return out;
}

}  // namespace kreg
