// Registration and conversion of the fit options.
#include "fit_settings_options.h"

#include "kreg/core/suggest.h"

namespace kreg::cli {

namespace {
std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : "|") + n;
  return s;
}
}  // namespace

void FitSettingsOptions::register_on(OptionSet& o, Scope scope) {
  if (scope == Scope::kKernelRidge) {
    o.add("--method", method, "regression method: krr (the only one with a leave-one-out shortcut)");
  } else {
    o.add("--method", method, "regression method: " + joined(method_names()));
  }
  std::string kernels = joined(kernel_names());
  for (const auto& [alias, name] : kernel_aliases()) kernels += "; " + alias + " = " + name;
  o.add("--kernel", kernel, "kernel: " + kernels);
  o.add("--bandwidth", bandwidth, "kernel bandwidth sigma > 0 (radial kernels)");
  o.add("--degree", degree, "polynomial kernel degree, 1..20");
  o.add("--offset", offset, "polynomial kernel offset c >= 0");
  o.add("--lambda", lambda, "ridge penalty lambda >= 0 (krr)");
  o.add("--lambda-scaling", lambda_scaling, "none: K + lambda I; n: K + n*lambda I");
  o.add("--standardize", standardize, "both|features|none: standardise with training statistics");
  if (scope == Scope::kKernelRidge) return;
  o.add("--t", t, "stopping time t >= 0 (kgf, kgd, ksgd, kcd, kegd; larger t = weaker regularisation)");
  o.add("--momentum", momentum, "momentum gamma in [0, 1) (kgf: time t/(1-gamma); kgd, kegd: heavy ball)");
  o.add("--step-size", step_size, "step size eta > 0 of the iterative methods; t = iterations * eta");
  o.add("--iterations", iterations, "number of updates (0 = round(t / step-size))");
  o.add_flag("--nesterov", nesterov, "kgd: Nesterov momentum instead of heavy ball");
  o.add("--elastic-alpha", elastic_alpha, "kegd: alpha_e in [0, 1] (1 = kcd, 0 = kgd)");
  o.add("--patience", patience, "early stopping: updates without improvement before stopping, >= 1");
  o.add("--t-max", t_max, "early stopping: largest stopping time considered, > 0");
  o.add("--holdout", holdout, "early stopping on this fraction of the training rows, [0, 1)");
  o.add("--seed", seed, "seed of the holdout split (and of the folds in cv)");
  o.add("--solver", solver,
        "kl1/klinf: auto (exact homotopy path, KKT-certified) | fista (accelerated, KKT-certified) | "
        "paper (the authors' fixed-step solver)");
  o.add("--max-iter", max_iter, "kl1/klinf: iteration cap (0 = 100000 for fista, 1000 for paper)");
  o.add("--tol", tol, "kl1/klinf: 0 = default (fista: largest KKT violation 1e-7; paper: iterates agree to 1e-4)");
  o.add("--prox-step", prox_step, "kl1/klinf with --solver paper: fixed step (paper: 1e-3)");
}

FitSettings FitSettingsOptions::to_settings(const OptionSet& o) const {
  try {
    FitSettings s;
    s.method = method;
    s.kernel.name = canonical_kernel_name(kernel);
    s.kernel.bandwidth = bandwidth;
    s.kernel.degree = degree;
    s.kernel.offset = offset;
    s.lambda = lambda;
    s.t = t;
    s.momentum = momentum;
    s.step_size = step_size;
    s.iterations = iterations;
    s.nesterov = nesterov;
    s.elastic_alpha = elastic_alpha;
    s.patience = patience;
    s.t_max = t_max;
    s.holdout = holdout;
    if (seed < 0) throw ConfigError("seed: must be >= 0, got " + std::to_string(seed));
    s.seed = static_cast<unsigned long>(seed);
    s.solver = solver;
    s.max_iter = max_iter;
    s.tol = tol;
    s.prox_step = prox_step;
    if (!parse_lambda_scaling(lambda_scaling, s.lambda_scaling))
      throw ConfigError("lambda_scaling: expected none or n, got '" + lambda_scaling + "'" +
                        did_you_mean(lambda_scaling, {"none", "n"}));
    if (!parse_standardize_mode(standardize, s.standardize))
      throw ConfigError("standardize: expected both, features or none, got '" + standardize + "'" +
                        did_you_mean(standardize, {"both", "features", "none"}));
    validate(s);
    return s;
  } catch (const ConfigError& e) {
    o.rethrow_located(e);
  }
}

}  // namespace kreg::cli
