// What `kreg cv` says about its grids: where each axis came from (the user, or the data by the
// rules of kreg/select/default_grids.h), how it grew (kreg/select/grid_extension.h), and the
// warnings when the best point (min rule) sits where the grid may have cut the search short,
// each with the exact option to add.
#pragma once

#include <string>
#include <vector>

#include "cv_report.h"
#include "kreg/select/grid_extension.h"

namespace kreg::cli {

/// Where the axes of a run came from.
struct CvGridProvenance {
  bool bandwidth_from_data = false;    ///< the bandwidth grid is the data's (default_grids.h)
  bool regulariser_from_data = false;  ///< the lambda or t grid is the data's
  bool regulariser_value_given = false;  ///< held at --lambda or --t (not a grid)
  DefaultGrids rules;                  ///< the data's grids for every axis (suggestions for the others)
  std::vector<GridExtension> extensions;
  bool grows = true;  ///< the data's axes were extended at their ends (cv); loo's are not
  std::string command = "cv";  ///< who chose ("cv", "loo"), for the messages
  BandwidthScreen screen;  ///< a large run's bandwidth screening (empty chosen: none)
};

/// Lines for the summary: each axis's size and range, and for the data's axes the rule and its
/// numbers; one line per extension.
std::string cv_grid_summary(const CvSettings& settings, const CvColumns& columns, const CvGridProvenance& grids);

/// Warnings: the best point on an end of a grid the user gave (of any size, one value
/// included) or at an end of the data's grid that is still there after kMaxGridExtensions;
/// each names the option and a grid that looks further.
std::vector<std::string> cv_grid_warnings(const CvResult& result, const CvSettings& settings,
                                          const CvColumns& columns, const CvGridProvenance& grids);

/// "logspace:a:b:n" for n log-spaced values from lo to hi (a, b to 2 decimals).
std::string logspace_text(double lo, double hi, int n);

}  // namespace kreg::cli
