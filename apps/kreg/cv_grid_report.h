// What `kreg cv` (and `kreg loo`) says about its grids: where each axis came from (the user, or
// the data by the rules of kreg/select/default_grids.h), how it grew
// (kreg/select/grid_extension.h), and the words of the warnings when the chosen point sits where
// the grid may have cut the search short (kreg/select/grid_checks.h), each with the exact option
// to add.
#pragma once

#include <string>
#include <vector>

#include "cv_report.h"
#include "kreg/select/grid_checks.h"
#include "kreg/select/grid_provenance.h"

namespace kreg::cli {

/// Lines for the summary: each axis's size and range, and for the data's axes the rule and its
/// numbers; one line per extension.
std::string cv_grid_summary(const CvSettings& settings, const CvColumns& columns, const CvGridProvenance& grids);

/// The warning of a grid finding (kreg/select/grid_checks.h): the chosen point on an end of a
/// grid, or an axis held at one value, naming the option and a grid that looks further.
/// `command` ("cv", "loo") is the one that chose.
std::string grid_warning(const GridFinding& finding, const std::string& command);

/// "logspace:a:b:n" for n log-spaced values from lo to hi (a, b to 2 decimals).
std::string logspace_text(double lo, double hi, int n);

}  // namespace kreg::cli
