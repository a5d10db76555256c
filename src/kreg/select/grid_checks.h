// Where the chosen point of a search (cv's min rule, loo's choice) sits on its grids: on an end
// of an axis, where the grid may have cut the search short, or on an axis held at one value,
// which was not searched at all. Each finding names the axis, the value and the end, and a
// log-spaced grid that looks further: the axis continued at its own density, one decade beyond
// a kernel parameter's end and two beyond a regulariser's, or for a held axis the data's grid.
#pragma once

#include <string>
#include <vector>

#include "kreg/kernels/kernel.h"
#include "kreg/select/cv.h"
#include "kreg/select/grid_provenance.h"

namespace kreg {

enum class GridFindingKind {
  kHeld,                  ///< an axis of one value that the user gave: the search did not choose it
  kAtEndOfGivenGrid,      ///< at an end of a grid the user gave
  kAtEndOfLinearGrid,     ///< at an end of a grid without a log scale (degree, offset): no grid to suggest
  kAtEndOfDataGrid,       ///< at an end of the data's grid, which the search does not grow (loo)
  kAtEndAfterExtensions,  ///< at an end of the data's grid still, after `extensions` extensions of it (cv)
};

/// `n` log-spaced values from `lo` to `hi`; n == 0: none.
struct LogGrid {
  double lo = 0.0, hi = 0.0;
  int n = 0;
};

struct GridFinding {
  GridFindingKind kind = GridFindingKind::kHeld;
  std::string axis;           ///< a kernel parameter's key, "lambda" or "t"
  double value = 0.0;         ///< the chosen point's value on it
  std::vector<double> per_feature;  ///< kHeld: the values of a parameter given one per feature (bandwidth)
  int end = 0;                ///< -1 its smallest value, +1 its largest (0 for kHeld)
  bool held_by_grid = false;  ///< kHeld: by a grid of one value (else by the value itself, --bandwidth or --lambda)
  LogGrid further;            ///< a grid that looks further (kHeld: the data's, when it has two values or more)
  int extensions = 0;         ///< kAtEndAfterExtensions: kMaxGridExtensions
};

/// The findings about the point (`kernel`, `regulariser`) chosen from the grids of `grids`
/// (kernel_grids and regulariser_grid; base's method and kernel name the axes), kernel
/// parameters first, in the kernel's order, then the regulariser. A bandwidth without a grid
/// was held at its value (or its values per feature, with no grid to suggest); an end at a
/// parameter's lower bound (lambda = 0, degree 1) is no finding, nothing lies below it.
std::vector<GridFinding> grid_findings(const CvSettings& grids, const KernelSettings& kernel, double regulariser,
                                       const CvGridProvenance& provenance);

/// The findings about cv's best point by the min rule.
std::vector<GridFinding> cv_grid_findings(const CvResult& result, const CvSettings& settings,
                                          const CvGridProvenance& provenance);

}  // namespace kreg
