// The options that describe a fit, made from the settings table (solvers/fit_settings.h) and
// the kernel registry (kernels/kernel_type.h): one option and config key per setting and per
// kernel parameter. Shared by fit, path, cv and loo.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "kreg/solvers/fit_settings.h"
#include "option_set.h"

namespace kreg::cli {

struct FitSettingsOptions {
  FitSettings values;                          ///< the numeric, flag and text settings, bound directly
  std::map<std::string, std::string> choices;  ///< choice settings as text, by key
  std::string kernel = FitSettings{}.kernel.name;
  std::map<std::string, double> kernel_values;  ///< every kernel parameter of real values, by key
  /// The parameters that take one value or one per feature (bandwidth), by key.
  std::map<std::string, std::vector<double>> kernel_lists;
  std::map<std::string, int> kernel_integers;   ///< every integer kernel parameter (degree), by key

  /// Which options a subcommand offers: every one, or only those of kernel ridge regression
  /// that `loo` does not choose (SettingScope::kKernelRidge: no --lambda). Unregistered ones
  /// keep their defaults and are unknown keys in a config file.
  using Scope = SettingScope;
  void register_on(OptionSet& options, Scope scope = Scope::kAll);
  /// Every option back to its default, in place (the options keep their references to these
  /// fields; the config fuzzer reuses one OptionSet).
  void reset();
  /// Converts and validates; ConfigErrors carry the key at fault (the command line says where
  /// it was given).
  /// With `kernel`, also the kernel it parsed while validating.
  FitSettings to_settings(Kernel* kernel = nullptr) const;
};

/// "--lambda-scaling" for the key "lambda_scaling".
std::string option_of_key(const std::string& key);

}  // namespace kreg::cli
