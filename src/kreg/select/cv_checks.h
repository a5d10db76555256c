// What is wrong with the fits of a finished cross-validation run, read from its result: grid
// points whose score is not finite, a chosen point no better than the mean, fits that fell short
// (kl1/klinf not converged, early stopping cut off by t_max, Nystrom fits short of the
// tolerance) and fits of problems unbounded below. A finding is its kind and its numbers; the
// words, which name the options to change, are the command line's.
#pragma once

#include <cstddef>
#include <vector>

#include "kreg/select/cv.h"

namespace kreg {

enum class CvFindingKind {
  kNonFiniteRows,         ///< `count` of `total` grid points have no finite score; `row` is the first
  kBestNoBetterThanMean,  ///< the min rule's point, `row`, has mean R2 `r2` <= 0
  kNotConverged,          ///< `count` of `total` fits stopped at max_iter short of tol (kl1, klinf)
  kStoppedAtTMax,         ///< descent methods: `count` of `total` early-stopping runs reached t_max before the
                          ///< validation error levelled off
  kNystromShortOfTol,     ///< Nystrom: `count` of `total` fits ended short of tol, `at_zero` at lambda = 0
                          ///< (no direct solve there) and `above_zero` at lambda > 0 (the direct solve did no better)
  kUnbounded,             ///< kl1/klinf: `count` of `total` fits are of problems unbounded below
};

/// One finding; the numbers its kind does not use are 0.
struct CvFinding {
  CvFindingKind kind = CvFindingKind::kNonFiniteRows;
  std::size_t count = 0;                    ///< grid points (kNonFiniteRows) or fits (grid point x fold)
  std::size_t total = 0;                    ///< of how many
  std::size_t row = 0;                      ///< index in CvResult::rows of the point the finding names
  double r2 = 0.0;                          ///< kBestNoBetterThanMean: the point's mean R2
  std::size_t at_zero = 0, above_zero = 0;  ///< kNystromShortOfTol: where the fits short of tol are
};

/// The findings about `result`, a run with `settings`, in the order they are best read: the
/// non-finite points, the chosen point's R2, the fits that fell short, the unbounded ones.
/// The counts of fits are the result's (unfinished_fits, unbounded_fits of total_fits); the
/// grid points whose mean score is not finite are counted from its rows, the first named.
std::vector<CvFinding> cv_findings(const CvResult& result, const CvSettings& settings);

}  // namespace kreg
