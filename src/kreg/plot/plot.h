// A picture of a kreg table as SVG: `kreg plot`, and `--plot` of kreg cv, path and loo (which
// draw their own table the same way).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "kreg/io/byte_source.h"
#include "kreg/plot/plot_request.h"
#include "kreg/plot/plot_table.h"

namespace kreg {

/// The SVG picture of the table in `source` (named `name` in messages and, when the request
/// knows neither data, method nor kernel, in the title). `kind`: nullopt = recognised from the
/// header. Throws DataError as read_plot_table and the charts (charts.h) do.
std::string plot_svg(std::unique_ptr<ByteSource> source, const std::string& name, std::optional<PlotKind> kind,
                     const PlotRequest& request);

}  // namespace kreg
