// Iterative-method paths from one run of run_descent.
#include "kreg/solvers/descent_path.h"

#include <algorithm>
#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/data/metrics.h"
#include "kreg/data/standardization.h"
#include "kreg/solvers/descent.h"

namespace kreg {

std::vector<PathPoint> descent_path(const Dataset& train, const Dataset* validation, const FitSettings& s,
                                    const std::vector<long>& record_at, bool keep_alpha, const Score& score) {
  return descent_path(Problem(train, s, validation), record_at, keep_alpha, score);
}

std::vector<PathPoint> descent_path(const Problem& problem, const std::vector<long>& record_at, bool keep_alpha,
                                    const Score& score) {
  const FitSettings& s = problem.settings();
  if (!s.is_iterative()) throw ConfigError("method", "'" + s.method + "' is not an iterative method");
  const Dataset& train = problem.train();
  const Dataset* validation = problem.validation();
  const Standardization& st = problem.standardization();
  const arma::mat& K = problem.gram();
  const arma::mat& Kv = problem.validation_gram();
  const arma::vec& yv = problem.yv();
  DescentOptions opt;
  opt.max_iterations = s.max_update_count();
  opt.record_at = record_at;
  opt.keep_alpha = keep_alpha;
  opt.score = score;  // val_score of the standardised residuals, Huber's scale huber_scale(y) as given
  const DescentOutcome run =
      run_descent(K, problem.y(), s, validation ? &Kv : nullptr, validation ? &yv : nullptr, opt);
  const double scale2 = st.target_scale * st.target_scale;
  const double var_train = arma::var(train.y, 1);
  const double var_val = validation ? arma::var(validation->y, 1) : NAN;
  std::vector<PathPoint> path;
  for (const auto& rec : run.records) {
    PathPoint p;
    p.value = rec.t;
    p.iterations = rec.iteration;
    p.train_mse = rec.train_mse * scale2;
    p.train_r2 = var_train > 0 ? 1.0 - p.train_mse / var_train : NAN;
    if (validation != nullptr) {
      p.val_mse = rec.val_mse * scale2;
      p.val_r2 = var_val > 0 ? 1.0 - p.val_mse / var_val : NAN;
      p.val_score = score.is_mse() ? p.val_mse : rec.val_score * score_unit(score.kind, st.target_scale);
    }
    p.alpha_norm = rec.alpha_norm;
    p.nonzero = rec.nonzero;
    p.alpha = rec.alpha;
    path.push_back(std::move(p));
  }
  return path;
}

std::vector<long> every_mth_update(long k_max, long m) {
  if (m < 1) throw ConfigError("record_every", "must be >= 1");
  std::vector<long> out;
  for (long k = 0; k <= k_max; k += m) out.push_back(k);
  return out;
}

std::vector<long> log_spaced_updates(long k_max, int count) {
  std::vector<long> out = {0};
  if (k_max < 1) return out;
  const double top = std::log10(static_cast<double>(k_max));
  for (int i = 0; i < count; ++i) {
    const double e = count > 1 ? top * i / (count - 1) : top;
    const long k = std::max(1L, std::min(k_max, std::lround(std::pow(10.0, e))));
    if (k > out.back()) out.push_back(k);
  }
  if (out.back() != k_max) out.push_back(k_max);
  return out;
}

}  // namespace kreg
