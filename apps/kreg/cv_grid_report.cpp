// The grid lines of cv's summary and its grid-edge warnings.
#include "cv_grid_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kreg/core/number_text.h"

namespace kreg::cli {

std::string logspace_text(double lo, double hi, int n) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "logspace:%.2f:%.2f:%d", std::log10(lo), std::log10(hi), n);
  std::string s = buf;
  for (std::string zero : {"-0.00:", ":-0.00"})  // no negative zero in an option value
    for (std::size_t at = s.find(zero); at != std::string::npos; at = s.find(zero))
      s.replace(at, zero.size(), zero[0] == '-' ? "0.00:" : ":0.00");
  return s;
}

namespace {

std::string range_text(const std::vector<double>& grid) {
  if (grid.empty()) return "";
  const auto [lo, hi] = std::minmax_element(grid.begin(), grid.end());
  if (grid.size() == 1) return "1 value, " + readable_number(*lo);
  return std::to_string(grid.size()) + " values from " + readable_number(*lo) + " to " + readable_number(*hi);
}

// A log-spaced grid that continues `grid` by `decades` beyond the end `end` (-1 low, +1 high),
// at its own density (four per decade for a grid of one value).
std::string extended_grid_text(const std::vector<double>& grid, int end, double decades) {
  const auto [lo_it, hi_it] = std::minmax_element(grid.begin(), grid.end());
  double lo = *lo_it, hi = *hi_it;
  const double span = std::log10(hi / lo);
  const double per_decade = grid.size() > 1 && span > 0 ? std::max(1.0, (grid.size() - 1) / span) : 4.0;
  if (end <= 0) lo /= std::pow(10.0, decades);
  if (end >= 0) hi *= std::pow(10.0, decades);
  const int n = 1 + static_cast<int>(std::lround(std::log10(hi / lo) * per_decade));
  return logspace_text(lo, hi, std::max(n, 2));
}

}  // namespace

std::string cv_grid_summary(const CvSettings& s, const CvColumns& c, const CvGridProvenance& g) {
  std::string out;
  if (!g.screen.chosen.empty()) {
    out += "bandwidth screened on " + std::to_string(g.screen.rows) + " evenly spaced rows (each in its fold): " +
           range_text(g.screen.screened) + ", best " + readable_number(g.screen.best) +
           "; all rows cross-validated at it and a quarter decade either side\n";
  }
  // The axes as they ended; for the data's, the rule they started from, and whether they grew
  // (the lines after say how).
  const auto grew = [&g](const std::string& axis) {
    for (const GridExtension& e : g.extensions)
      if (e.axis == axis) return std::string(", then grown as below");
    return std::string();
  };
  for (const KernelParameter* p : c.kernel) {
    const auto grid = s.kernel_grids.find(p->key);
    if (grid == s.kernel_grids.end() || grid->second.empty()) continue;
    out += p->key + " grid: " + range_text(grid->second);
    if (p->key == "bandwidth" && g.bandwidth_from_data)
      out += !g.screen.chosen.empty()
                 ? ", the screened best and a quarter decade either side" + grew(p->key)
                 : ", from the data (two per decade around the median distance between rows, " +
                       readable_number(g.rules.median_distance) + ")" + grew(p->key);
    out += "\n";
  }
  if (!c.regulariser.empty()) {
    out += c.regulariser + " grid: " + range_text(s.regulariser_grid);
    if (g.regulariser_from_data) {
      if (s.base.is_penalized())
        out += ", from the data (lambda_max, where alpha = 0, down three decades)";
      else if (c.regulariser == "t")
        out += ", from the data (four per decade, ten decades up from 1 / the kernel matrix's largest eigenvalue, "
               "1 / " + readable_number(g.rules.mu_top) + ")";
      else
        out += ", from the data (four per decade, ten decades below the kernel matrix's largest eigenvalue, " +
               readable_number(g.rules.mu_top) + ")";
      out += grew(c.regulariser);
    }
    out += "\n";
  }
  for (const GridExtension& e : g.extensions) {
    if (e.refined) {
      out += e.axis + " grid refined beside the best value with";
      for (double v : e.added) out += " " + readable_number(v);
      out += "\n";
      continue;
    }
    out += e.axis + " grid extended " + (e.downward ? "down" : "up") + " to " +
           readable_number(e.downward ? e.added.front() : e.added.back()) + " (" + std::to_string(e.added.size()) +
           " more values): the best point was at its " + (e.downward ? "smallest" : "largest") + " value\n";
  }
  return out;
}

