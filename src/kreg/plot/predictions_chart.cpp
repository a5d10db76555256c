// The picture of predictions beside their actual values.
#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/plot/chart_rows.h"
#include "kreg/plot/charts.h"

namespace kreg {

Chart predictions_chart(const PlotTable& t, const PlotRequest& request) {
  std::vector<double> actual = request.actual;
  std::string actual_name = request.target.empty() ? "actual" : request.target;
  std::string source_note;
  if (actual.empty()) {
    const std::vector<std::string> candidates = kept_columns(t);
    std::string target = request.target;
    if (target.empty() && candidates.size() == 1) {  // the one column kept beside the predictions
      target = candidates.front();
      source_note = "actual values: column " + target + " of the table";
    }
    if (target.empty()) {
      std::string listed;
      for (const std::string& c : candidates) listed += (listed.empty() ? "" : ", ") + c;
      throw DataError(t.name + ": which values are the actual ones? " +
                      (candidates.empty() ? std::string("the table has predictions only: keep the target when predicting "
                                                        "(kreg predict --keep NAME), or give --data FILE --target NAME")
                                          : "give --target NAME (one of: " + listed + "), or --data FILE --target NAME"));
    }
    actual_name = target;
    actual = t.numbers_of(target);
  } else if (actual.size() != t.rows()) {
    throw DataError(t.name + ": has " + std::to_string(t.rows()) + " rows but the data give " +
                    std::to_string(actual.size()) + " actual values: they must be the rows that were predicted");
  }
  const std::vector<double>& predicted = t["prediction"];
  const bool intervals = t.has("lower") && t.has("upper");

  ChartSeries against{"", actual, predicted, {}, {}, "#0072B2", "", false, true, 1.8};
  ChartSeries residuals{"", predicted, {}, {}, {}, "#0072B2", "", false, true, 1.8};
  double sse = 0, sum = 0, sum2 = 0;
  std::size_t n = 0, covered = 0, with_interval = 0;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    residuals.y.push_back(actual[r] - predicted[r]);
    if (intervals) {
      against.lower.push_back(t["lower"][r]);
      against.upper.push_back(t["upper"][r]);
    }
    if (!std::isfinite(actual[r]) || !std::isfinite(predicted[r])) continue;
    ++n;
    sse += (actual[r] - predicted[r]) * (actual[r] - predicted[r]);
    sum += actual[r];
    sum2 += actual[r] * actual[r];
    if (intervals && std::isfinite(t["lower"][r]) && std::isfinite(t["upper"][r])) {
      ++with_interval;
      covered += t["lower"][r] <= actual[r] && actual[r] <= t["upper"][r];
    }
  }
  if (n == 0) throw DataError(t.name + ": no row has both a finite prediction and a finite actual value");

  Chart chart;
  chart.title = chart_title("Predictions", t.name, request);
  ChartPanel left;
  left.x_label = actual_name;
  left.y_label = intervals ? "prediction (interval)" : "prediction";
  left.diagonal = true;
  left.series.push_back(std::move(against));
  ChartPanel right;
  right.x_label = "prediction";
  right.y_label = actual_name + " − prediction";
  right.zero_line = true;
  right.series.push_back(std::move(residuals));
  chart.panels.push_back(std::move(left));
  chart.panels.push_back(std::move(right));

  const double mean = sum / static_cast<double>(n);
  const double sst = sum2 - static_cast<double>(n) * mean * mean;
  std::string summary = std::to_string(n) + " rows: RMSE " + short_number(std::sqrt(sse / static_cast<double>(n)));
  if (sst > 0) summary += ", R² " + short_number(1.0 - sse / sst);
  if (with_interval > 0)
    summary += "; " + short_number(100.0 * static_cast<double>(covered) / static_cast<double>(with_interval)) +
               "% of actual values inside their interval";
  if (!source_note.empty()) summary = source_note + "; " + summary;
  chart.notes.push_back(summary);
  if (n < t.rows())
    chart.notes.push_back(std::to_string(t.rows() - n) + " rows without a finite prediction or actual value are left out");
  return chart;
}

}  // namespace kreg
