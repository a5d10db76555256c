// Reading a table and drawing the picture of its kind.
#include "kreg/plot/plot.h"

#include "kreg/plot/charts.h"

namespace kreg {

std::string plot_svg(std::unique_ptr<ByteSource> source, const std::string& name, std::optional<PlotKind> kind,
                     const PlotRequest& request) {
  const PlotTable table = read_plot_table(std::move(source), name, kind, request.actual.empty() ? request.target : "");
  Chart chart;
  switch (table.kind) {
    case PlotKind::kCv: chart = cv_chart(table, request); break;
    case PlotKind::kPath: chart = path_chart(table, request); break;
    case PlotKind::kLoo: chart = loo_chart(table, request); break;
    case PlotKind::kPredictions: chart = predictions_chart(table, request); break;
  }
  return draw_chart(chart, request.width, request.height);
}

}  // namespace kreg
