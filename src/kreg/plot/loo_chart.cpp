// The picture of a loo table: LOO MSE (+-1 SE) and GCV against lambda, the log evidence beside
// them; with kernel parameters on the grid, the kernel point of each optimum in colour and the
// others in grey.
#include <algorithm>
#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/plot/chart_rows.h"
#include "kreg/plot/charts.h"

namespace kreg {

namespace {

// The row of the smallest (sign 1) or largest (sign -1) finite value of `column`; rows() if none.
std::size_t optimum(const PlotTable& t, const std::string& column, double sign) {
  std::size_t best = t.rows();
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const double v = sign * t[column][r];
    if (std::isfinite(v) && (best == t.rows() || v < sign * t[column][best])) best = r;
  }
  return best;
}

}  // namespace

Chart loo_chart(const PlotTable& t, const PlotRequest& request) {
  const long at_lambda = t.position("lambda");
  if (at_lambda < 0) throw DataError(t.name + ": a loo table needs the column lambda");
  std::vector<std::string> kernel_columns(t.names.begin(), t.names.begin() + at_lambda);
  const std::vector<std::string> varying = varying_columns(t, kernel_columns);
  const std::vector<RowGroup> groups = group_rows(t, varying);
  std::vector<std::string> label_columns = {"lambda"};
  label_columns.insert(label_columns.end(), varying.begin(), varying.end());
  label_columns.push_back("df");

  const std::size_t best_loo = optimum(t, "loo_mse", 1.0), best_gcv = optimum(t, "gcv", 1.0);
  if (best_loo == t.rows() && best_gcv == t.rows())
    throw DataError(t.name + ": no row has a finite loo_mse or gcv: nothing to draw");
  const bool evidence = t.has("log_evidence") && optimum(t, "log_evidence", -1.0) < t.rows();
  const std::size_t best_evidence = evidence ? optimum(t, "log_evidence", -1.0) : t.rows();

  Chart chart;
  chart.title = chart_title("Leave-one-out, GCV and evidence", t.name, request);
  ChartPanel errors;
  errors.x_label = "λ";
  errors.y_label = "LOO MSE (± 1 SE), GCV";
  errors.x_scale = scale_for(t["lambda"], 20.0);
  ChartPanel ev;
  ev.x_label = "λ";
  ev.y_label = "log evidence";
  ev.x_scale = errors.x_scale;

  const std::size_t g_loo = best_loo < t.rows() ? group_of(groups, best_loo) : 0;
  const std::size_t g_gcv = best_gcv < t.rows() ? group_of(groups, best_gcv) : 0;
  const std::size_t g_ev = evidence ? group_of(groups, best_evidence) : 0;
  bool context_named = false, context_named_ev = false;
  std::vector<ChartSeries> front, front_ev;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::vector<std::size_t> rows = sorted_by(t, groups[g].rows, "lambda");
    const std::vector<double> x = values_at(t, "lambda", rows);
    const std::string suffix = groups.size() > 1 ? " (" + groups[g].label + ")" : "";
    const bool points = rows.size() <= 60;
    if (g == g_loo || g == g_gcv) {
      ChartSeries loo{"LOO MSE" + suffix, x, values_at(t, "loo_mse", rows), {}, {}, "#0072B2", "", true, points, 1.8};
      if (t.has("loo_se"))
        for (const std::size_t r : rows) {
          const double e = std::isfinite(t["loo_se"][r]) ? t["loo_se"][r] : 0.0;
          loo.lower.push_back(t["loo_mse"][r] - e);
          loo.upper.push_back(t["loo_mse"][r] + e);
        }
      front.push_back(std::move(loo));
      front.push_back({"GCV" + suffix, x, values_at(t, "gcv", rows), {}, {}, "#E69F00", "6 3", true, false, 1.8});
    } else {
      ChartSeries s{context_named ? "" : "LOO MSE, other " + (varying.size() == 1 ? varying.front() + "s" : "kernel points"),
                    x, values_at(t, "loo_mse", rows), {}, {}, kContextColour, "", true, false, 1.0};
      context_named = true;
      errors.series.push_back(std::move(s));
    }
    if (!evidence) continue;
    if (g == g_ev) {
      front_ev.push_back(
          {"log evidence" + suffix, x, values_at(t, "log_evidence", rows), {}, {}, "#CC79A7", "", true, points, 1.8});
    } else {
      ev.series.push_back({context_named_ev ? "" : "other " + (varying.size() == 1 ? varying.front() + "s" : "kernel points"),
                           x, values_at(t, "log_evidence", rows), {}, {}, kContextColour, "", true, false, 1.0});
      context_named_ev = true;
    }
  }
  for (ChartSeries& s : front) errors.series.push_back(std::move(s));
  std::vector<double> extent;  // a log scale when the errors span a decade or more
  for (const ChartSeries& s : errors.series) {
    extent.insert(extent.end(), s.y.begin(), s.y.end());
    extent.insert(extent.end(), s.lower.begin(), s.lower.end());
  }
  errors.y_scale = scale_for(extent, 10.0);
  for (ChartSeries& s : front_ev) ev.series.push_back(std::move(s));
  if (best_loo < t.rows())
    errors.markers.push_back({"loo", t["lambda"][best_loo], t["loo_mse"][best_loo],
                              point_label("min LOO", t, best_loo, label_columns), "#D55E00"});
  if (best_gcv < t.rows())
    errors.markers.push_back({"gcv", t["lambda"][best_gcv], t["gcv"][best_gcv],
                              point_label("min GCV", t, best_gcv, label_columns), "#009E73"});
  chart.panels.push_back(std::move(errors));
  if (evidence) {
    ev.markers.push_back({"evidence", t["lambda"][best_evidence], t["log_evidence"][best_evidence],
                          point_label("max evidence", t, best_evidence, label_columns), "#D55E00"});
    chart.panels.push_back(std::move(ev));
  } else {
    chart.notes.push_back("no finite log evidence in the table: its panel is left out");
  }
  std::size_t missing = 0;
  for (std::size_t r = 0; r < t.rows(); ++r) missing += !std::isfinite(t["loo_mse"][r]);
  if (missing > 0)
    chart.notes.push_back(std::to_string(missing) + " of " + std::to_string(t.rows()) +
                          " grid points have no finite LOO MSE and are left out");
  return chart;
}

}  // namespace kreg
