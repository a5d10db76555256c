// The findings about the fits of a finished cross-validation run.
#include "kreg/select/cv_checks.h"

#include <algorithm>
#include <cmath>

#include "kreg/solvers/method_registry.h"

namespace kreg {

namespace {

// Nystrom fits short of tol. A fit whose conjugate gradients stop short of it at lambda > 0 is
// solved directly instead (docs/nystrom.md, "Direct fallback") and counts as finished; what is
// left are the fits at lambda = 0, which has no direct solve, and those whose direct solution
// had the larger residual of the normal equations, so that the iterate was kept.
CvFinding nystrom_short_of_tol(const CvResult& result) {
  CvFinding f{CvFindingKind::kNystromShortOfTol, result.unfinished_fits, result.total_fits};
  for (const CvRow& row : result.rows)
    if (row.regulariser == 0.0) f.at_zero += static_cast<std::size_t>(row.unfinished_folds);
  f.at_zero = std::min(f.at_zero, f.count);
  f.above_zero = f.count - f.at_zero;
  return f;
}

// How the other fits of a method fall short: an iterative solver stops at max_iter short of its
// tolerance (kl1, klinf; a closed form solved iteratively), early stopping reaches t_max before
// the validation error levels off.
CvFindingKind short_of(const MethodInfo& method) {
  switch (method.family) {
    case MethodFamily::kRidge:
    case MethodFamily::kFlow:
    case MethodFamily::kPenalized:
      return CvFindingKind::kNotConverged;
    case MethodFamily::kDescent:
      return CvFindingKind::kStoppedAtTMax;
  }
  enumerator_out_of_range("MethodFamily", "cv_findings");
}

// The fits that fell short: Nystrom's have a direct fallback of their own (above); every
// other solver's stop at an iteration cap, by the method (short_of).
CvFinding fits_short(const CvResult& result, const FitSettings& base) {
  if (base.solver == Solver::kNystrom) return nystrom_short_of_tol(result);
  return {short_of(base.method_info()), result.unfinished_fits, result.total_fits};
}

}  // namespace

std::vector<CvFinding> cv_findings(const CvResult& result, const CvSettings& settings) {
  std::vector<CvFinding> out;
  const auto non_finite = [](const CvRow& r) { return !std::isfinite(r.mean_score); };
  const auto first = std::find_if(result.rows.begin(), result.rows.end(), non_finite);
  if (first != result.rows.end()) {
    CvFinding f{CvFindingKind::kNonFiniteRows,
                static_cast<std::size_t>(std::count_if(result.rows.begin(), result.rows.end(), non_finite)),
                result.rows.size()};
    f.row = static_cast<std::size_t>(first - result.rows.begin());
    out.push_back(f);
  }
  // mean_r2 averages each fold's R2 (1 - its MSE / its variance); the min rule ranks by the
  // score (the MSE by default), so another point may have a higher mean R2: the finding is
  // about the chosen point only.
  if (result.best_min < result.rows.size() && result.rows[result.best_min].mean_r2 <= 0.0) {
    CvFinding f{CvFindingKind::kBestNoBetterThanMean};
    f.row = result.best_min;
    f.r2 = result.rows[result.best_min].mean_r2;
    out.push_back(f);
  }
  if (result.unfinished_fits > 0) out.push_back(fits_short(result, settings.base));
  if (result.unbounded_fits > 0) out.push_back({CvFindingKind::kUnbounded, result.unbounded_fits, result.total_fits});
  return out;
}

}  // namespace kreg
