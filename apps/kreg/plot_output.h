// `--plot FILE` of kreg cv, path and loo: the picture of the command's own table, drawn as
// `kreg plot TABLE --data DATA --method METHOD --kernel KERNEL` draws it (same bytes).
#pragma once

#include <string>

#include "kreg/plot/plot_request.h"
#include "kreg/plot/plot_table.h"
#include "option_set.h"

namespace kreg::cli {

/// The help of --plot for a command whose table is a `what` ("cv table").
std::string plot_option_help(const std::string& what);
/// The SVG of `table_text` (the CSV the command writes with --output) as a picture of `kind`,
/// titled with the data file, method and kernel.
std::string plot_of_own_table(const std::string& table_text, PlotKind kind, const std::string& data,
                              const std::string& method, const std::string& kernel);

}  // namespace kreg::cli
