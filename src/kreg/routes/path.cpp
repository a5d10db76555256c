// The path driver: one problem, the route's path, the route's warnings.
#include "kreg/routes/path.h"

#include "kreg/routes/route.h"

namespace kreg {

PathResult regularisation_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                               const Kernel& kernel, const PathRequest& request) {
  const Route& route = route_for(settings);
  const Problem problem(train, settings, kernel, validation);
  PathResult out;
  out.points = route.path(problem, request);
  out.columns = route.path_columns();
  out.warnings = route.path_warnings(settings, out.points);
  return out;
}

}  // namespace kreg
