// Cross-validation engine: tasks (kernel parameters x fold) on an OpenMP pool, BLAS on one
// thread per task, results in fixed slots, aggregation and selection rules in grid order.
#include "kreg/select/cv.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <mutex>
#include <stdexcept>

#include "kreg/core/errors.h"
#include "kreg/core/progress.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/kernel_overflow.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/kernels/per_feature_bandwidth.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/routes/route.h"
#include "kreg/select/kernel_grid.h"
#include "kreg/select/simplicity.h"
#include "kreg/solvers/repeated_rows.h"

namespace kreg {

const char* const kCvUnboundedCause = kRepeatedRowsCause;

std::string regulariser_name(const std::string& method) { return method_info(method).regulariser_key(); }

std::vector<KernelSettings> cv_kernel_grid(const CvSettings& s) {
  return kernel_grid_points(s.base.kernel, s.kernel_grids);
}

CvRoute resolved_cv_route(const CvSettings& settings, std::size_t n, int folds) {
  if (settings.route != CvRoute::kAuto) return settings.route;
  const bool shared = settings.base.standardize == StandardizeMode::kNone || settings.statistics == CvStatistics::kAll;
  const bool group_deletion = route_for(settings.base).allows_group_deletion();
  return cheapest_cv_route(n, folds, std::max<std::size_t>(1, settings.regulariser_grid.size()),
                           group_deletion && shared);
}

CvParallelism cv_parallelism(const CvSettings& settings, std::size_t n, int folds) {
  CvParallelism p;
  p.kernel_points = std::max<std::size_t>(1, cv_kernel_grid(settings).size());
  const bool shared_krr = route_for(settings.base).allows_group_deletion() &&
                          resolved_cv_route(settings, n, folds) == CvRoute::kGroupDeletion;
  p.tasks_per_kernel = shared_krr ? 1 : static_cast<std::size_t>(std::max(1, folds));
  p.threads = std::max(1, settings.threads > 0 ? settings.threads : omp_get_num_procs());
  p.at_once = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(p.threads), p.tasks()));
  return p;
}

FitSettings refit_settings(const CvSettings& settings, const CvRow& row) {
  FitSettings s = settings.base;
  s.kernel = row.kernel;
  switch (s.method_info().regulariser) {
    case Regulariser::kLambda:
      s.lambda = row.regulariser;
      break;
    case Regulariser::kTime:
      s.t = row.regulariser;
      break;
    case Regulariser::kEarlyStopping:
      s.t = row.chosen_t;
      s.iterations = 0;
      s.holdout = 0.0;
      break;
  }
  return s;
}

