// What is wrong with a finished leave-one-out search, read from its result: grid points too
// ill-conditioned to trust, points that interpolate a training row (no LOO error), points whose
// LOO error or GCV is not finite; and where the chosen point sits on the grids (grid_checks.h).
// A finding is its kind and its numbers; the words are the command line's.
#pragma once

#include <cstddef>
#include <vector>

#include "kreg/select/grid_checks.h"
#include "kreg/select/loo.h"

namespace kreg {

enum class LooFindingKind {
  kIllConditioned,  ///< `count` of `total` points have K + lambda I too ill-conditioned; `point` is the worst
  kInterpolating,   ///< `count` of `total` points interpolate a training row (never chosen)
  kNonFinite,       ///< `count` of `total` points have a LOO error or GCV not finite; `point` is the first
};

struct LooFinding {
  LooFindingKind kind = LooFindingKind::kIllConditioned;
  std::size_t count = 0;
  std::size_t total = 0;  ///< the grid's points
  std::size_t point = 0;  ///< index in LooResult::points of the point the finding names
};

/// The findings about `result`, in that order. `lambdas_from_data`: the lambda grid is the
/// data's, which ends where K + lambda I has a reciprocal condition of about kIllConditioned by
/// design (up to the estimate of mu_top), so a point counts only when it is twice as
/// ill-conditioned (another kernel point's larger mu_max); otherwise below kIllConditioned.
/// The counts of interpolating and non-finite points are the result's.
std::vector<LooFinding> loo_findings(const LooResult& result, bool lambdas_from_data);

/// The grid findings (grid_checks.h) about `chosen`, a point of the search `grid`; loo never
/// grows the data's grids, whatever `provenance` says.
std::vector<GridFinding> loo_grid_findings(const LooGrid& grid, const LooPoint& chosen, CvGridProvenance provenance);

}  // namespace kreg
