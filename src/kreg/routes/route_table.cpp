// route_for(): the one place where a method family and a solver choose the code that runs.
// Every switch here lists every enumerator and has no default, so a new family or solver
// does not compile until it has its route (the build turns -Wswitch into an error).
#include <atomic>
#include <sstream>
#include <stdexcept>

#include "kreg/core/ill_conditioning.h"
#include "kreg/routes/routes.h"

namespace kreg {

namespace {

std::atomic<const Route*> route_for_testing{nullptr};

const Route& ridge_route(Solver solver) {
  switch (solver) {
    case Solver::kAuto:
      return ridge_exact_route();
    case Solver::kNystrom:
      return ridge_nystrom_route();
    case Solver::kFista:
    case Solver::kPaper:
      break;
  }
  throw std::logic_error("krr has no route for the solver " + to_string(solver));
}

// The solvers other than auto serve no family but their own (solver_table.cpp); validate()
// refuses the other pairs before a route is asked for.
const Route& only_auto(Solver solver, const Route& route, const char* family) {
  if (solver != Solver::kAuto)
    throw std::logic_error(std::string(family) + " has no route for the solver " + to_string(solver));
  return route;
}

}  // namespace

const Route& route_for(const FitSettings& settings) {
  if (const Route* testing = route_for_testing.load()) return *testing;
  switch (settings.method_info().family) {
    case MethodFamily::kRidge:
      return ridge_route(settings.solver);
    case MethodFamily::kFlow:
      return only_auto(settings.solver, flow_route(), "kgf");
    case MethodFamily::kDescent:
      return only_auto(settings.solver, descent_route(), "the descent methods");
    case MethodFamily::kPenalized:
      return penalized_route(settings.solver);
  }
  throw std::logic_error("a method family without a route");
}

ScopedRouteForTesting::ScopedRouteForTesting(const Route& route) { route_for_testing.store(&route); }
ScopedRouteForTesting::~ScopedRouteForTesting() { route_for_testing.store(nullptr); }

std::string ill_conditioned_warning(double rcond, const MethodInfo& method) {
  if (!(rcond > 0.0 && rcond < kIllConditioned)) return {};
  std::ostringstream os;
  os.precision(3);
  switch (method.regulariser) {
    case Regulariser::kTime:
      os << method.name << " at this t is as ill-conditioned as K + I/t (reciprocal condition " << rcond
         << "): alpha may have few correct digits; consider a smaller --t";
      break;
    case Regulariser::kLambda:
    case Regulariser::kEarlyStopping:
      os << "K + lambda I is ill-conditioned (reciprocal condition " << rcond
         << "): alpha may have few correct digits; consider a larger --lambda";
      break;
  }
  return os.str();
}

MemoryEstimate fold_path_memory(const Route& route, const FitSettings& settings, const MemoryShape& shape,
                                int folds) {
  const std::size_t n = shape.n, k = static_cast<std::size_t>(folds);
  MemoryShape fold = shape;
  fold.n = n - std::min(n, n / k);
  fold.n_validation = (n + k - 1) / k;  // the largest fold
  MemoryEstimate e = route.path_memory(settings, fold);
  // Each worker thread also touches BLAS work buffers (measured: about 20 MiB each at n = 2,000).
  e.bytes += memory_terms::kBlasBuffer;
  return e;
}

}  // namespace kreg
