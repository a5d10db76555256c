// The picture of a path table: errors against the regulariser (its first column, lambda or t),
// df or non-zeros beside them.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "kreg/core/errors.h"
#include "kreg/plot/chart_rows.h"
#include "kreg/plot/charts.h"

namespace kreg {

namespace {

bool any_finite(const std::vector<double>& v) {
  return std::any_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}

// The row whose regulariser is nearest `value` (in log10 on a log axis).
std::size_t nearest_row(const std::vector<double>& x, double value, Scale scale) {
  std::size_t best = 0;
  double gap = INFINITY;
  for (std::size_t r = 0; r < x.size(); ++r) {
    if (!std::isfinite(x[r]) || (scale == Scale::kLog && x[r] <= 0)) continue;
    const double d = scale == Scale::kLog ? std::fabs(std::log10(x[r]) - std::log10(value)) : std::fabs(x[r] - value);
    if (d < gap) gap = d, best = r;
  }
  return best;
}

}  // namespace

Chart path_chart(const PlotTable& t, const PlotRequest& request) {
  const std::string x_key = t.names.front();
  if (x_key != "lambda" && x_key != "t")
    throw DataError(t.name + ": a path table starts with its regulariser, lambda or t; this one starts with '" +
                    x_key + "'");
  std::vector<std::size_t> rows(t.rows());
  std::iota(rows.begin(), rows.end(), std::size_t{0});
  rows = sorted_by(t, rows, x_key);
  const std::vector<double> x = values_at(t, x_key, rows);
  std::vector<double> positive;
  for (const double v : x)
    if (v > 0) positive.push_back(v);
  const Scale x_scale = !positive.empty() ? scale_for(positive, 20.0) : Scale::kLinear;
  const std::size_t off_axis = x_scale == Scale::kLog ? static_cast<std::size_t>(std::count_if(
                                                            x.begin(), x.end(), [](double v) { return !(v > 0); }))
                                                      : 0;
  const std::vector<double> train = values_at(t, "train_mse", rows);
  if (!any_finite(train)) throw DataError(t.name + ": no row has a finite train_mse: nothing to draw");
  const bool validation = t.has("val_mse") && any_finite(t["val_mse"]);

  Chart chart;
  chart.title = chart_title("Regularisation path", t.name, request);
  ChartPanel errors;
  errors.x_label = axis_name(x_key);
  errors.y_label = "mean squared error";
  errors.x_scale = x_scale;
  std::vector<double> all = train;
  if (validation) {
    const std::vector<double> v = values_at(t, "val_mse", rows);
    all.insert(all.end(), v.begin(), v.end());
  }
  errors.y_scale = scale_for(all, 100.0);
  errors.series.push_back({"training", x, train, {}, {}, "#0072B2", "", true, rows.size() <= 60, 1.8});
  if (validation)
    errors.series.push_back(
        {"validation", x, values_at(t, "val_mse", rows), {}, {}, "#E69F00", "", true, rows.size() <= 60, 1.8});

  // kl1 and klinf: the points that did not converge, and the count of non-zero coefficients.
  const bool penalised = t.has("converged");
  std::size_t unconverged = 0, unbounded = 0;
  if (penalised) {
    ChartSeries bad{"did not converge", {}, {}, {}, {}, "#D55E00", "", false, true, 1.8};
    for (const std::size_t r : rows)
      if (t["converged"][r] == 0.0) {
        ++unconverged;
        bad.x.push_back(t[x_key][r]);
        bad.y.push_back(t["train_mse"][r]);
      }
    if (unconverged > 0) errors.series.push_back(std::move(bad));
    if (t.has("bounded"))
      for (const std::size_t r : rows) unbounded += t["bounded"][r] == 0.0;
  }

  ChartPanel size;
  size.x_label = axis_name(x_key);
  size.x_scale = x_scale;
  const std::string size_key = penalised || !any_finite(t["df"]) ? "nonzero" : "df";
  if (!t.has(size_key)) throw DataError(t.name + ": the path table has no finite df and no nonzero column");
  size.y_label = size_key == "df" ? "degrees of freedom" : "non-zero coefficients";
  size.series.push_back({size_key == "df" ? "df" : "non-zero", x, values_at(t, size_key, rows), {}, {}, "#0072B2", "",
                         true, rows.size() <= 60, 1.8});

  // Marks: the smallest validation error, and the choices asked for.
  auto mark = [&](const std::string& id, const std::string& label, std::size_t r, double at, const char* colour) {
    const std::string& y_key = validation ? "val_mse" : "train_mse";
    errors.markers.push_back({id, at, t[y_key][r], label, colour});
    size.markers.push_back({id, at, t[size_key][r], label, colour});
  };
  if (validation) {
    std::size_t best = rows.front();
    for (const std::size_t r : rows)
      if (std::isfinite(t["val_mse"][r]) && !(t["val_mse"][r] >= t["val_mse"][best])) best = r;
    mark("minval", point_label("smallest validation MSE", t, best, {x_key}), best, t[x_key][best], "#009E73");
  }
  const char* const choice_colours[] = {"#D55E00", "#CC79A7", "#000000"};
  std::size_t k = 0;
  for (const PlotChoice& c : request.choices) {
    const auto at = c.at.find(x_key);
    if (at == c.at.end()) continue;
    const std::size_t r = nearest_row(t[x_key], at->second, x_scale);
    mark(c.id, c.label + ": " + axis_name(x_key) + " " + short_number(at->second), r, at->second,
         choice_colours[std::min<std::size_t>(k++, 2)]);
  }
  chart.panels.push_back(std::move(errors));
  chart.panels.push_back(std::move(size));
  if (off_axis > 0)
    chart.notes.push_back(std::to_string(off_axis) + " point" + (off_axis == 1 ? "" : "s") + " at " +
                          axis_name(x_key) + " = 0 cannot be drawn on the log axis");
  if (unconverged > 0)
    chart.notes.push_back(std::to_string(unconverged) + " of " + std::to_string(t.rows()) +
                          " points did not converge (marked)");
  if (unbounded > 0)
    chart.notes.push_back(std::to_string(unbounded) + " of " + std::to_string(t.rows()) +
                          " points are below the lambda where the problem is unbounded (bounded = 0)");
  return chart;
}

}  // namespace kreg
