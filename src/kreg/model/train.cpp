// The fitting pipeline shared by every method: standardise -> Gram -> solve -> summary.
#include "kreg/model/train.h"

#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/data/metrics.h"
#include "kreg/data/splits.h"
#include "kreg/kernels/gram.h"
#include "kreg/kernels/kernel_overflow.h"
#include "kreg/linalg/conditioning.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/solvers/descent.h"
#include "kreg/solvers/kgf.h"
#include "kreg/solvers/krr.h"
#include "kreg/solvers/linear_primal.h"
#include "kreg/solvers/nystrom.h"
#include "kreg/solvers/penalized_path.h"
#include "kreg/solvers/proximal.h"
#include "kreg/solvers/repeated_rows.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

namespace {

std::string ill_conditioned_warning(double rcond, const MethodInfo& method) {
  std::ostringstream os;
  os.precision(3);
  if (method.family == MethodFamily::kFlow)
    os << method.name << " at this t is as ill-conditioned as K + I/t (reciprocal condition " << rcond
       << "): alpha may have few correct digits; consider a smaller --t";
  else
    os << "K + lambda I is ill-conditioned (reciprocal condition " << rcond
       << "): alpha may have few correct digits; consider a larger --lambda";
  return os.str();
}

Dataset rows_of(const Dataset& d, const arma::uvec& rows) {
  Dataset out = d;
  out.X = d.X.rows(rows);
  out.y = d.y.elem(rows);
  return out;
}

// Fills alpha (and summary) of an iterative method; returns the fitted values of t.
arma::vec fit_iterative(Model& model, const arma::vec& t, const Dataset* validation, const Score& score,
                        PhaseTimes* times) {
  const FitSettings& s = model.settings;
  Stopwatch watch;
  const arma::mat K = gram(model.kernel, model.points);
  record_lap(times, "gram", watch);
  if (s.method_info().descent == DescentRule::kGradient) {
    const double mu_max = largest_eigenvalue(K);
    if (s.step_size >= 2.0 / mu_max) {
      std::ostringstream os;
      os.precision(3);
      os << "step_size " << s.step_size << " >= 2 / s_max(K) = " << 2.0 / mu_max
         << ": kernel gradient descent diverges (Allerbo 2023, Proposition 6)";
      model.warnings.push_back(os.str());
    }
    record_lap(times, "step_check", watch);
  }
  DescentOptions opt;
  arma::mat Kv;
  arma::vec yv;
  if (validation != nullptr) {
    Kv = cross_gram(model.kernel, model.standardization.transform_features(validation->X), model.points);
    yv = model.standardization.transform_target(validation->y);
    opt.early_stopping = true;
    opt.patience = s.patience;
    opt.score = score;
    opt.max_iterations = s.max_update_count();
    record_lap(times, "gram", watch);
  } else {
    opt.max_iterations = s.iteration_count();
  }
  DescentOutcome run = run_descent(K, t, s, validation ? &Kv : nullptr, validation ? &yv : nullptr, opt);
  record_lap(times, "solve", watch);
  model.alpha = std::move(run.alpha);
  model.summary.iterations = run.iterations;
  model.summary.t = static_cast<double>(run.iterations) * s.step_size;
  model.summary.early_stopping = validation != nullptr;
  model.summary.stopped_early = run.stopped_early;
  if (validation != nullptr) {
    const double scale = model.standardization.target_scale;
    model.summary.best_val_mse = run.best_val_mse * scale * scale;
    model.summary.n_validation = validation->n();
    if (!run.stopped_early)
      model.warnings.push_back("early stopping reached t_max = " + readable_number(s.t_max) +
                               " without the validation error levelling off; consider a larger --t-max");
  }
  return symmetric_times_of(K, model.alpha);
}

// krr on Nystrom centres (solvers/nystrom.h): fills alpha, keeps only the centres as the
// expansion's points; returns the fitted values of t.
arma::vec fit_nystrom(Model& model, const arma::vec& t, PhaseTimes* times) {
  const FitSettings& s = model.settings;
  Stopwatch watch;
  const arma::uword n = model.points.n_rows;
  const arma::uword m = s.centers > 0 ? static_cast<arma::uword>(s.centers) : default_centre_count(n);
  const auto seed = static_cast<std::uint64_t>(s.seed);
  const arma::uvec centres = s.centers_by == "leverage"
                                 ? leverage_centres(model.kernel, model.points, m, s.effective_lambda(n), seed)
                                 : uniform_centres(n, m, seed);
  record_lap(times, "centres", watch);
  const arma::mat C = model.points.rows(centres);
  NystromOptions opt;
  opt.lambda = s.effective_lambda(n);
  opt.tol = s.tol_or_default();
  opt.max_iter = s.max_iter_or_default();
  NystromSolution sol = solve_nystrom(model.kernel, model.points, t, C, opt);
  record_lap(times, "solve", watch);
  model.alpha = std::move(sol.alpha);
  model.points = C;
  model.point_rows = model.point_rows.elem(centres);
  model.summary.iterations = sol.iterations;
  model.summary.converged = sol.converged;
  model.summary.relative_residual = sol.relative_residual;
  model.summary.centres_rank = static_cast<long>(sol.rank);
  if (sol.direct)
    model.warnings.push_back("nystrom: conjugate gradients stopped after " + std::to_string(sol.iterations) +
                             " iterations short of --tol " + readable_number(opt.tol) +
                             "; alpha was solved directly in the centres' eigenbasis instead (relative residual of "
                             "the normal equations " +
                             readable_number(sol.relative_residual) + ")");
  else if (sol.breakdown)
    model.warnings.push_back("nystrom: conjugate gradients broke down after " + std::to_string(sol.iterations) +
                             " iterations (relative residual of the normal equations " +
                             readable_number(sol.relative_residual) +
                             "): rounding outweighs what is left at this --tol; the centres' kernel matrix is "
                             "nearly singular: use fewer --centers, a smaller --bandwidth or a larger --tol");
  else if (!sol.converged)
    model.warnings.push_back("nystrom: conjugate gradients stopped after " + std::to_string(sol.iterations) +
                             " iterations without reaching --tol " + readable_number(opt.tol) +
                             " (relative residual of the normal equations " + readable_number(sol.relative_residual) +
                             "); raise --max-iter or --tol");
  return std::move(sol.fitted);
}

// Fills alpha (and summary) of kl1 / klinf; returns the fitted values of t.
arma::vec fit_penalized(Model& model, const arma::vec& t, PhaseTimes* times) {
  const FitSettings& s = model.settings;
  Stopwatch watch;
  const arma::mat K = gram(model.kernel, model.points);
  record_lap(times, "gram", watch);
  const ProxResult res = solve_penalized_grid(K, t, penalty_of(s.method), {s.effective_lambda(t.n_elem)}, s).front();
  record_lap(times, "solve", watch);
  model.alpha = res.alpha;
  model.summary.iterations = res.iterations;
  model.summary.converged = res.converged;
  model.summary.kkt_violation = res.kkt;
  if (!res.converged) {
    std::string message = s.method + " did not converge in " + std::to_string(res.iterations) +
                          " iterations (largest KKT violation " + readable_number(res.kkt) + ")";
    if (!res.path_stopped.empty())  // FISTA took over where the exact path could not go on
      message += "; kreg's exact path stopped before this lambda (" + res.path_stopped + ")";
    if (res.path_singular)
      message +=
          ", where the solution is large and ill-determined and more iterations may not settle it: a "
          "smaller --bandwidth or a larger --lambda is a better-conditioned problem than a larger --max-iter";
    else
      message += "; raise --max-iter or --tol";
    model.warnings.push_back(message);
  }
  const RepeatedRows repeats = repeated_rows(model.points, t, penalty_of(s.method));
  if (s.effective_lambda(t.n_elem) < repeats.lambda_unbounded)
    model.warnings.push_back(repeated_rows_message(repeats, t.n_elem, s.method, s.lambda_unit(t.n_elem)));
  return symmetric_times_of(K, model.alpha);
}

}  // namespace

