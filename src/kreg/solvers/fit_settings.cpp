// Validation of FitSettings: one place that knows each field's range.
#include "kreg/solvers/fit_settings.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/suggest.h"

namespace kreg {

std::string to_string(LambdaScaling scaling) { return scaling == LambdaScaling::kN ? "n" : "none"; }

bool parse_lambda_scaling(const std::string& text, LambdaScaling& scaling) {
  if (text == "none")
    scaling = LambdaScaling::kNone;
  else if (text == "n")
    scaling = LambdaScaling::kN;
  else
    return false;
  return true;
}

namespace {

constexpr double kMaxUpdates = 2e9;

// round(time / step_size) as a count of updates; a count beyond kMaxUpdates (or one that
// would not fit a long) is refused, naming `key`, instead of wrapping round.
long update_count(double time, double step_size, const char* key) {
  const double updates = std::round(time / step_size);
  if (!(updates <= kMaxUpdates))
    throw ConfigError(std::string(key) + ": " + key + " / step_size = " + number_text(time) + " / " +
                      number_text(step_size) + " is more than 2e9 updates");
  return static_cast<long>(updates);
}

}  // namespace

long FitSettings::iteration_count() const { return iterations > 0 ? iterations : update_count(t, step_size, "t"); }

long FitSettings::max_update_count() const { return update_count(t_max, step_size, "t_max"); }

void validate(const FitSettings& s) {
  const MethodInfo& method = s.method_info();  // throws for an unknown method
  make_kernel(s.kernel);                       // throws for bad kernel parameters
  if (!(s.lambda >= 0.0 && std::isfinite(s.lambda))) {
    throw ConfigError("lambda: must be a finite number >= 0, got " + number_text(s.lambda));
  }
  if (!(s.t >= 0.0 && std::isfinite(s.t)))
    throw ConfigError("t: must be a finite number >= 0, got " + number_text(s.t));
  if (!(s.momentum >= 0.0 && s.momentum < 1.0))
    throw ConfigError("momentum: must be in [0, 1), got " + number_text(s.momentum));
  if (!(s.step_size > 0.0 && std::isfinite(s.step_size)))
    throw ConfigError("step_size: must be a finite number > 0, got " + number_text(s.step_size));
  if (s.iterations < 0) throw ConfigError("iterations: must be >= 0, got " + std::to_string(s.iterations));
  if (!(s.elastic_alpha >= 0.0 && s.elastic_alpha <= 1.0))
    throw ConfigError("elastic_alpha: must be in [0, 1], got " + number_text(s.elastic_alpha));
  if (s.patience < 1) throw ConfigError("patience: must be >= 1, got " + std::to_string(s.patience));
  if (!(s.t_max > 0.0 && std::isfinite(s.t_max)))
    throw ConfigError("t_max: must be a finite number > 0, got " + number_text(s.t_max));
  if (!(s.holdout >= 0.0 && s.holdout < 1.0))
    throw ConfigError("holdout: must be in [0, 1), got " + number_text(s.holdout));
  if (s.solver != "auto" && s.solver != "fista" && s.solver != "paper")
    throw ConfigError("solver: expected auto, fista or paper, got '" + s.solver + "'" +
                      did_you_mean(s.solver, {"auto", "fista", "paper"}));
  if (s.max_iter < 0) throw ConfigError("max_iter: must be >= 0, got " + std::to_string(s.max_iter));
  if (!(s.tol >= 0.0 && std::isfinite(s.tol)))
    throw ConfigError("tol: must be a finite number >= 0, got " + number_text(s.tol));
  if (!(s.prox_step > 0.0 && std::isfinite(s.prox_step)))
    throw ConfigError("prox_step: must be a finite number > 0, got " + number_text(s.prox_step));
  if (s.nesterov && !method.nesterov)
    throw ConfigError("nesterov: only for --method " +
                      method_names_where([](const MethodInfo& m) { return m.nesterov; }));
  if (s.iterations > static_cast<long>(kMaxUpdates))
    throw ConfigError("iterations: must be at most 2e9, got " + std::to_string(s.iterations));
  if (s.is_iterative()) s.iteration_count();  // throws when t / step_size is too many updates
}

}  // namespace kreg
