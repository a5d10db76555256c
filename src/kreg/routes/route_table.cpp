// The route table: every route file registers the (method family, solver) pairs it serves
// (RouteRegistration, route.h), and route_for() looks the pair up — the one place where a
// method family and a solver choose the code that runs. A new solver is its row in
// solvers/solver_table.cpp and its route file; nothing here changes. The tests check the
// table against the solver table in both directions (every served pair has exactly one route,
// every route serves its pair: RouteTable.*), so a row without a route cannot go unnoticed.
#include <atomic>
#include <sstream>
#include <stdexcept>

#include "kreg/core/errors.h"
#include "kreg/core/ill_conditioning.h"
#include "kreg/routes/route_support.h"

namespace kreg {

namespace {

std::atomic<const Route*> route_for_testing{nullptr};

// Filled before main() by the route files' registrations, read-only afterwards. A function
// static, so that it exists whichever file's registration runs first.
std::vector<RegisteredRoute>& route_table() {
  static std::vector<RegisteredRoute> table;
  return table;
}

}  // namespace

RouteRegistration::RouteRegistration(MethodFamily family, Solver solver, const Route& route) {
  route_table().push_back({family, solver, &route});
}

std::vector<RegisteredRoute> registered_routes() { return route_table(); }

const Route& route_for(const FitSettings& settings) {
  if (const Route* testing = route_for_testing.load()) return *testing;
  const MethodFamily family = settings.method_info().family;
  for (const RegisteredRoute& row : route_table())
    if (row.family == family && row.solver == settings.solver) return *row.route;
  throw std::logic_error(settings.method + " has no route for the solver " + to_string(settings.solver));
}

ScopedRouteForTesting::ScopedRouteForTesting(const Route& route) { route_for_testing.store(&route); }
ScopedRouteForTesting::~ScopedRouteForTesting() { route_for_testing.store(nullptr); }

std::vector<std::string> Route::path_warnings(const FitSettings&, const std::vector<PathPoint>&) const { return {}; }

namespace {

// The methods whose (family, solver) route has a Gaussian-process reading: "krr".
std::string gaussian_process_readers() {
  std::string readers;
  for (const MethodInfo& method : method_registry())
    for (const RegisteredRoute& r : route_table())
      if (r.family == method.family && r.route->reads_as_gaussian_process() && solver_info(r.solver).serves(method))
        readers += std::string(readers.empty() ? "" : ", ") + method.name +
                   (r.solver == Solver::kAuto ? "" : " (solver " + to_string(r.solver) + ")");
  return readers;
}

}  // namespace

PredictiveSpread Route::predictive_spread(const Model& model, const arma::mat&) const {
  throw ConfigError("std", "a model of " + model.settings.method + " (solver " + to_string(model.settings.solver) +
                               ") has no Gaussian-process reading, so no predictive standard deviation or "
                               "interval; models that have one: " +
                               gaussian_process_readers());
}

TuningRecord Route::tune(const Problem& problem, const TuneRequest&) const {
  throw ConfigError("tune", problem.settings().method + " (solver " + to_string(problem.settings().solver) +
                                ") has no Gaussian-process reading to tune by evidence, LOO or GCV; methods that "
                                "have one: " +
                                gaussian_process_readers() + " (other methods: kreg cv)");
}

MemoryEstimate Route::cv_task_memory(const FitSettings& settings, const MemoryShape& shape, int folds, std::size_t,
                                     CvRoute) const {
  return fold_path_memory(*this, settings, shape, folds);
}

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
