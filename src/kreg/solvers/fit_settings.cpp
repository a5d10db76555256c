// Validation of FitSettings: one place that knows each field's range.
#include "kreg/solvers/fit_settings.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "kreg/core/errors.h"

namespace kreg {

std::string to_string(LambdaScaling scaling) { return scaling == LambdaScaling::kN ? "n" : "none"; }

bool parse_lambda_scaling(const std::string& text, LambdaScaling& scaling) {
  if (text == "none") scaling = LambdaScaling::kNone;
  else if (text == "n") scaling = LambdaScaling::kN;
  else return false;
  return true;
}

const std::vector<std::string>& method_names() {
  static const std::vector<std::string> names = {"krr", "kgf"};
  return names;
}

void validate(const FitSettings& s) {
  const auto& methods = method_names();
  if (std::find(methods.begin(), methods.end(), s.method) == methods.end()) {
    std::string valid;
    for (const auto& m : methods) valid += (valid.empty() ? "" : ", ") + m;
    throw ConfigError("method: unknown method '" + s.method + "' (valid: " + valid + ")");
  }
  make_kernel(s.kernel);  // throws for bad kernel parameters
  if (!(s.lambda >= 0.0 && std::isfinite(s.lambda))) {
    std::ostringstream os;
    os.precision(17);
    os << "lambda: must be a finite number >= 0, got " << s.lambda;
    throw ConfigError(os.str());
  }
  if (!(s.t >= 0.0 && std::isfinite(s.t))) throw ConfigError("t: must be a finite number >= 0, got " + std::to_string(s.t));
  if (!(s.momentum >= 0.0 && s.momentum < 1.0))
    throw ConfigError("momentum: must be in [0, 1), got " + std::to_string(s.momentum));
}

}  // namespace kreg
