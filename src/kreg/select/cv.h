// k-fold cross-validation over a grid of kernel parameters x regularisation (Allerbo 2023,
// Section 6). One task per (fold, kernel parameters); each task serves the whole lambda or t
// grid: krr by the cheapest exact route (cv_route.h), kgf from one eigendecomposition, kl1 and
// klinf by one warm-started path, the
// early-stopping methods by one run stopped on the validation fold. Tasks run in parallel and
// write into fixed slots, so results do not depend on the number of threads.
#pragma once

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/score.h"
#include "kreg/data/folds.h"
#include "kreg/routes/cv_fold_scores.h"
#include "kreg/routes/cv_route.h"
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
  /// What chooses (min and 1se rules) and stops the early-stopping methods on each validation
  /// fold: mse, mae, or Huber's loss with the training fold's target sd as scale (data/score.h).
  Score score;
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
  /// The score of CvSettings::score per fold, its mean, standard error and sd over the folds as
  /// for the MSE (equal to them for mse): the min and 1se rules rank by these.
  std::vector<double> fold_score;
  double mean_score = 0.0, se_score = 0.0, fold_sd_score = 0.0;
  /// Folds whose fit fell short: kl1/klinf did not converge (the last iterate is scored);
  /// early stopping reached t_max before the validation error levelled off.
  int unfinished_folds = 0;
  /// kl1/klinf folds whose problem has no minimiser at this lambda (repeated_rows.h).
  int unbounded_folds = 0;
};

struct CvResult {
  std::vector<CvRow> rows;
  std::size_t best_min = 0;         ///< smallest finite mean_score
  std::size_t best_1se = 0;         ///< most regularised row with mean_score <= min + se_score of the min
  std::size_t non_finite_rows = 0;  ///< rows whose mean_score is not finite (never selected)
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

/// What the tasks of a run (or of one shard of it) computed: one slot per (kernel grid point,
/// fold), slot = kernel_index * k + fold, the cv table's order.
struct CvScores {
  std::vector<CvFoldScores> slots;
  std::vector<char> filled;     ///< per slot: computed (by this shard)
  std::size_t tasks = 0;        ///< tasks of the whole run (a task fills one slot, or with the group-deletion
                                ///< route every fold of one kernel grid point)
  int folds = 0;                ///< k
  std::size_t grid_values = 0;  ///< per slot: the regulariser grid's size (1 for early stopping)
};

/// One share of a run's tasks for a separate process (`kreg cv --shard I/N`): task j belongs to
/// shard j mod N + 1, so every shard gets kernels and folds from the whole grid.
struct CvShard {
  int index = 1;  ///< 1..count
  int count = 1;
  bool owns(std::size_t task) const { return static_cast<int>(task % static_cast<std::size_t>(count)) == index - 1; }
};

/// The tasks of `shard` (all of them by default), each computed exactly as cross_validate
/// computes it: the shards of a run, put together, give the same bits as one process.
CvScores compute_cv_scores(const Dataset& data, const CvSettings& settings, const Folds& folds,
                           const CvShard& shard = {}, const CvProgress& progress = {});

/// The cv table and both best points from every slot of a run (cross_validate's second half).
/// Throws std::logic_error when a slot is missing (callers check shards first).
CvResult aggregate_cv(const CvSettings& settings, const Folds& folds, const CvScores& scores);

/// Every combination of the kernel grids, the first key varying slowest (the table's order);
/// ConfigError for a value the kernel refuses or a grid of a parameter the kernel lacks.
std::vector<KernelSettings> cv_kernel_grid(const CvSettings& settings);

/// The route krr's cv takes for n rows in `folds` folds: settings.route, or for kAuto the
/// cheapest (cheapest_cv_route) given whether the folds share their statistics. Other methods
/// ignore it. cross_validate and the memory estimate both ask here.
CvRoute resolved_cv_route(const CvSettings& settings, std::size_t n, int folds);

/// How cv's work is shared among threads: its tasks (a kernel point's fold, or, for krr whose
/// folds share one eigendecomposition per kernel point, the kernel point), and how many run at
/// once: min(threads, tasks), threads being settings.threads or every core. cross_validate and
/// the memory estimate both ask here.
struct CvParallelism {
  std::size_t kernel_points = 1;
  std::size_t tasks_per_kernel = 1;  ///< the folds, or 1 when they share the kernel point's task
  int threads = 1;                   ///< --threads (or the cores)
  int at_once = 1;                   ///< tasks that run at the same time
  std::size_t tasks() const { return kernel_points * tasks_per_kernel; }
};
CvParallelism cv_parallelism(const CvSettings& settings, std::size_t n, int folds);

/// The settings that refit a row on all the data (early stopping: t = chosen_t, no validation).
FitSettings refit_settings(const CvSettings& settings, const CvRow& row);

/// Why a kl1/klinf fold's problem has no minimiser below some lambda (CvRow::unbounded_folds),
/// for the warnings.
extern const char* const kCvUnboundedCause;

/// "lambda", "t" or "" (early stopping) for the method.
std::string regulariser_name(const std::string& method);

}  // namespace kreg
