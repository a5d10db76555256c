// What `kreg fit --tune` found: the hyperparameters a Gaussian-process objective chose (the
// evidence, the leave-one-out error or GCV; docs/gp.md), the objective there, and each start
// of the minimiser. The model file keeps it under "tuning" (model_json.cpp); the fit itself is
// an ordinary krr fit at the chosen bandwidth(s) and lambda.
#pragma once

#include <armadillo>
#include <cmath>
#include <string>
#include <vector>

#include "kreg/gp/tune_objective.h"

namespace kreg {

/// One start of the minimiser and where it ended.
struct TuningRun {
  arma::vec start_bandwidth;  ///< one value, or one per feature
  double start_lambda = NAN;  ///< in the units of --lambda (lambda scaling applied back)
  double start_value = NAN;   ///< the objective at the start, in the units of TuningRecord::value
  arma::vec bandwidth;        ///< the optimum (empty when the start was not a point)
  double lambda = NAN;
  double value = NAN;
  int evaluations = 0;  ///< of the objective, failed ones included
  int iterations = 0;
  bool converged = false;  ///< a convergence test was met (not a cap or a failed line search)
  bool improved = false;   ///< the optimum is better than the start
  std::string message;     ///< why the minimiser stopped, or why the start failed
};

struct TuningRecord {
  TuneObjective objective = TuneObjective::kEvidence;
  bool per_feature = false;  ///< --ard: one bandwidth per feature
  /// At the optimum, on the data as fitted: the log evidence (standardised target, larger is
  /// better), or the LOO MSE or GCV (original scale, smaller is better).
  double value = NAN;
  arma::vec bandwidth;  ///< one value, or one per feature (in feature order)
  double lambda = NAN;  ///< in the units of --lambda
  double signal_variance = NAN;  ///< s^2 on the target's original scale (target_scale^2 times the profiled one)
  double noise_variance = NAN;   ///< s^2 lambda_eff, original scale
  double log_evidence = NAN;     ///< standardised target, whatever the objective
  double loo_mse = NAN;          ///< original scale
  double gcv = NAN;              ///< original scale
  double df = NAN;               ///< tr K (K + lambda I)^{-1}
  int evaluations = 0;           ///< over every start
  double seconds = 0.0;          ///< wall time of the tuning (for the summary; not in the model file)
  std::size_t best_start = 0;    ///< index into `starts` of the optimum
  double bandwidth_bounds[2] = {NAN, NAN};  ///< the box of every bandwidth
  double lambda_bounds[2] = {NAN, NAN};     ///< the box of lambda (units of --lambda)
  std::vector<TuningRun> starts;            ///< the median-heuristic start, then the seeded restarts
  std::vector<std::string> warnings;        ///< what the user should know (the fit adds them to the model's)
};

}  // namespace kreg
