// Eigendecomposition of a symmetric matrix whose result does not depend on the thread count
// (blas_threads.h). The steps of LAPACK's dsyevd / dsyevr: scaling into the safe range,
// reduction to tridiagonal form (tridiagonal_reduction.h, in parallel), the tridiagonal
// eigensolver (on one thread) and the back-transformation by the reflectors (dormtr, about half
// of the flops, on fixed column chunks shared among compute_threads()).
#pragma once

namespace kreg {

/// Divide and conquer (dstedc): the eigenvectors overwrite A (n x n, leading dimension n,
/// lower triangle read); workspace about 2 n^2 doubles. Eigenvalues ascending in w[0..n).
/// Returns 0, or the info of the LAPACK step that failed.
int symmetric_eigen_dc(int n, double* A, double* w);

/// Multiple relatively robust representations (dstemr): the eigenvectors go to the separate
/// n x n U; A is destroyed; no workspace of size n^2. Eigenvalues ascending in w[0..n).
int symmetric_eigen_mrrr(int n, double* A, double* w, double* U);

}  // namespace kreg
