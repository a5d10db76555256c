// tr(A^{-1}) from the Cholesky factor of A, for the degrees of freedom of kernel ridge
// regression: df = tr K (K + lambda I)^{-1} = n - lambda tr (K + lambda I)^{-1}.
#pragma once

#include "kreg/linalg/cholesky.h"

namespace kreg {

/// Columns of L^{-1} that one task of inverse_trace() computes (its workspace: n x this).
inline constexpr int kInverseTraceBlock = 256;

/// tr(A^{-1}) for A = L L^T: A^{-1} = L^{-T} L^{-1}, so tr(A^{-1}) = ||L^{-1}||_F^2. The column
/// block [j, j + b) of L^{-1} is zero above row j and solves L[j:, j:] X = I[j:, j:j+b]: one
/// triangular solve of (n - j) x b per block, n^3/3 flops in all (as many as the factorisation).
/// Blocks are independent and run on compute_threads() threads, each with an n x b workspace;
/// their sums of squares are added in block order, so the result does not depend on the thread
/// count. The factor is only read.
double inverse_trace(const CholeskyFactor& f);

}  // namespace kreg