std::vector<std::string> cv_grid_warnings(const CvResult& result, const CvSettings& s, const CvColumns& c,
                                          const CvGridProvenance& g) {
  std::vector<std::string> out;
  const CvRow& best = result.rows[result.best_min];
  // One axis: `from_data` axes warn only once their extensions are used up.
  // `held_by`: the option that gave a one-value axis (--bandwidth, or a grid of one value).
  const auto check = [&](const std::string& key, double value, const std::vector<double>& grid, double lowest,
                         bool from_data, double decades, const std::vector<double>& suggestion, bool from_grid) {
    std::string value_option = "--" + key;
    std::replace(value_option.begin(), value_option.end(), '_', '-');
    const std::string grid_option = value_option + "-grid";
    if (grid.size() == 1 && !from_data) {
      out.push_back(key + " was held at " + readable_number(value) + " (" +
                    (from_grid ? grid_option + " " + readable_number(value) : value_option) +
                    "), so " + g.command + " did not choose it" +
                    (suggestion.size() > 1
                         ? "; to search it, give " + grid_option + " " +
                               logspace_text(*std::min_element(suggestion.begin(), suggestion.end()),
                                             *std::max_element(suggestion.begin(), suggestion.end()),
                                             static_cast<int>(suggestion.size())) +
                               " (the grid kreg takes from these data)"
                         : ""));
      return;
    }
    const int end = grid_end(value, grid);
    if (end == 0 || (end < 0 && value <= lowest)) return;
    const std::string which = end < 0 ? "smallest" : "largest";
    if (decades <= 0.0) {  // a kernel parameter without a log scale (degree, offset, ...)
      out.push_back("the best point (min rule) has " + key + " = " + readable_number(value) + ", the " + which +
                    " value of " + grid_option + ": the best value may lie beyond the grid; consider extending it");
      return;
    }
    if (from_data && !g.grows)
      out.push_back("the best point (min rule) has " + key + " = " + readable_number(value) + ", the " + which +
                    " value of the grid taken from the data: the best value may lie beyond it; to look further, "
                    "give " + grid_option + " " + extended_grid_text(grid, end, decades));
    else if (from_data)
      out.push_back("the best point (min rule) is still at the " + which + " " + key + " (" + readable_number(value) +
                    ") after " + std::to_string(kMaxGridExtensions) + " extensions of the grid; to look further, give " +
                    grid_option + " " + extended_grid_text(grid, end, decades));
    else
      out.push_back("the best point (min rule) has " + key + " = " + readable_number(value) + ", the " + which +
                    " value of " + grid_option + ": the best value may lie beyond the grid; to look further, give " +
                    grid_option + " " + extended_grid_text(grid, end, decades));
  };
  for (const KernelParameter* p : c.kernel) {
    const auto grid = s.kernel_grids.find(p->key);
    const bool bandwidth = p->key == "bandwidth";
    if (grid != s.kernel_grids.end() && !grid->second.empty())
      check(p->key, best.kernel.value(p->key), grid->second, p->lower_bound, bandwidth && g.bandwidth_from_data,
            bandwidth ? 1.0 : 0.0, bandwidth ? g.rules.bandwidth : std::vector<double>{}, true);
    else if (bandwidth)
      check(p->key, best.kernel.value(p->key), {best.kernel.value(p->key)}, p->lower_bound, false, 1.0,
            g.rules.bandwidth, false);
  }
  if (!c.regulariser.empty())
    check(c.regulariser, best.regulariser, s.regulariser_grid, 0.0, g.regulariser_from_data, 2.0, g.rules.regulariser,
          !g.regulariser_value_given);
  return out;
}

}  // namespace kreg::cli
