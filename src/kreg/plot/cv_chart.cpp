// The picture of a cv table. The choices are found from the table by the rules of kreg cv
// (select/simplicity.h): min = the smallest mean score; 1se = the simplest grid point whose
// mean score is within one standard error of the minimum's.
#include <algorithm>
#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/kernels/kernel.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/plot/chart_rows.h"
#include "kreg/plot/charts.h"
#include "kreg/select/simplicity.h"

namespace kreg {

namespace {

constexpr std::size_t kColouredGroups = 5;
const char* const kMinColour = "#D55E00";
const char* const kOneSeColour = "#009E73";
const std::vector<std::string> kCurveColours = {"#0072B2", "#E69F00", "#CC79A7", "#56B4E9", "#000000"};

struct CvLayout {
  std::string score = "mse";       // the score the choices are made on
  std::string regulariser;         // "lambda", "t" or "" (early stopping: t chosen per kernel point)
  std::vector<std::string> kernel_columns;
};

CvLayout layout_of(const PlotTable& t) {
  CvLayout l;
  for (const std::string& n : t.names)  // a score other than the MSE, given to kreg cv with --score
    if (n.rfind("mean_", 0) == 0 && n != "mean_mse" && n != "mean_r2" && t.has("se_" + n.substr(5))) {
      l.score = n.substr(5);
      break;
    }
  const long first_score = t.position("mean_mse");
  for (const std::string r : {"lambda", "t"})
    if (t.position(r) >= 0 && t.position(r) < first_score) l.regulariser = r;
  for (long c = 0; c < first_score; ++c) {
    const std::string& name = t.names[static_cast<std::size_t>(c)];
    if (name == l.regulariser) continue;
    if (find_kernel_parameter(name) == nullptr)
      throw DataError(t.name + ": column '" + name +
                      "' comes before the scores but is not a kernel parameter: not a cv table that kreg writes");
    l.kernel_columns.push_back(name);
  }
  if (l.regulariser.empty() && l.kernel_columns.empty() && !t.has("t"))
    throw DataError(t.name + ": the cv table has neither a regulariser (lambda, t) nor a kernel parameter to draw against");
  return l;
}

KernelSettings kernel_point(const PlotTable& t, const CvLayout& l, std::size_t row) {
  KernelSettings k;
  for (const std::string& c : l.kernel_columns) k.values[c] = t[c][row];
  return k;
}

std::string upper_score(const std::string& score) {
  std::string s = score;
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

}  // namespace

Chart cv_chart(const PlotTable& t, const PlotRequest& request) {
  const CvLayout l = layout_of(t);
  const std::vector<double>& mean = t["mean_" + l.score];
  const std::vector<double>& se = t["se_" + l.score];
  const std::string score_name = "mean " + upper_score(l.score);

  // The choices.
  std::size_t best = t.rows(), finite = 0;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    if (!std::isfinite(mean[r])) continue;
    ++finite;
    if (best == t.rows() || mean[r] < mean[best]) best = r;
  }
  if (finite == 0)
    throw DataError(t.name + ": no row has a finite mean_" + l.score + ": nothing to draw");
  const double threshold = mean[best] + (std::isfinite(se[best]) ? se[best] : 0.0);
  std::size_t one_se = best;
  for (std::size_t r = 0; r < t.rows(); ++r)
    if (std::isfinite(mean[r]) && mean[r] <= threshold &&
        simpler_point(kernel_point(t, l, r), l.regulariser.empty() ? 0.0 : t[l.regulariser][r],
                      kernel_point(t, l, one_se), l.regulariser.empty() ? 0.0 : t[l.regulariser][one_se],
                      l.regulariser, l.kernel_columns))
      one_se = r;

  const std::vector<std::string> varying = varying_columns(t, l.kernel_columns);
  std::string x_key = l.regulariser;
  if (x_key.empty()) x_key = varying.empty() ? (t.has("t") ? "t" : l.kernel_columns.front()) : varying.front();
  std::vector<std::string> curve_keys;
  for (const std::string& c : varying)
    if (c != x_key) curve_keys.push_back(c);
  std::vector<std::string> choice_columns;  // what the labels name: the regulariser, then what varies
  if (!l.regulariser.empty()) choice_columns.push_back(l.regulariser);
  for (const std::string& c : varying) choice_columns.push_back(c);
  if (choice_columns.empty()) choice_columns.push_back(x_key);

