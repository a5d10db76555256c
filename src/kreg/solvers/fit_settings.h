// FitSettings: the single typed description of what to fit. Every field lists its default
// and valid range; the command line and JSON configs fill it, model files embed it.
#pragma once

#include <string>
#include <vector>

#include "kreg/data/standardization.h"
#include "kreg/kernels/kernel.h"
#include "kreg/solvers/method_registry.h"

namespace kreg {

/// How lambda enters the system: K + lambda I (seed 000, seed 002) or K + n lambda I (seed 001).
enum class LambdaScaling { kNone, kN };
std::string to_string(LambdaScaling scaling);
bool parse_lambda_scaling(const std::string& text, LambdaScaling& scaling);

struct FitSettings {
  std::string method = "krr";                            ///< one of method_names()
  KernelSettings kernel;                                 ///< kernel and its parameters
  StandardizeMode standardize = StandardizeMode::kBoth;  ///< both | features | none
  double lambda = 1.0;                                   ///< ridge penalty, >= 0 (0 needs K positive definite)
  LambdaScaling lambda_scaling = LambdaScaling::kNone;   ///< none: K + lambda I; n: K + n lambda I
  double t = 1.0;                                        ///< stopping time of kgf, >= 0 (t plays the role of 1/lambda)
  double momentum = 0.0;                                 ///< momentum gamma in [0, 1) (kgf: time t/(1 - gamma);
                                                         ///< kgd, kegd: heavy ball; the paper's kegd used 0.5)
  // Iterative methods (kgd, ksgd, kcd, kegd): t = k * step_size.
  double step_size = 1e-4;     ///< eta > 0 (the paper's 1e-4)
  long iterations = 0;         ///< k >= 0; 0 = round(t / step_size)
  bool nesterov = false;       ///< kgd: Nesterov's look-ahead gradient instead of heavy ball
  double elastic_alpha = 0.9;  ///< kegd: alpha_e in [0, 1] (1 = kcd, 0 with gamma = 0 = kgd)
  // Early stopping (iterative methods, when validation data or a holdout is given).
  long patience = 100;     ///< stop after this many iterations without improvement, >= 1
  double t_max = 1000.0;   ///< largest stopping time considered, > 0
  double holdout = 0.0;    ///< fraction of training rows held out for early stopping, [0, 1)
  unsigned long seed = 0;  ///< seed of the holdout split
  // Penalised methods (kl1, klinf): 1/2 a^T K a - y^T a + lambda P(a).
  std::string solver = "auto";  ///< auto: the exact homotopy path (fista where it stops);
                                ///< fista: accelerated proximal gradient, restarted, KKT-certified;
                                ///< paper: the authors' plain proximal gradient
  long max_iter = 0;            ///< iteration cap, >= 0 (0 = solver default: 100000 | 1000)
  double tol = 0.0;             ///< >= 0 (0 = solver default): fista: largest KKT violation
                                ///< (standardised scale), 1e-7; paper: iterates agree to 1e-4
  double prox_step = 1e-3;      ///< paper solver: fixed step (the authors' 1e-3)

  /// The method's row of the registry (throws ConfigError for an unknown method).
  const MethodInfo& method_info() const { return kreg::method_info(method); }
  bool is_penalized() const { return method_info().is_penalized(); }
  long max_iter_or_default() const { return max_iter > 0 ? max_iter : (solver == "paper" ? 1000 : 100000); }
  double tol_or_default() const { return tol > 0.0 ? tol : (solver == "paper" ? 1e-4 : 1e-7); }
  bool is_iterative() const { return method_info().is_iterative(); }
  /// Iterations of a fixed-length run: `iterations`, or round(t / step_size).
  /// Throws ConfigError (key `t`) when that is more than 2e9 updates.
  long iteration_count() const;
  /// Largest number of updates of an early-stopped run or a path: round(t_max / step_size).
  /// Throws ConfigError (key `t_max`) when that is more than 2e9 updates.
  long max_update_count() const;

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
