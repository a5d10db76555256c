// The tuning loop: starts, L-BFGS-B from each, the best optimum (gp_tuning.h, docs/gp.md).
#include "kreg/routes/gp_tuning.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/progress.h"
#include "kreg/data/row_distances.h"
#include "kreg/gp/bounded_minimizer.h"
#include "kreg/gp/gp_kernel.h"
#include "kreg/gp/gp_objective.h"

namespace kreg {

namespace {

const char* kRadialKernels = "gaussian, laplace, matern32, matern52, cauchy, rational_quadratic";

// The objective as the user reads it: the log evidence (larger is better), the LOO MSE or GCV.
double shown(TuneObjective objective, double value) { return objective == TuneObjective::kEvidence ? -value : value; }

// A uniform draw in [0, 1) from the top 53 bits: the same numbers on every platform (the
// standard distributions are not specified bit for bit).
double uniform(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// The lambda of A = K + lambda I in the units of --lambda.
double user_lambda(const Problem& problem, double log_lambda) { return std::exp(log_lambda) / problem.lambda_unit(); }

}  // namespace

TuningBox tuning_box(double median_distance) {
  const double d = std::isfinite(median_distance) && median_distance > 0.0 ? median_distance : 1.0;
  TuningBox box;
  box.bandwidth_low = d / 100.0;
  box.bandwidth_high = 1e5 * d;
  box.bandwidth_start = d;
  box.restart_bandwidth_low = d / 10.0;
  box.restart_bandwidth_high = 10.0 * d;
  return box;
}

TuningRecord tune_gaussian_process(const Problem& problem, const TuneRequest& request) {
  const auto started = std::chrono::steady_clock::now();
  const KernelSettings& kernel = problem.settings().kernel;
  const std::vector<std::string> keys = kernel_option_keys(kernel.name);
  const std::optional<GpKernelShape> shape = gp_kernel_shape(kernel);
  if (!shape || std::find(keys.begin(), keys.end(), "bandwidth") == keys.end())
    throw ConfigError("kernel", "--tune tunes the bandwidth of one radial kernel (" + std::string(kRadialKernels) +
                                    ") whose bandwidth is not fixed inline; '" + kernel.name + "' is not one");
  const arma::mat& Z = problem.Z();
  const arma::vec& y = problem.y();
  if (Z.n_rows < 3) throw DataError("--tune needs at least 3 training rows, got " + std::to_string(Z.n_rows));
  const arma::uword q = request.per_feature ? Z.n_cols : 1;

  const TuningBox box = tuning_box(median_pairwise_distance(Z));
  const double unit = problem.lambda_unit();
  arma::vec lower(q + 1), upper(q + 1);
  lower.head(q).fill(std::log(box.bandwidth_low));
  upper.head(q).fill(std::log(box.bandwidth_high));
  lower(q) = std::log(box.lambda_low);
  upper(q) = std::log(box.lambda_high);

  TuningRecord record;
  record.objective = request.objective;
  record.per_feature = request.per_feature;
  record.bandwidth_bounds[0] = box.bandwidth_low;
  record.bandwidth_bounds[1] = box.bandwidth_high;
  record.lambda_bounds[0] = box.lambda_low / unit;
  record.lambda_bounds[1] = box.lambda_high / unit;

  GpWorkspace workspace;
  const GpEvaluationOptions options{problem.standardization().target_scale, true};
  const auto objective = [&](const arma::vec& theta) {
    const GpObjectiveValue v =
        gp_objective(request.objective, *shape, Z, y, theta.head(q), theta(q), workspace, options);
    return BoundedPoint{v.value, v.gradient, v.ok, v.reason};
  };

  const int starts = 1 + std::max(0, request.restarts);
  const std::string name = value_name(request.objective);
  ProgressStep progress("tuning (" + to_string(request.objective) + ")");
  std::mt19937_64 rng(request.seed);
  double best = INFINITY;
  arma::vec best_theta;
  for (int s = 0; s < starts; ++s) {
    arma::vec x0(q + 1);
    if (s == 0) {
      x0.head(q).fill(std::log(box.bandwidth_start));
      x0(q) = std::log(box.lambda_start);
    } else {  // every draw is made whether or not an earlier start failed: start s is the same for any run
      const double a = std::log(box.restart_bandwidth_low), b = std::log(box.restart_bandwidth_high);
      for (arma::uword d = 0; d < q; ++d) x0(d) = a + (b - a) * uniform(rng);
      const double c = std::log(box.restart_lambda_low), e = std::log(box.restart_lambda_high);
      x0(q) = c + (e - c) * uniform(rng);
    }
    TuningRun run;
    run.start_bandwidth = s == 0 ? arma::vec(q, arma::fill::value(box.bandwidth_start)) : arma::exp(x0.head(q));
    run.start_lambda = s == 0 ? box.lambda_start / unit : user_lambda(problem, x0(q));
    const std::string where = "start " + std::to_string(s + 1) + " of " + std::to_string(starts);
    MinimizeOptions minimize;
    minimize.progress = [&](const MinimizeProgress& p) {
      if (p.evaluation == 1 && p.ok) run.start_value = shown(request.objective, p.value);
      progress.note(where + ", evaluation " + std::to_string(p.evaluation) + ": " + name + " " +
                    readable_number(shown(request.objective, p.best)));
    };
    try {
      const MinimizeResult r = minimize_bounded(objective, x0, lower, upper, minimize);
      run.bandwidth = arma::exp(r.x.head(q));
      run.lambda = user_lambda(problem, r.x(q));
      run.value = shown(request.objective, r.value);
      run.evaluations = r.evaluations;
      run.iterations = r.iterations;
      run.converged = r.converged;
      run.message = r.message;
      run.improved = request.objective == TuneObjective::kEvidence ? run.value > run.start_value
                                                                   : run.value < run.start_value;
      if (r.value < best) {
        best = r.value;
        best_theta = r.x;
        record.best_start = static_cast<std::size_t>(s);
      }
      if (!run.improved)
        record.warnings.push_back("tuning " + where + " did not improve on its start (" + name + " " +
                                  readable_number(run.start_value) + " there): " + r.message);
    } catch (const NumericalError& e) {
      run.evaluations = 1;
      run.message = e.what();
      record.warnings.push_back("tuning " + where + " failed at its start: " + run.message);
    }
    record.evaluations += run.evaluations;
    record.starts.push_back(std::move(run));
  }
  if (best_theta.empty())
    throw NumericalError("--tune: the " + name + " could not be computed at any of the " + std::to_string(starts) +
                         " starts (" + record.starts.front().message + ")");

  // The optimum's other numbers (one more evaluation, without the gradient).
  const GpObjectiveValue at = gp_objective(request.objective, *shape, Z, y, best_theta.head(q), best_theta(q),
                                           workspace, {options.target_scale, false});
  const TuningRun& chosen = record.starts[record.best_start];
  const double tau2 = options.target_scale * options.target_scale;
  record.value = chosen.value;
  record.bandwidth = chosen.bandwidth;
  record.lambda = chosen.lambda;
  record.signal_variance = tau2 * at.signal_variance;
  record.noise_variance = tau2 * at.signal_variance * std::exp(best_theta(q));
  record.log_evidence = at.log_evidence;
  record.loo_mse = at.loo_mse;
  record.gcv = at.gcv;
  record.df = at.df;
  if (!chosen.converged)
    record.warnings.push_back("the tuning's best start stopped before it converged: " + chosen.message);
  // A lambda on its bound is where the objective wanted to go further; say what that means.
  if (best_theta(q) <= lower(q) + 1e-9)
    record.warnings.push_back("the tuned lambda is at the lower end of its range (" +
                              readable_number(record.lambda_bounds[0]) +
                              "): the data look nearly noise-free to the " + name + ", and the fit interpolates");
  if (best_theta(q) >= upper(q) - 1e-9)
    record.warnings.push_back("the tuned lambda is at the upper end of its range (" +
                              readable_number(record.lambda_bounds[1]) + "): the " + name +
                              " finds little signal; the fit is close to the mean");
  record.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return record;
}

}  // namespace kreg
