// Growing a cv grid that the data chose: when the best point (min rule) lies on an end of an
// axis that the user did not fix (default_grids.h), the axis is continued beyond that end and
// only the new grid points are cross-validated; at most kMaxGridExtensions times per end. The
// bandwidth axis is then refined once beside its best value (the geometric midpoints of its
// neighbours), so that it is four per decade where it matters and two elsewhere.
#pragma once

#include <string>
#include <vector>

#include "kreg/select/cv.h"
#include "kreg/select/default_grids.h"

namespace kreg {

/// At most this many extensions of one end of one axis.
inline constexpr int kMaxGridExtensions = 2;

/// Which axes may grow: those whose grid came from the data.
struct ExtendableAxes {
  bool bandwidth = false;    ///< only when bandwidth is the only kernel parameter that varies
  bool regulariser = false;  ///< lambda or t
  bool refine = true;        ///< refine the bandwidth once beside its best value
};

/// One extension, for the report.
struct GridExtension {
  std::string axis;         ///< "bandwidth", "lambda" or "t"
  bool downward = false;    ///< below the smallest value (else above the largest)
  bool refined = false;     ///< bandwidth: midpoints beside the best value, not an end
  std::vector<double> added;  ///< increasing
};

/// The scores of the extended grid: `scores` are those of `settings` (its grids are
/// lengthened in place as axes grow). `log` receives each extension. The scores of the new
/// points are computed exactly as the whole grid's would be (compute_cv_scores on them alone).
CvScores extend_grid_at_edges(const Dataset& data, CvSettings& settings, const Folds& folds, CvScores scores,
                              const ExtendableAxes& axes, std::vector<GridExtension>& log,
                              const CvProgress& progress = {});

/// The end of `grid` that `value` sits on: -1 the smallest, +1 the largest, 0 neither (or a
/// grid of one value).
int grid_end(double value, const std::vector<double>& grid);

}  // namespace kreg

namespace kreg {

/// Above this many rows, cv screens the data's bandwidth grid on an evenly spaced sample of
/// kBandwidthScreenRows rows (each keeping its fold) and cross-validates on all rows only the
/// sample's best bandwidth and its neighbours a quarter decade away (screen_bandwidths).
inline constexpr std::size_t kBandwidthScreenRows = 1000;

/// The screening of a large run's bandwidth axis: the grid `settings` holds (the data's, which
/// may grow at its ends) cross-validated on the sample, and the three bandwidths to take to all
/// rows. Empty `chosen` when the sample cannot keep every fold.
struct BandwidthScreen {
  std::size_t rows = 0;                  ///< of the sample
  std::vector<double> screened;          ///< the sample's grid, grown as it grew
  double best = 0.0;                     ///< its best bandwidth (min rule)
  std::vector<double> chosen;            ///< best / 10^0.25, best, best * 10^0.25
};
BandwidthScreen screen_bandwidths(const Dataset& data, const CvSettings& settings, const Folds& folds,
                                  const ExtendableAxes& axes);

/// Fills the axes of `settings` that the user left free with the grids from the data
/// (default_grids.h): the bandwidth grid when `bandwidth_free` (neither a bandwidth nor a
/// bandwidth grid given) and the kernel has a bandwidth; the regulariser grid when
/// `regulariser_free` (neither a value nor a grid given) and the method has one. Returns the
/// axes that may grow (the filled ones; bandwidth only when no other kernel parameter varies)
/// and stores the rules' numbers in `used`.
ExtendableAxes fill_default_grids(CvSettings& settings, const Dataset& data, bool bandwidth_free,
                                  bool regulariser_free, DefaultGrids& used);

}  // namespace kreg
