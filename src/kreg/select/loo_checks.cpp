// The findings about a finished leave-one-out search.
#include "kreg/select/loo_checks.h"

#include <algorithm>
#include <cmath>

#include "kreg/core/ill_conditioning.h"

namespace kreg {

std::vector<LooFinding> loo_findings(const LooResult& r, bool lambdas_from_data) {
  std::vector<LooFinding> out;
  const double slack = lambdas_from_data ? 2.0 : 1.0;
  std::vector<double> rcond;
  for (const LooPoint& p : r.points) rcond.push_back(p.rcond * slack < kIllConditioned ? p.rcond : 1.0);
  const IllConditionedPoints ill = ill_conditioned_points(rcond);
  if (ill.count > 0) out.push_back({LooFindingKind::kIllConditioned, ill.count, ill.total, ill.worst});
  if (r.interpolating > 0) out.push_back({LooFindingKind::kInterpolating, r.interpolating, r.points.size()});
  if (r.non_finite > 0) {
    const auto first = std::find_if(r.points.begin(), r.points.end(), [](const LooPoint& p) {
      return !p.interpolates && !(std::isfinite(p.loo_mse) && std::isfinite(p.gcv));
    });
    if (first != r.points.end())
      out.push_back({LooFindingKind::kNonFinite, r.non_finite, r.points.size(),
                     static_cast<std::size_t>(first - r.points.begin())});
  }
  return out;
}

std::vector<GridFinding> loo_grid_findings(const LooGrid& grid, const LooPoint& chosen, CvGridProvenance provenance) {
  provenance.grows = false;
  CvSettings view;
  view.base = grid.base;
  view.kernel_grids = grid.kernel_grids;
  view.regulariser_grid = grid.lambdas;
  return grid_findings(view, chosen.kernel, chosen.lambda, provenance);
}

}  // namespace kreg
