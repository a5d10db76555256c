// k-fold cross-validation over a grid of kernel parameters x regularisation (seed 002,
// Section 6). One task per (fold, kernel parameters); each task serves the whole lambda or t
// grid: krr by the cheapest exact route (cv_route.h), kgf from one eigendecomposition, kl1 and
// klinf by one warm-started path, the
// early-stopping methods by one run stopped on the validation fold. Tasks run in parallel and
// write into fixed slots, so results do not depend on the number of threads.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/select/cv_route.h"
#include "kreg/select/folds.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

/// Where the standardisation statistics come from.
enum class CvStatistics {
  kFold,  ///< each training fold (no information from the validation fold; the default)
  kAll,   ///< all rows given to cv, once (the paper's protocol standardises before splitting)
};

struct CvSettings {
  FitSettings base;  ///< method and fixed settings
  /// Values to try for kernel parameters, by key ("bandwidth"); a parameter of the kernel
  /// without a grid keeps base's value. Only the kernel's option keys (kernel_option_keys).
  std::map<std::string, std::vector<double>> kernel_grids;
  std::vector<double> regulariser_grid;  ///< lambda (krr, kl1, klinf) or t (kgf); unused by early stopping
  CvStatistics statistics = CvStatistics::kFold;
  int threads = 0;                 ///< 0 = all cores
  CvRoute route = CvRoute::kAuto;  ///< krr only (cv_route.h); the others have one route each
};

/// One grid point: its kernel, its lambda or t, and the fold statistics of the validation error.
struct CvRow {
  KernelSettings kernel;
  double regulariser = NAN;  ///< lambda or t; NaN for early-stopping methods
  double mean_mse = 0.0;     ///< mean over the k folds of the validation MSE
  double se_mse = 0.0;       ///< its standard error, fold_sd_mse / sqrt(k) (glmnet's cvsd)
  double fold_sd_mse = 0.0, mean_r2 = 0.0, fold_sd_r2 = 0.0;  ///< sd over the folds (ddof 1)
  double chosen_t = NAN;  ///< early stopping: mean over folds of the best t (the paper's rule)
  std::vector<double> fold_mse, fold_r2, fold_t;
  /// Folds whose fit fell short: kl1/klinf did not converge (the last iterate is scored);
  /// early stopping reached t_max before the validation error levelled off.
  int unfinished_folds = 0;
  /// kl1/klinf folds whose problem has no minimiser at this lambda (repeated_rows.h).
  int unbounded_folds = 0;
};

struct CvResult {
  std::vector<CvRow> rows;
  std::size_t best_min = 0;         ///< smallest finite mean_mse
  std::size_t best_1se = 0;         ///< most regularised row with mean_mse <= min + se_mse of the min
  std::size_t non_finite_rows = 0;  ///< rows whose mean_mse is not finite (never selected)
  Folds folds;
  std::size_t unfinished_fits = 0;  ///< sum of unfinished_folds over the rows
  std::size_t unbounded_fits = 0;   ///< sum of unbounded_folds over the rows
  std::size_t total_fits = 0;       ///< rows x folds
};

/// Called after each finished task with (done, total); may be called from worker threads, but
/// never concurrently.
using CvProgress = std::function<void(std::size_t, std::size_t)>;

CvResult cross_validate(const Dataset& data, const CvSettings& settings, const Folds& folds,
                        const CvProgress& progress = {});

/// The route krr's cv takes for n rows in `folds` folds: settings.route, or for kAuto the
/// cheapest (cheapest_cv_route) given whether the folds share their statistics. Other methods
/// ignore it. cross_validate and the memory estimate both ask here.
CvRoute resolved_cv_route(const CvSettings& settings, std::size_t n, int folds);

/// The settings that refit a row on all the data (early stopping: t = chosen_t, no validation).
FitSettings refit_settings(const CvSettings& settings, const CvRow& row);

/// "lambda", "t" or "" (early stopping) for the method.
std::string regulariser_name(const std::string& method);

}  // namespace kreg
