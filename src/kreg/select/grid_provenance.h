// Where the axes of a cv or loo search came from: the user, or the data by the rules of
// default_grids.h; how cv grew them (grid_extension.h) and how it screened a large run's
// bandwidths. The grid findings (grid_checks.h) and the command line's grid lines read it.
#pragma once

#include <vector>

#include "kreg/select/default_grids.h"
#include "kreg/select/grid_extension.h"

namespace kreg {

struct CvGridProvenance {
  bool bandwidth_from_data = false;      ///< the bandwidth grid is the data's (default_grids.h)
  bool regulariser_from_data = false;    ///< the lambda or t grid is the data's
  bool regulariser_value_given = false;  ///< held at --lambda or --t (not a grid)
  DefaultGrids rules;                    ///< the data's grids for every axis (suggestions for the others)
  std::vector<GridExtension> extensions;
  bool grows = true;       ///< the data's axes were extended at their ends (cv); loo's are not
  BandwidthScreen screen;  ///< a large run's bandwidth screening (empty chosen: none)
};

}  // namespace kreg
