// The cv table from the fold scores, and the selection rules: the minimum of the mean score,
// and the one-standard-error rule (the simplest point whose mean score is within one standard
// error of the minimum), both on CvSettings::score (the MSE by default).
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "kreg/core/errors.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/select/cv.h"
#include "kreg/select/simplicity.h"

namespace kreg {

namespace {

void mean_sd(const std::vector<double>& v, double& mean, double& sd) {
  const arma::vec a(v);
  mean = arma::mean(a);
  sd = a.n_elem > 1 ? arma::stddev(a) : 0.0;
}

// Orders rows by simplicity for the one-standard-error rule (simplicity.h). True when a is
// simpler than b.
bool simpler(const CvRow& a, const CvRow& b, const std::string& reg, const std::vector<std::string>& kernel_keys) {
  return simpler_point(a.kernel, a.regulariser, b.kernel, b.regulariser, reg, kernel_keys);
}

}  // namespace

CvResult aggregate_cv(const CvSettings& settings, const Folds& folds, const CvScores& scores) {
  const std::string reg = regulariser_name(settings.base.method);
  const std::vector<KernelSettings> kernels = cv_kernel_grid(settings);
  const std::vector<double> grid = reg.empty() ? std::vector<double>{NAN} : settings.regulariser_grid;
  const std::vector<CvFoldScores>& results = scores.slots;
  if (results.size() != kernels.size() * static_cast<std::size_t>(folds.k) ||
      std::find(scores.filled.begin(), scores.filled.end(), 0) != scores.filled.end())
    throw std::logic_error("aggregate_cv: the scores do not cover every kernel grid point and fold");
  CvResult out;
  out.folds = folds;
  const double root_k = std::sqrt(static_cast<double>(folds.k));
  for (std::size_t ki = 0; ki < kernels.size(); ++ki) {
    for (std::size_t g = 0; g < grid.size(); ++g) {
      CvRow row;
      row.kernel = kernels[ki];
      row.regulariser = grid[g];
      for (int f = 0; f < folds.k; ++f) {
        const CvFoldScores& sc = results[ki * static_cast<std::size_t>(folds.k) + static_cast<std::size_t>(f)];
        row.fold_mse.push_back(sc.mse.at(g));
        row.fold_r2.push_back(sc.r2.at(g));
        row.fold_score.push_back(sc.score.at(g));
        if (reg.empty()) row.fold_t.push_back(sc.t);
        if (!sc.unfinished.empty() && sc.unfinished.at(g)) ++row.unfinished_folds;
        if (!sc.unbounded.empty() && sc.unbounded.at(g)) ++row.unbounded_folds;
      }
      out.unfinished_fits += static_cast<std::size_t>(row.unfinished_folds);
      out.unbounded_fits += static_cast<std::size_t>(row.unbounded_folds);
      out.total_fits += static_cast<std::size_t>(folds.k);
      mean_sd(row.fold_mse, row.mean_mse, row.fold_sd_mse);
      mean_sd(row.fold_r2, row.mean_r2, row.fold_sd_r2);
      mean_sd(row.fold_score, row.mean_score, row.fold_sd_score);
      row.se_mse = row.fold_sd_mse / root_k;
      row.se_score = row.fold_sd_score / root_k;
      if (reg.empty()) row.chosen_t = arma::mean(arma::vec(row.fold_t));
      out.rows.push_back(std::move(row));
    }
  }
  // A row whose score is not finite (a fit that broke down numerically) is never selected.
  bool found = false;
  for (std::size_t i = 0; i < out.rows.size(); ++i) {
    if (!std::isfinite(out.rows[i].mean_score)) {
      ++out.non_finite_rows;
    } else if (!found || out.rows[i].mean_score < out.rows[out.best_min].mean_score) {
      out.best_min = i;
      found = true;
    }
  }
  if (!found)
    throw NumericalError(
        "cv: no grid point has a finite cross-validation error (every fit broke down "
        "numerically); try larger lambda or bandwidth values");
  const CvRow& best = out.rows[out.best_min];
  const std::vector<std::string> kernel_keys = kernel_option_keys(settings.base.kernel.name);
  const double limit = best.mean_score + (std::isfinite(best.se_score) ? best.se_score : 0.0);
  out.best_1se = out.best_min;
  for (std::size_t i = 0; i < out.rows.size(); ++i)
    if (out.rows[i].mean_score <= limit && simpler(out.rows[i], out.rows[out.best_1se], reg, kernel_keys))
      out.best_1se = i;
  return out;
}

}  // namespace kreg