Model train(const Dataset& data_in, const FitSettings& settings, const Dataset* validation_in, PhaseTimes* times,
            const Score& early_stopping_score) {
  Stopwatch watch;
  validate(settings);
  if (!data_in.has_target()) throw DataError(data_in.source + ": no target column to fit");
  if (data_in.n() < 1) throw DataError(data_in.source + ": no training rows");
  if (!settings.is_iterative() && (validation_in != nullptr || settings.holdout > 0.0))
    throw ConfigError("method", "validation data and holdout are for the iterative methods (" +
                                    method_names_where([](const MethodInfo& m) { return m.is_iterative(); }) + ")");
  if (validation_in != nullptr && settings.holdout > 0.0)
    throw ConfigError("holdout", "give either validation data or a holdout fraction, not both");

  // A holdout splits the training rows; the model is fitted on the rest.
  Dataset data = data_in, held_out;
  const Dataset* validation = validation_in;
  arma::uvec original_rows = arma::regspace<arma::uvec>(0, data_in.n() - 1);
  if (settings.holdout > 0.0) {
    const HoldoutSplit split = holdout_split(data_in.n(), settings.holdout, settings.seed);
    original_rows = split.fit;
    data = rows_of(data_in, split.fit);
    held_out = rows_of(data_in, split.holdout);
    validation = &held_out;
  }

  Model model;
  model.settings = settings;
  model.kernel = make_kernel(settings.kernel);
  model.feature_names = data.feature_names;
  model.target_name = data.target_name;
  model.standardization = fit_standardization(data, settings.standardize);
  model.points = model.standardization.transform_features(data.X);
  model.point_rows = original_rows;
  const arma::vec t = model.standardization.transform_target(data.y);
  record_lap(times, "standardize", watch);
  require_finite_kernel(model.kernel, model.points, data, settings.standardize, &original_rows);

  const bool primal = solves_in_primal(model.kernel, data.n(), data.p());
  arma::vec fitted_t;
  const MethodFamily family = settings.method_info().family;
  if (family == MethodFamily::kRidge && primal) {
    // Linear kernel, p < n: the p x p primal system (the representer-theorem notes, primal-dual
    // identity).
    PrimalSolution sol = solve_linear_primal(model.points, t, settings.effective_lambda(data.n()));
    model.beta = std::move(sol.beta);
    model.summary.rcond = sol.rcond;
    model.summary.df = sol.df;
    fitted_t = std::move(sol.fitted);
    record_lap(times, "solve", watch);
  } else if (family == MethodFamily::kRidge && settings.is_nystrom()) {
    fitted_t = fit_nystrom(model, t, times);
  } else if (family == MethodFamily::kRidge) {
    // The Cholesky factorisation reads the lower triangle only: the upper one is never
    // written, so its pages are never touched (half the resident memory, no mirror pass).
    arma::mat K = gram_lower(model.kernel, model.points);
    record_lap(times, "gram", watch);
    KrrSolution sol = solve_krr(std::move(K), t, settings.effective_lambda(data.n()), true);
    model.alpha = std::move(sol.alpha);
    model.summary.rcond = sol.rcond;
    model.summary.df = sol.df;
    fitted_t = std::move(sol.fitted);
    record_lap(times, "solve", watch);
  } else if (family == MethodFamily::kFlow) {
    const Spectrum spec = spectrum_for(model.kernel, model.points);
    record_lap(times, "eigen", watch);
    SpectralSolution sol = solve_kgf(spec, t, settings.effective_t());
    model.summary.rcond = spectral_rcond(spec, 1.0 / settings.effective_t());
    model.summary.df = sol.df;
    (spec.primal ? model.beta : model.alpha) = std::move(sol.coef);
    fitted_t = std::move(sol.fitted);
    record_lap(times, "solve", watch);
  } else if (family == MethodFamily::kPenalized) {
    fitted_t = fit_penalized(model, t, times);
  } else {  // MethodFamily::kDescent
    fitted_t = fit_iterative(model, t, validation, early_stopping_score, times);
  }
  watch.lap();  // each branch recorded its own phases
  if (!model.alpha.is_finite() || !model.beta.is_finite())
    throw NumericalError(settings.method + ": the coefficients are not finite (the iteration diverged or the system " +
                         "is singular); " +
                         (settings.is_iterative() ? "use a smaller --step-size" : "use a larger --lambda"));
  if (model.summary.rcond > 0.0 && model.summary.rcond < kIllConditioned)
    model.warnings.push_back(ill_conditioned_warning(model.summary.rcond, settings.method_info()));
  if (!model.beta.empty()) {  // a primal model needs no training points
    model.points.reset();
    model.point_rows.reset();
  } else if (arma::any(model.alpha == 0.0)) {  // sparse: keep only the points the expansion uses
    const arma::uvec keep = arma::find(model.alpha != 0.0);
    model.points = model.points.rows(keep);
    model.point_rows = model.point_rows.elem(keep);
    model.alpha = model.alpha.elem(keep);
  }

  const arma::vec fitted = model.standardization.inverse_target(fitted_t);
  const arma::uvec overflow = arma::find_nonfinite(fitted);
  if (!overflow.is_empty())
    throw DataError(data.source + ": the fitted value of training row " +
                    std::to_string(original_rows(overflow(0)) + 1) + " is " + readable_number(fitted(overflow(0))) +
                    ": beyond the largest double; divide the target column '" + data.target_name +
                    "' by a power of ten");
  model.summary.n_train = data.n();
  model.summary.n_features = data.p();
  model.summary.train_mse = mse(data.y, fitted);
  model.summary.train_rmse = rmse(data.y, fitted);
  model.summary.train_r2 = r_squared(data.y, fitted);
  record_lap(times, "summary", watch);
  return model;
}

}  // namespace kreg
