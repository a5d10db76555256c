// A kernel parameter as the user sees it: its key (the config key, the option --key and the cv
// grid --key-grid), default, valid range and help. Kernels list the parameters they take;
// parameters of the same key are one option shared by every kernel that takes it.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace kreg {

/// Which values the one-standard-error rule of cv prefers, other things equal.
enum class Simpler { kLarger, kSmaller, kNeither };

struct KernelParameter {
  std::string key;     ///< "bandwidth"
  std::string symbol;  ///< "sigma" (docs and help)
  double default_value = 1.0;
  double lower_bound = 0.0;  ///< smallest possible value (cv's grid-edge warning stops there)
  bool integer = false;      ///< whole numbers only (printed without a decimal point)
  Simpler simpler = Simpler::kNeither;
  std::string help;             ///< "kernel bandwidth sigma > 0 (radial kernels)"
  void (*check)(double value);  ///< throws ConfigError(key, ...) for a value out of range
};

/// sigma > 0 of the radial kernels, between 1e-150 and 1e150 so that sigma^2 is a normal number.
const KernelParameter& bandwidth_parameter();

/// Throws ConfigError(key, "must be a finite number > 0, got ...") unless 0 < value < inf.
void check_positive(const std::string& key, double value);

/// One kernel's parameter values, in the order of its parameters.
using ParameterValues = std::vector<double>;

}  // namespace kreg
