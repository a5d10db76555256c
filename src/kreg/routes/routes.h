// The built-in routes, one per (method family, solver); route_table.cpp chooses among them.
#pragma once

#include "kreg/routes/route.h"

namespace kreg {

const Route& ridge_exact_route();    ///< krr: Cholesky, or the linear kernel's primal system
const Route& ridge_nystrom_route();  ///< krr on Nystrom centres by conjugate gradients
const Route& flow_route();           ///< kgf: closed form in K's eigenbasis
const Route& descent_route();        ///< kgd, ksgd, kcd, kegd
const Route& penalized_route(Solver solver);  ///< kl1, klinf by the homotopy (auto), fista or paper

/// "K + lambda I is ill-conditioned (reciprocal condition 1e-12): ..." for a fit whose rcond
/// is below kIllConditioned, with the advice of its regulariser; empty otherwise.
std::string ill_conditioned_warning(double rcond, const MethodInfo& method);

/// The memory of one cv fold's path on shape.n rows in `folds` folds: the fold's training rows
/// and its validation rows' cross-kernel matrix, plus a thread's BLAS buffers.
MemoryEstimate fold_path_memory(const Route& route, const FitSettings& settings, const MemoryShape& shape,
                                int folds);

}  // namespace kreg
