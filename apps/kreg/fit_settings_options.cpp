// Registration and conversion of the fit options.
#include "fit_settings_options.h"

namespace kreg::cli {

namespace {
std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : "|") + n;
  return s;
}
}  // namespace

void FitSettingsOptions::register_on(OptionSet& o) {
  o.add("--method", method, "regression method: " + joined(method_names()));
  o.add("--kernel", kernel, "kernel: " + joined(kernel_names()));
  o.add("--bandwidth", bandwidth, "kernel bandwidth sigma > 0 (radial kernels)");
  o.add("--degree", degree, "polynomial kernel degree, 1..20");
  o.add("--offset", offset, "polynomial kernel offset c >= 0");
  o.add("--lambda", lambda, "ridge penalty lambda >= 0 (krr)");
  o.add("--lambda-scaling", lambda_scaling, "none: K + lambda I; n: K + n*lambda I");
  o.add("--t", t, "stopping time t >= 0 (kgf; larger t = weaker regularisation)");
  o.add("--momentum", momentum, "momentum gamma in [0, 1) (kgf: time t/(1-gamma))");
  o.add("--standardize", standardize, "both|features|none: standardise with training statistics");
}

FitSettings FitSettingsOptions::to_settings(const OptionSet& o) const {
  try {
    FitSettings s;
    s.method = method;
    s.kernel.name = kernel;
    s.kernel.bandwidth = bandwidth;
    s.kernel.degree = degree;
    s.kernel.offset = offset;
    s.lambda = lambda;
    s.t = t;
    s.momentum = momentum;
    if (!parse_lambda_scaling(lambda_scaling, s.lambda_scaling))
      throw ConfigError("lambda_scaling: expected none or n, got '" + lambda_scaling + "'");
    if (!parse_standardize_mode(standardize, s.standardize))
      throw ConfigError("standardize: expected both, features or none, got '" + standardize + "'");
    validate(s);
    return s;
  } catch (const ConfigError& e) {
    o.rethrow_located(e);
  }
}

}  // namespace kreg::cli
