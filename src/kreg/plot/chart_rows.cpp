// Grouping and labelling the rows of kreg's tables.
#include "kreg/plot/chart_rows.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kreg {

std::vector<std::string> varying_columns(const PlotTable& t, const std::vector<std::string>& columns) {
  std::vector<std::string> out;
  for (const std::string& c : columns) {
    const std::vector<double>& v = t[c];
    for (const double x : v)
      if (!(x == v.front()) && !(std::isnan(x) && std::isnan(v.front()))) {
        out.push_back(c);
        break;
      }
  }
  return out;
}

std::vector<RowGroup> group_rows(const PlotTable& t, const std::vector<std::string>& columns) {
  std::vector<RowGroup> groups;
  std::vector<std::vector<double>> keys;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    std::vector<double> key;
    for (const std::string& c : columns) key.push_back(t[c][r]);
    std::size_t g = 0;
    while (g < keys.size() && keys[g] != key) ++g;
    if (g == keys.size()) {
      keys.push_back(key);
      RowGroup group;
      for (std::size_t i = 0; i < columns.size(); ++i)
        group.label += (i ? ", " : "") + axis_name(columns[i]) + " " + short_number(key[i]);
      groups.push_back(group);
    }
    groups[g].rows.push_back(r);
  }
  return groups;
}

std::size_t group_of(const std::vector<RowGroup>& groups, std::size_t row) {
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (std::find(groups[g].rows.begin(), groups[g].rows.end(), row) != groups[g].rows.end()) return g;
  return 0;
}

std::vector<std::size_t> sorted_by(const PlotTable& t, std::vector<std::size_t> rows, const std::string& column) {
  const std::vector<double>& v = t[column];
  std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
    if (std::isnan(v[a]) || std::isnan(v[b])) return !std::isnan(v[a]) && std::isnan(v[b]);
    return v[a] < v[b];
  });
  return rows;
}

std::vector<double> values_at(const PlotTable& t, const std::string& column, const std::vector<std::size_t>& rows) {
  std::vector<double> out;
  out.reserve(rows.size());
  for (const std::size_t r : rows) out.push_back(t[column][r]);
  return out;
}

std::string short_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

std::string axis_name(const std::string& column) { return column == "lambda" ? "λ" : column; }

std::string point_label(const std::string& head, const PlotTable& t, std::size_t row,
                        const std::vector<std::string>& columns) {
  std::string s = head;
  for (std::size_t i = 0; i < columns.size(); ++i)
    s += (i ? ", " : ": ") + axis_name(columns[i]) + " " + short_number(t[columns[i]][row]);
  return s;
}

std::string chart_title(const std::string& what, const std::string& table_name, const PlotRequest& request) {
  if (!request.title.empty()) return request.title;
  const std::string &data = request.data, &method = request.method, &kernel = request.kernel;
  if (method.empty() && kernel.empty() && data.empty()) return what + ": " + table_name;
  std::string s = what;
  if (!method.empty()) s += " of " + method;
  if (!kernel.empty()) s += (method.empty() ? " with the " : " (") + kernel + " kernel" + (method.empty() ? "" : ")");
  if (!data.empty()) s += " on " + data;
  return s;
}

}  // namespace kreg
