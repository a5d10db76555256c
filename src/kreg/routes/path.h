// `kreg path` in the library: the regularisation path of any method, by its route, with the
// columns it fills and the warnings about it (unconverged or unbounded points).
#pragma once

#include <string>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/routes/route.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

struct PathResult {
  std::vector<PathPoint> points;
  Route::PathColumns columns;         ///< the columns beyond the common ones
  std::vector<std::string> warnings;  ///< one line each
};

/// The path of settings.method on `train` (validation may be null); `kernel` is
/// validate(settings)'s value.
PathResult regularisation_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                               const Kernel& kernel, const PathRequest& request);

}  // namespace kreg
