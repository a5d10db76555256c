// The findings about the points of a regularisation path.
#include "kreg/select/path_checks.h"

#include <algorithm>
#include <cmath>

namespace kreg {

PathPointCount non_finite_path_points(const std::vector<PathPoint>& path, bool validation, bool score_column) {
  const auto broken = [&](const PathPoint& p) {
    return !std::isfinite(p.train_mse) || !std::isfinite(p.alpha_norm) ||
           (validation && (!std::isfinite(p.val_mse) || (score_column && !std::isfinite(p.val_score))));
  };
  PathPointCount out;
  out.total = path.size();
  out.count = static_cast<std::size_t>(std::count_if(path.begin(), path.end(), broken));
  out.first = static_cast<std::size_t>(std::find_if(path.begin(), path.end(), broken) - path.begin());
  return out;
}

IllConditionedPoints ill_conditioned_path_points(const std::vector<PathPoint>& path) {
  std::vector<double> rcond;
  for (const PathPoint& p : path) rcond.push_back(p.rcond);
  return ill_conditioned_points(rcond);
}

}  // namespace kreg
