// What is wrong with the points of a regularisation path (routes/path.h), read from them:
// points whose errors or coefficients are not finite (fits that broke down numerically), and
// points whose system is too ill-conditioned to trust. The words are the command line's.
#pragma once

#include <cstddef>
#include <vector>

#include "kreg/core/ill_conditioning.h"
#include "kreg/solvers/path_point.h"

namespace kreg {

/// `count` of `total` points of a path, and `first`, the index of the first of them
/// (meaningful when count > 0).
struct PathPointCount {
  std::size_t count = 0;
  std::size_t total = 0;
  std::size_t first = 0;
};

/// The points whose train MSE or alpha norm is not finite; with `validation` data also those
/// whose validation MSE is not, and with `score_column` (a score other than the MSE, which has
/// its own column) those whose validation score is not.
PathPointCount non_finite_path_points(const std::vector<PathPoint>& path, bool validation, bool score_column);

/// The points whose reciprocal condition (krr, kgf; NaN for the other methods) is below
/// kIllConditioned.
IllConditionedPoints ill_conditioned_path_points(const std::vector<PathPoint>& path);

}  // namespace kreg
