// The findings about where a search's chosen point sits on its grids.
#include "kreg/select/grid_checks.h"

#include <algorithm>
#include <cmath>

#include "kreg/kernels/kernel_parameter.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg {

namespace {

// A log-spaced grid that continues `grid` by `decades` beyond the end `end` (-1 low, +1 high),
// at its own density (four per decade for a grid of one value), at least two values.
LogGrid extended(const std::vector<double>& grid, int end, double decades) {
  const auto [lo_it, hi_it] = std::minmax_element(grid.begin(), grid.end());
  LogGrid g{*lo_it, *hi_it, 0};
  const double span = std::log10(g.hi / g.lo);
  const double per_decade = grid.size() > 1 && span > 0 ? std::max(1.0, (grid.size() - 1) / span) : 4.0;
  if (end <= 0) g.lo /= std::pow(10.0, decades);
  if (end >= 0) g.hi *= std::pow(10.0, decades);
  g.n = std::max(2, 1 + static_cast<int>(std::lround(std::log10(g.hi / g.lo) * per_decade)));
  return g;
}

// One axis of the search.
struct Axis {
  std::string key;
  double value = 0.0;              ///< the chosen point's
  std::vector<double> grid;        ///< its values
  double lowest = 0.0;             ///< nothing lies below (the parameter's lower bound)
  bool from_data = false;          ///< the data's grid: a finding only once it may grow no more
  double decades = 0.0;            ///< how far a suggested grid looks beyond an end; 0: no log scale
  std::vector<double> suggestion;  ///< the data's grid, for an axis held at one value
  std::vector<double> per_feature;  ///< held at these values, one per feature
  bool held_by_grid = false;       ///< a one-value axis came from a grid (else from the value)
};

void check(const Axis& a, bool grows, std::vector<GridFinding>& out) {
  GridFinding f;
  f.axis = a.key;
  f.value = a.value;
  if (a.grid.size() == 1 && !a.from_data) {
    f.kind = GridFindingKind::kHeld;
    f.held_by_grid = a.held_by_grid;
    f.per_feature = a.per_feature;
    if (a.suggestion.size() > 1)
      f.further = {*std::min_element(a.suggestion.begin(), a.suggestion.end()),
                   *std::max_element(a.suggestion.begin(), a.suggestion.end()), static_cast<int>(a.suggestion.size())};
    out.push_back(f);
    return;
  }
  f.end = grid_end(a.value, a.grid);
  if (f.end == 0 || (f.end < 0 && a.value <= a.lowest)) return;
  if (a.decades <= 0.0) {
    f.kind = GridFindingKind::kAtEndOfLinearGrid;
  } else {
    f.further = extended(a.grid, f.end, a.decades);
    if (!a.from_data) {
      f.kind = GridFindingKind::kAtEndOfGivenGrid;
    } else if (grows) {
      f.kind = GridFindingKind::kAtEndAfterExtensions;
      f.extensions = kMaxGridExtensions;
    } else {
      f.kind = GridFindingKind::kAtEndOfDataGrid;
    }
  }
  out.push_back(f);
}

}  // namespace

std::vector<GridFinding> grid_findings(const CvSettings& s, const KernelSettings& kernel, double regulariser,
                                       const CvGridProvenance& g) {
  std::vector<GridFinding> out;
  for (const std::string& key : kernel_option_keys(s.base.kernel.name)) {
    const KernelParameter* p = find_kernel_parameter(key);
    const bool bandwidth = key == "bandwidth";
    Axis a;
    a.key = key;
    a.value = kernel.value(key);
    a.lowest = p->lower_bound;
    a.decades = bandwidth ? 1.0 : 0.0;
    if (bandwidth) a.suggestion = g.rules.bandwidth;
    const auto grid = s.kernel_grids.find(key);
    if (grid != s.kernel_grids.end() && !grid->second.empty()) {
      a.grid = grid->second;
      a.from_data = bandwidth && g.bandwidth_from_data;
      a.held_by_grid = true;
    } else if (bandwidth) {  // held at its value
      a.grid = {a.value};
      if (const std::vector<double>* values = kernel.per_feature_values(key)) {
        a.per_feature = *values;
        a.suggestion.clear();  // the data's grid is of one bandwidth for every feature
      }
    } else {
      continue;
    }
    check(a, g.grows, out);
  }
  const std::string reg = regulariser_name(s.base.method);
  if (!reg.empty()) {
    Axis a;
    a.key = reg;
    a.value = regulariser;
    a.grid = s.regulariser_grid;
    a.from_data = g.regulariser_from_data;
    a.decades = 2.0;
    a.suggestion = g.rules.regulariser;
    a.held_by_grid = !g.regulariser_value_given;
    check(a, g.grows, out);
  }
  return out;
}

std::vector<GridFinding> cv_grid_findings(const CvResult& result, const CvSettings& settings,
                                          const CvGridProvenance& provenance) {
  const CvRow& best = result.rows.at(result.best_min);
  return grid_findings(settings, best.kernel, best.regulariser, provenance);
}

}  // namespace kreg
