// K x for a symmetric K from one triangle (dsymv): half the memory traffic of K * x, which is
// what bounds the iterative penalised solvers (a 400 x 400 K is 1.3 MB: more than a core's L2,
// its triangle is not).
#pragma once

#include <armadillo>

namespace kreg {

/// out = K x, K symmetric (only its upper triangle is read). Below SmallProblemBlasThreads'
/// size by dsymv on one BLAS thread; above it by dgemv, whose result does not depend on the
/// number of BLAS threads (a threaded dsymv's would). The result depends on n only.
void symmetric_times(const arma::mat& K, const arma::vec& x, arma::vec& out);

}  // namespace kreg
