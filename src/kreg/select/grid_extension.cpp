// Extending a data-chosen cv grid at the end where the best point lies (grid_extension.h).
#include "kreg/select/grid_extension.h"

#include <algorithm>
#include <cmath>

#include "kreg/select/default_grids.h"

namespace kreg {

int grid_end(double value, const std::vector<double>& grid) {
  if (grid.size() < 2) return 0;
  const auto [lo, hi] = std::minmax_element(grid.begin(), grid.end());
  if (value == *lo) return -1;
  if (value == *hi) return 1;
  return 0;
}

namespace {

// Appends (or prepends) the per-value entries of `extra` to `base`; an empty vector means
// "all zero" (unfinished, unbounded), so it is filled before joining when the other has entries.
template <class T>
void join(std::vector<T>& base, std::size_t base_count, std::vector<T> extra, std::size_t extra_count, bool front) {
  if (base.empty() && extra.empty()) return;
  if (base.empty()) base.assign(base_count, T{});
  if (extra.empty()) extra.assign(extra_count, T{});
  if (front)
    base.insert(base.begin(), extra.begin(), extra.end());
  else
    base.insert(base.end(), extra.begin(), extra.end());
}

// The regulariser grid grows: every (kernel point, fold) slot gains the new values' scores.
void join_regulariser(CvScores& scores, CvScores extra, std::size_t added, bool front) {
  const std::size_t old_count = scores.grid_values;
  for (std::size_t i = 0; i < scores.slots.size(); ++i) {
    CvFoldScores& s = scores.slots[i];
    CvFoldScores& e = extra.slots[i];
    join(s.mse, old_count, std::move(e.mse), added, front);
    join(s.r2, old_count, std::move(e.r2), added, front);
    join(s.score, old_count, std::move(e.score), added, front);
    join(s.unfinished, old_count, std::move(e.unfinished), added, front);
    join(s.unbounded, old_count, std::move(e.unbounded), added, front);
  }
  scores.grid_values += added;
}

// The bandwidth axis (the only kernel parameter that varies) gains `added`: the new kernel
// points' slots (k per point) are merged in so that the grid stays in increasing order.
void join_kernels(CvScores& scores, std::vector<double>& grid, CvScores extra, const std::vector<double>& added) {
  const std::size_t k = static_cast<std::size_t>(scores.folds);
  std::vector<double> all = grid;
  all.insert(all.end(), added.begin(), added.end());
  std::vector<std::size_t> order(all.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return all[a] < all[b]; });
  std::vector<CvFoldScores> slots;
  std::vector<char> filled;
  for (std::size_t i : order) {
    CvScores& from = i < grid.size() ? scores : extra;
    const std::size_t first = (i < grid.size() ? i : i - grid.size()) * k;
    for (std::size_t f = 0; f < k; ++f) {
      slots.push_back(std::move(from.slots[first + f]));
      filled.push_back(from.filled[first + f]);
    }
  }
  scores.slots = std::move(slots);
  scores.filled = std::move(filled);
  scores.tasks += extra.tasks;
  grid.clear();
  for (std::size_t i : order) grid.push_back(all[i]);
}

// Cross-validates the bandwidths `added` alone and merges them into the run.
void add_bandwidths(const Dataset& data, CvSettings& settings, const Folds& folds, CvScores& scores,
                    const std::vector<double>& added, const CvProgress& progress) {
  CvSettings part = settings;
  part.kernel_grids["bandwidth"] = added;
  join_kernels(scores, settings.kernel_grids.at("bandwidth"), compute_cv_scores(data, part, folds, CvShard{}, progress),
               added);
}

}  // namespace

