// The Gaussian-process tuning of krr (docs/gp.md): the bandwidth(s) and lambda that maximise the
// log evidence or minimise the closed-form leave-one-out error or GCV, by L-BFGS-B in a box of
// theta = (log sigma_1..q, log lambda) from the median-heuristic start and `restarts` seeded
// ones. The routes whose models read as a Gaussian process call it from Route::tune.
#pragma once

#include "kreg/model/tuning_record.h"
#include "kreg/routes/tune_request.h"
#include "kreg/solvers/problem.h"

namespace kreg {

/// The box and the first start, in the units of A = K + lambda I (effective lambda), for
/// standardised rows whose median pairwise distance is d (docs/gp.md, "The minimiser"):
/// sigma in [d / 100, 100 d] from d; lambda in [1e-6, 100] from 0.1. The seeded restarts draw
/// log sigma (each entry on its own) uniformly over [log(d / 10), log(10 d)] and log lambda
/// over [log 1e-4, log 1].
struct TuningBox {
  double bandwidth_low, bandwidth_high, bandwidth_start;
  double lambda_low = 1e-6, lambda_high = 100.0, lambda_start = 0.1;
  double restart_bandwidth_low, restart_bandwidth_high;
  double restart_lambda_low = 1e-4, restart_lambda_high = 1.0;
};
TuningBox tuning_box(double median_distance);

/// Tunes the problem's kernel (a radial kernel with its bandwidth taken from the options) on its
/// standardised rows. Throws ConfigError (key `kernel`) for a kernel the tuning does not cover,
/// NumericalError when no start gives a point (the record's messages say why). The record's
/// lambdas are in the units of --lambda (the problem's lambda scaling undone).
TuningRecord tune_gaussian_process(const Problem& problem, const TuneRequest& request);

}  // namespace kreg
