// What the route files share beyond the Route interface (route.h).
#pragma once

#include <memory>
#include <string>

#include "kreg/routes/route.h"
#include "kreg/solvers/penalized_path.h"

namespace kreg {

/// "K + lambda I is ill-conditioned (reciprocal condition 1e-12): ..." for a fit whose rcond
/// is below kIllConditioned, with the advice of its regulariser; empty otherwise.
std::string ill_conditioned_warning(double rcond, const MethodInfo& method);

/// The route of a solver of the penalised methods given its grid solver: fit, path, cv and
/// memory as for auto, fista and paper (penalized_route.cpp). A new penalised solver's route
/// file holds it and its registration:
///   const auto kRoute = make_penalized_route(Solver::kMine, my_grid);
///   const RouteRegistration kRegistered(MethodFamily::kPenalized, Solver::kMine, *kRoute);
std::unique_ptr<const Route> make_penalized_route(Solver solver, PenalizedGridSolver solve);

}  // namespace kreg
