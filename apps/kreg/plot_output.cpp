// The picture a command draws of its own table.
#include "plot_output.h"

#include "kreg/io/byte_source.h"
#include "kreg/plot/plot.h"

namespace kreg::cli {

std::string plot_option_help(const std::string& what) {
  return "draw the " + what + " as an SVG picture (as kreg plot draws the --output table; default size)";
}

std::string plot_of_own_table(const std::string& table_text, PlotKind kind, const std::string& data,
                              const std::string& method, const std::string& kernel) {
  PlotRequest request;
  request.data = data;
  request.method = method;
  request.kernel = kernel;
  return plot_svg(memory_input(table_text, "the table"), "the table", kind, request);
}

}  // namespace kreg::cli
