// `kreg path` in the library: the regularisation path of any method, by its route (route.h),
// with the columns it fills and the warnings about it (unconverged or unbounded points).
#pragma once

#include <string>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/score.h"
#include "kreg/kernels/kernel.h"
#include "kreg/solvers/fit_settings.h"
#include "kreg/solvers/path_point.h"

namespace kreg {

/// What a path asks for.
struct PathRequest {
  std::vector<double> grid;  ///< lambda or t values as given (empty: the route's default grid)
  long record_every = 0;     ///< iterative methods: record every m updates (0: about 100 log-spaced)
  bool keep_alpha = false;
  Score score;  ///< the validation score beside the MSE
};

/// The columns a route's paths fill beyond the common ones.
struct PathColumns {
  bool iterations = false, converged = false, bounded = false;
};

struct PathResult {
  std::vector<PathPoint> points;
  PathColumns columns;
  std::vector<std::string> warnings;  ///< one line each
};

/// The path of settings.method on `train` (validation may be null); `kernel` is
/// validate(settings)'s value.
PathResult regularisation_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                               const Kernel& kernel, const PathRequest& request);

}  // namespace kreg
