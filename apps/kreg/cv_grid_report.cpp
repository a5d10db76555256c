// The grid lines of cv's summary and the words of its grid warnings.
#include "cv_grid_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kreg/core/number_text.h"
#include "kreg/kernels/per_feature_bandwidth.h"
#include "kreg/solvers/method_registry.h"

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

std::string grid_warning(const GridFinding& f, const std::string& command) {
  std::string value_option = "--" + f.axis;
  std::replace(value_option.begin(), value_option.end(), '_', '-');
  const std::string grid_option = value_option + "-grid";
  const std::string value = f.per_feature.empty() ? readable_number(f.value) : per_feature_text(f.per_feature);
  const std::string which = f.end < 0 ? "smallest" : "largest";
  const auto further = [&f] { return logspace_text(f.further.lo, f.further.hi, f.further.n); };
  switch (f.kind) {
    case GridFindingKind::kHeld:
      return f.axis + " was held at " + value + " (" + (f.held_by_grid ? grid_option + " " + value : value_option) +
             (f.per_feature.empty() ? "" : ", one per feature") + "), so " + command + " did not choose it" +
             (f.further.n > 0
                  ? "; to search it, give " + grid_option + " " + further() + " (the grid kreg takes from these data)"
                  : "");
    case GridFindingKind::kAtEndOfLinearGrid:
      return "the best point (min rule) has " + f.axis + " = " + value + ", the " + which + " value of " + grid_option +
             ": the best value may lie beyond the grid; consider extending it";
    case GridFindingKind::kAtEndOfDataGrid:
      return "the best point (min rule) has " + f.axis + " = " + value + ", the " + which +
             " value of the grid taken from the data: the best value may lie beyond it; to look further, give " +
             grid_option + " " + further();
    case GridFindingKind::kAtEndAfterExtensions:
      return "the best point (min rule) is still at the " + which + " " + f.axis + " (" + value + ") after " +
             std::to_string(f.extensions) + " extensions of the grid; to look further, give " + grid_option + " " +
             further();
    case GridFindingKind::kAtEndOfGivenGrid:
      return "the best point (min rule) has " + f.axis + " = " + value + ", the " + which + " value of " + grid_option +
             ": the best value may lie beyond the grid; to look further, give " + grid_option + " " + further();
  }
  enumerator_out_of_range("GridFindingKind", "grid_warning");
}

}  // namespace kreg::cli
