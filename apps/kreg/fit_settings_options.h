// The options that describe a fit (method, kernel, regularisation, standardisation),
// shared by `fit` and, later, by `path`, `loo` and `cv`.
#pragma once

#include <string>

#include "kreg/solvers/fit_settings.h"
#include "option_set.h"

namespace kreg::cli {

struct FitSettingsOptions {
  std::string method = "krr";
  std::string kernel = "gaussian";
  double bandwidth = 1.0;
  int degree = 2;
  double offset = 1.0;
  double lambda = 1.0;
  std::string lambda_scaling = "none";
  std::string standardize = "both";
  double t = 1.0;
  double momentum = 0.0;
  double step_size = 1e-4;
  long iterations = 0;
  bool nesterov = false;
  double elastic_alpha = 0.9;
  long patience = 100;
  double t_max = 1000.0;
  double holdout = 0.0;
  long seed = 0;
  std::string solver = "auto";
  long max_iter = 0;
  double tol = 0.0;
  double prox_step = 1e-3;

  /// Which options a subcommand offers: every one, or only those of kernel ridge regression
  /// (method, kernel, lambda, scaling, standardisation: `loo`). Unregistered ones keep
  /// their defaults and are unknown keys in a config file.
  enum class Scope { kAll, kKernelRidge };
  void register_on(OptionSet& options, Scope scope = Scope::kAll);
  /// Converts and validates; ConfigErrors name the option where it was given.
  FitSettings to_settings(const OptionSet& options) const;
};

}  // namespace kreg::cli
