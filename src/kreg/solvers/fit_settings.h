// FitSettings: the single typed description of what to fit. Every field lists its default
// and valid range; the command line and JSON configs fill it, model files embed it.
#pragma once

#include <string>
#include <vector>

#include "kreg/data/standardization.h"
#include "kreg/kernels/kernel.h"

namespace kreg {

/// How lambda enters the system: K + lambda I (seed 000, seed 002) or K + n lambda I (seed 001).
enum class LambdaScaling { kNone, kN };
std::string to_string(LambdaScaling scaling);
bool parse_lambda_scaling(const std::string& text, LambdaScaling& scaling);

/// The methods of SPEC §4 that this build implements.
const std::vector<std::string>& method_names();

struct FitSettings {
  std::string method = "krr";              ///< one of method_names()
  KernelSettings kernel;                   ///< kernel and its parameters
  StandardizeMode standardize = StandardizeMode::kBoth;  ///< both | features | none
  double lambda = 1.0;                     ///< ridge penalty, >= 0 (0 needs K positive definite)
  LambdaScaling lambda_scaling = LambdaScaling::kNone;   ///< none: K + lambda I; n: K + n lambda I
  double t = 1.0;                          ///< stopping time of kgf, >= 0 (t plays the role of 1/lambda)
  double momentum = 0.0;                   ///< kgf momentum gamma in [0, 1): time t/(1 - gamma)

  /// kgf's effective time with momentum (seed 002, Lemma kgf_s, Remark 2): t / (1 - gamma).
  double effective_t() const { return t / (1.0 - momentum); }

  /// lambda as it enters K + lambda_eff I for n training points.
  double effective_lambda(std::size_t n) const {
    return lambda_scaling == LambdaScaling::kN ? lambda * static_cast<double>(n) : lambda;
  }
};

/// Throws ConfigError naming the first offending key (`method`, `lambda`, kernel keys).
void validate(const FitSettings& settings);

}  // namespace kreg
