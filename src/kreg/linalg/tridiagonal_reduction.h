// Reduction of a symmetric matrix to tridiagonal form, A = Q T Q^T, as LAPACK's dsytrd("L")
// (the same blocked algorithm, Golub & Van Loan §8.3.1 with Dongarra, Hammarling and Sorensen's
// panel), whose result does not depend on the thread count (blas_threads.h). About half of the
// flops are products of the trailing matrix with a vector, which dsytrd leaves to a BLAS dsymv
// (memory-bound, and with OpenBLAS's threads of a rounding that depends on their number); here
// they run on fixed column chunks shared among compute_threads(), each chunk's contribution
// kept apart and the contributions added in chunk order. The other half, the rank-2k update
// of the trailing matrix after each panel, runs on fixed column blocks.
#pragma once

#include "kreg/core/progress.h"

namespace kreg {

/// Tridiagonalises the symmetric n x n A (lower triangle, leading dimension n) in place, with
/// dsytrd("L")'s outputs: the diagonal of T in d[0..n), its subdiagonal in e[0..n-1), the
/// reflectors of Q below A's subdiagonal with their factors in tau[0..n-1). Returns dsytrd's
/// info (0).
/// With `progress`, advances it by `share` over the whole reduction (work ~ remaining size^2
/// per panel).
int tridiagonalize_lower(int n, double* A, double* d, double* e, double* tau, ProgressStep* progress = nullptr,
                         double share = 1.0);

}  // namespace kreg