  Chart chart;
  chart.title = chart_title("Cross-validation", t.name, request);
  ChartPanel main;
  main.x_label = axis_name(x_key);
  main.y_label = score_name + " (± 1 SE)";
  main.x_scale = scale_for(t[x_key], 20.0);
  const std::vector<RowGroup> groups = group_rows(t, curve_keys);
  const std::size_t g_best = group_of(groups, best), g_one_se = group_of(groups, one_se);
  const bool all_coloured = groups.size() <= kColouredGroups;
  bool context_named = false;
  std::vector<ChartSeries> coloured;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::vector<std::size_t> rows = sorted_by(t, groups[g].rows, x_key);
    ChartSeries s;
    s.x = values_at(t, x_key, rows);
    s.y = values_at(t, "mean_" + l.score, rows);
    s.points = rows.size() <= 60;
    const bool highlighted = all_coloured || g == g_best || g == g_one_se;
    if (highlighted && (groups.size() <= 3 || g == g_best || g == g_one_se)) {
      for (const std::size_t r : rows) {
        const double e = std::isfinite(se[r]) ? se[r] : 0.0;
        s.lower.push_back(mean[r] - e);
        s.upper.push_back(mean[r] + e);
      }
    }
    if (highlighted) {
      s.colour = kCurveColours[coloured.size() % kCurveColours.size()];
      s.name = groups[g].label.empty() ? score_name : groups[g].label;
      coloured.push_back(std::move(s));
    } else {
      s.colour = kContextColour;
      s.width = 1.0;
      s.points = false;
      if (!context_named) s.name = "other " + (curve_keys.size() == 1 ? curve_keys.front() + "s" : "kernel points");
      context_named = true;
      main.series.push_back(std::move(s));
    }
  }
  for (ChartSeries& s : coloured) main.series.push_back(std::move(s));
  // A log scale when the errors span a decade or more (and every error bar stays above zero).
  std::vector<double> extent;
  for (const ChartSeries& s : main.series) {
    extent.insert(extent.end(), s.y.begin(), s.y.end());
    extent.insert(extent.end(), s.lower.begin(), s.lower.end());
  }
  main.y_scale = scale_for(extent, 10.0);
  main.markers.push_back({"min", t[x_key][best], mean[best], point_label("min", t, best, choice_columns), kMinColour});
  main.markers.push_back(
      {"1se", t[x_key][one_se], mean[one_se], point_label("1se", t, one_se, choice_columns), kOneSeColour});
  chart.panels.push_back(std::move(main));

  // With a regulariser and a varying kernel parameter: the profile over that parameter.
  if (!l.regulariser.empty() && !varying.empty()) {
    const std::string p = varying.front();
    const std::vector<RowGroup> by_p = group_rows(t, {p});
    ChartPanel profile;
    profile.x_label = axis_name(p);
    profile.y_label = "smallest " + score_name + " over " + axis_name(l.regulariser) +
                      (varying.size() > 1 ? " and " + varying[1] + (varying.size() > 2 ? ", ..." : "") : "");
    profile.x_scale = scale_for(t[p], 20.0);
    ChartSeries s;
    s.name = "best over " + axis_name(l.regulariser);
    s.points = true;
    std::vector<std::pair<double, double>> points;
    for (const RowGroup& g : by_p) {
      double m = NAN;
      for (const std::size_t r : g.rows)
        if (std::isfinite(mean[r]) && !(mean[r] >= m)) m = mean[r];
      points.emplace_back(t[p][g.rows.front()], m);
    }
    std::sort(points.begin(), points.end());
    for (const auto& [x, y] : points) {
      s.x.push_back(x);
      s.y.push_back(y);
    }
    profile.series.push_back(std::move(s));
    profile.markers.push_back({"min", t[p][best], mean[best], point_label("min", t, best, {p}), kMinColour});
    profile.markers.push_back(
        {"1se", t[p][one_se], mean[one_se], point_label("1se", t, one_se, {p}), kOneSeColour});
    chart.panels.push_back(std::move(profile));
  }

  if (finite < t.rows())
    chart.notes.push_back(std::to_string(t.rows() - finite) + " of " + std::to_string(t.rows()) +
                          " grid points have no finite mean_" + l.score + " and are left out");
  chart.notes.push_back("min: smallest " + score_name + "; 1se: " +
                        one_se_rule_text(l.regulariser, l.kernel_columns) + " (" + std::to_string(t.rows()) +
                        " grid points)");
  return chart;
}

}  // namespace kreg
