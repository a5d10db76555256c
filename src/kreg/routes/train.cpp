// The fitting pipeline shared by every method: split off a holdout, build the problem
// (standardise, parse the kernel), let the method's route solve it, then summarise.
#include "kreg/routes/train.h"

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/data/metrics.h"
#include "kreg/data/splits.h"
#include "kreg/routes/fold_scoring.h"
#include "kreg/routes/route.h"

namespace kreg {

Model train(const Dataset& data_in, const FitSettings& settings, const Dataset* validation_in, PhaseTimes* times,
            const Score& early_stopping_score) {
  Stopwatch watch;
  Kernel kernel = validate(settings);
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

  const Problem problem(data, settings, std::move(kernel), validation, {false, &original_rows});
  record_lap(times, "standardize", watch);
  FitRequest request;
  request.early_stopping_score = early_stopping_score;
  request.times = times;
  Model model = fit_problem(problem, request, original_rows);
  return model;
}

Model tune_and_train(const Dataset& data, const FitSettings& settings, const TuneRequest& request, PhaseTimes* times) {
  Stopwatch watch;
  validate(settings);
  if (!data.has_target()) throw DataError(data.source + ": no target column to fit");
  if (data.n() < 1) throw DataError(data.source + ": no training rows");
  TuningRecord record;
  {
    const Problem problem(data, settings, nullptr, {false, nullptr});
    record = route_for(settings).tune(problem, request);
  }
  record_lap(times, "tune", watch);
  FitSettings tuned = settings;
  if (record.bandwidth.n_elem == 1)
    tuned.kernel.set("bandwidth", record.bandwidth(0));
  else
    tuned.kernel.per_feature["bandwidth"] = arma::conv_to<std::vector<double>>::from(record.bandwidth);
  tuned.lambda = record.lambda;
  Model model = train(data, tuned, nullptr, times);
  model.warnings.insert(model.warnings.begin(), record.warnings.begin(), record.warnings.end());
  model.tuning = std::move(record);
  return model;
}

Model fit_problem(const Problem& problem, const FitRequest& request, const arma::uvec& original_rows_in) {
  Stopwatch watch;
  const FitSettings& settings = problem.settings();
  const Dataset& data = problem.train();
  const arma::uvec original_rows =
      original_rows_in.is_empty() ? arma::regspace<arma::uvec>(0, data.n() - 1) : original_rows_in;
  Model model;
  model.settings = settings;
  model.kernel = problem.kernel();
  model.feature_names = data.feature_names;
  model.target_name = data.target_name;
  model.standardization = problem.standardization();
  model.points = problem.Z();
  model.point_rows = original_rows;
  const arma::vec fitted_t = route_for(settings).fit(model, problem, request);
  watch.lap();  // the route recorded its own phases
  if (!model.alpha.is_finite() || !model.beta.is_finite())
    throw NumericalError(settings.method + ": the coefficients are not finite (the iteration diverged or the system " +
                         "is singular); " +
                         (settings.is_iterative() ? "use a smaller --step-size" : "use a larger --lambda"));
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
  record_lap(request.times, "summary", watch);
  return model;
}

}  // namespace kreg