CvScores compute_cv_scores(const Dataset& data_in, const CvSettings& settings, const Folds& folds, const CvShard& shard,
                           const CvProgress& progress) {
  validate(settings.base);
  require_representable_mse(data_in);  // the cv table reports MSEs
  if (settings.base.is_iterative()) settings.base.max_update_count();  // throws for a t_max of too many updates
  if (static_cast<std::size_t>(folds.fold_of_row.size()) != data_in.n())
    throw DataError(data_in.source + ": fold assignment has the wrong length");
  const std::string reg = regulariser_name(settings.base.method);
  if (!reg.empty() && settings.regulariser_grid.empty())
    throw ConfigError(reg + "_grid", "cross-validation of " + settings.base.method + " needs a " + reg + " grid");
  if (!reg.empty()) require_nonnegative_grid(settings.regulariser_grid, (reg + "_grid").c_str());
  std::vector<Kernel> kernel_values;  // each grid point's kernel, built once
  const std::vector<KernelSettings> kernels =
      kernel_grid_points(settings.base.kernel, settings.kernel_grids, &kernel_values);
  for (const Kernel& kernel : kernel_values) require_bandwidth_per_feature(kernel, data_in);

  // kAll: standardise once with all rows, then fit the folds on the standardised data as is.
  Dataset data = data_in;
  FitSettings base = settings.base;
  double scale2 = 1.0, score_scale = 1.0;  // back to the original scale of y
  if (settings.statistics == CvStatistics::kAll) {
    const Standardization st = fit_standardization(data_in, base.standardize);
    data.X = st.transform_features(data_in.X);
    data.y = st.transform_target(data_in.y);
    scale2 = st.target_scale * st.target_scale;
    score_scale = score_unit(settings.score.kind, st.target_scale);
    base.standardize = StandardizeMode::kNone;
  }

  // A kernel that overflows on the rows (standardised with all of them) is refused up front
  // (kernels of the distance alone never do).
  if (std::any_of(kernel_values.begin(), kernel_values.end(),
                  [](const Kernel& k) { return k.input() != KernelInput::kDistance; })) {
    const arma::mat Z = fit_standardization(data, base.standardize).transform_features(data.X);
    for (const Kernel& kernel : kernel_values) require_finite_kernel(kernel, Z, data_in, settings.base.standardize);
  }

  // krr with shared statistics: one task per kernel covers all folds (see score_all_folds_krr).
  const bool shared_statistics = base.standardize == StandardizeMode::kNone;
  if (settings.route == CvRoute::kGroupDeletion && !shared_statistics)
    throw ConfigError("statistics",
                      "the group-deletion route needs statistics shared by the folds (--standardize none or "
                      "--statistics all)");
  const CvRoute route = resolved_cv_route(settings, data.n(), folds.k);
  const CvParallelism parallelism = cv_parallelism(settings, data.n(), folds.k);
  const CvJob job{data, base, folds, settings.regulariser_grid, settings.score, route};
  const std::unique_ptr<CvScorer> scorer = route_for(base).cv_scorer(job);
  const std::size_t per_kernel = parallelism.tasks_per_kernel;
  CvScores out;
  out.tasks = kernels.size() * per_kernel;
  out.folds = folds.k;
  out.grid_values = reg.empty() ? 1 : settings.regulariser_grid.size();
  out.slots.resize(kernels.size() * static_cast<std::size_t>(folds.k));
  out.filled.assign(out.slots.size(), 0);
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
    throw ConfigError("shard", "expected I/N with 1 <= I <= N");
  std::vector<std::size_t> mine;  // this shard's tasks
  for (std::size_t task = 0; task < out.tasks; ++task)
    if (shard.owns(task)) mine.push_back(task);
  std::exception_ptr failure;
  std::mutex mutex;
  std::size_t done = 0;
  const int threads = std::max(1, std::min(parallelism.threads, static_cast<int>(mine.size())));
  const SingleBlasThread single;  // parallelism is across tasks (and BLAS on one thread: blas_threads.h)
  std::vector<arma::mat> scratch(static_cast<std::size_t>(threads));  // per thread, reused by its tasks
  ProgressStep step("cross-validation (" + std::to_string(mine.size()) + " fits)", static_cast<double>(mine.size()));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (long i = 0; i < static_cast<long>(mine.size()); ++i) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (failure) continue;
    }
    try {
      const std::size_t task = mine[static_cast<std::size_t>(i)];
      const std::size_t ki = task / per_kernel;
      FitSettings s = base;
      s.kernel = kernels[ki];
      const int f = static_cast<int>(task % per_kernel);
      std::vector<CvFoldScores> scores =
          scorer->score(s, kernel_values[ki], f, scratch[static_cast<std::size_t>(omp_get_thread_num())]);
      for (auto& sc : scores) {
        for (double& v : sc.mse) v *= scale2;
        for (double& v : sc.score) v *= score_scale;
      }
      std::lock_guard<std::mutex> lock(mutex);
      const std::size_t first = scorer->all_folds_per_task() ? ki * static_cast<std::size_t>(folds.k) : task;
      for (std::size_t j = 0; j < scores.size(); ++j) {
        out.slots[first + j] = std::move(scores[j]);
        out.filled[first + j] = 1;
      }
      ++done;
      step.advance(1.0);
      if (progress) progress(done, mine.size());
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
  return out;
}

CvResult cross_validate(const Dataset& data, const CvSettings& settings, const Folds& folds,
                        const CvProgress& progress) {
  return aggregate_cv(settings, folds, compute_cv_scores(data, settings, folds, CvShard{}, progress));
}

}  // namespace kreg
