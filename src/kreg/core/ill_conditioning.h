// When a solution is too ill-conditioned to trust: below this reciprocal condition number of
// the system (K + lambda I, or its analogue for KGF, K + I/t) the coefficients keep fewer than
// about six correct digits, and kreg says so (fit, path, loo, cv refits).
#pragma once

#include <cstddef>
#include <vector>

namespace kreg {

inline constexpr double kIllConditioned = 1e-10;

/// The points of a grid (a path's lambdas or t, a LOO table's points) whose system is too
/// ill-conditioned to trust: `count` of `total` have a reciprocal condition below
/// kIllConditioned, and `worst` is the index of the smallest (the last of equal ones).
struct IllConditionedPoints {
  std::size_t count = 0;
  std::size_t total = 0;
  std::size_t worst = 0;  ///< meaningful when count > 0
};

/// The ill-conditioned points of `rcond` (one reciprocal condition per point; NaN is never
/// below the threshold).
IllConditionedPoints ill_conditioned_points(const std::vector<double>& rcond);

}  // namespace kreg