CvScores extend_grid_at_edges(const Dataset& data, CvSettings& settings, const Folds& folds, CvScores scores,
                              const ExtendableAxes& axes, std::vector<GridExtension>& log,
                              const CvProgress& progress) {
  const std::string reg = regulariser_name(settings.base.method);
  int used[2][2] = {{0, 0}, {0, 0}};  // [axis: 0 bandwidth, 1 regulariser][end: 0 low, 1 high]
  bool refined = false;
  for (;;) {
    const CvResult result = aggregate_cv(settings, folds, scores);
    const CvRow& best = result.rows[result.best_min];
    GridExtension ext;
    if (axes.regulariser && !reg.empty()) {
      const int end = grid_end(best.regulariser, settings.regulariser_grid);
      if (end != 0 && used[1][end > 0] < kMaxGridExtensions) {
        ++used[1][end > 0];
        ext.axis = reg;
        ext.downward = end < 0;
        // lambda: two decades; t: the same, on its reciprocal scale.
        ext.added = extend_log_axis(end < 0 ? *std::min_element(settings.regulariser_grid.begin(),
                                                                settings.regulariser_grid.end())
                                            : *std::max_element(settings.regulariser_grid.begin(),
                                                                settings.regulariser_grid.end()),
                                    ext.downward, kGridPointsPerDecade, 2 * kGridPointsPerDecade);
        CvSettings part = settings;
        part.regulariser_grid = ext.added;
        join_regulariser(scores, compute_cv_scores(data, part, folds, CvShard{}, progress), ext.added.size(),
                         ext.downward);
        std::vector<double>& grid = settings.regulariser_grid;
        grid.insert(ext.downward ? grid.begin() : grid.end(), ext.added.begin(), ext.added.end());
        log.push_back(ext);
        continue;
      }
    }
    if (axes.bandwidth) {
      std::vector<double>& grid = settings.kernel_grids.at("bandwidth");
      const int end = grid_end(best.kernel.value("bandwidth"), grid);
      if (end != 0 && used[0][end > 0] < kMaxGridExtensions) {
        ++used[0][end > 0];
        ext.axis = "bandwidth";
        ext.downward = end < 0;
        ext.added = extend_log_axis(end < 0 ? *std::min_element(grid.begin(), grid.end())
                                            : *std::max_element(grid.begin(), grid.end()),
                                    ext.downward, kBandwidthsPerDecade, kBandwidthsPerDecade);
        add_bandwidths(data, settings, folds, scores, ext.added, progress);
        log.push_back(ext);
        continue;
      }
      // Refined once, beside the best value: the geometric midpoints of its neighbours.
      if (axes.refine && !refined) {
        refined = true;
        const double b = best.kernel.value("bandwidth");
        const auto at = std::find(grid.begin(), grid.end(), b);
        ext.axis = "bandwidth";
        ext.refined = true;
        if (at != grid.begin()) ext.added.push_back(std::sqrt(*(at - 1) * b));
        if (at + 1 != grid.end()) ext.added.push_back(std::sqrt(*(at + 1) * b));
        if (!ext.added.empty()) {
          add_bandwidths(data, settings, folds, scores, ext.added, progress);
          log.push_back(ext);
          continue;
        }
      }
    }
    return scores;
  }
}

}  // namespace kreg

namespace kreg {

BandwidthScreen screen_bandwidths(const Dataset& data, const CvSettings& settings, const Folds& folds,
                                  const ExtendableAxes& axes) {
  BandwidthScreen out;
  const arma::uvec rows = spread_rows(data.n(), kBandwidthScreenRows);
  Dataset sample = data;
  sample.X = data.X.rows(rows);
  sample.y = data.y.elem(rows);
  Folds sample_folds;
  sample_folds.k = folds.k;
  std::vector<std::size_t> per_fold(static_cast<std::size_t>(folds.k), 0);
  for (arma::uword r : rows) {
    sample_folds.fold_of_row.push_back(folds.fold_of_row[r]);
    ++per_fold[static_cast<std::size_t>(folds.fold_of_row[r])];
  }
  for (std::size_t c : per_fold)
    if (c < 2) return out;  // a fold the sample cannot keep: cross-validate everything on all rows
  CvSettings screen = settings;
  std::vector<GridExtension> log;
  ExtendableAxes grow = axes;
  grow.refine = false;
  const CvScores scores = extend_grid_at_edges(sample, screen, sample_folds,
                                               compute_cv_scores(sample, screen, sample_folds), grow, log);
  const CvResult result = aggregate_cv(screen, sample_folds, scores);
  out.rows = rows.n_elem;
  out.screened = screen.kernel_grids.at("bandwidth");
  out.best = result.rows[result.best_min].kernel.value("bandwidth");
  const double quarter = std::pow(10.0, 0.25);
  out.chosen = {out.best / quarter, out.best, out.best * quarter};
  return out;
}

ExtendableAxes fill_default_grids(CvSettings& settings, const Dataset& data, bool bandwidth_free,
                                  bool regulariser_free, DefaultGrids& used) {
  const auto given = settings.kernel_grids.find("bandwidth");
  const std::vector<double> given_bandwidths =
      given != settings.kernel_grids.end() ? given->second : std::vector<double>{};
  used = default_grids(data, settings.base, bandwidth_free, regulariser_free, given_bandwidths);
  ExtendableAxes axes;
  if (!used.bandwidth.empty()) {
    settings.kernel_grids["bandwidth"] = used.bandwidth;
    axes.bandwidth = true;
    for (const auto& [key, grid] : settings.kernel_grids)
      if (key != "bandwidth" && grid.size() > 1) axes.bandwidth = false;
  }
  if (!used.regulariser.empty()) {
    settings.regulariser_grid = used.regulariser;
    axes.regulariser = true;
  }
  return axes;
}

}  // namespace kreg
