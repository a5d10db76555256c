// train(): Dataset + FitSettings -> Model. Builds the problem once (standardised rows, the
// kernel) and hands it to the route of the method and solver (route.h).
#pragma once

#include "kreg/core/phase_times.h"
#include "kreg/data/dataset.h"
#include "kreg/data/score.h"
#include "kreg/model/model.h"
#include "kreg/routes/tune_request.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

/// Fits `settings.method` on `data` (which must have a target). Iterative methods stop early
/// on `validation` (standardised with the training statistics) or, with settings.holdout > 0,
/// on a seeded holdout of the training rows (the model is then fitted on the other rows),
/// keeping the iterate of smallest `early_stopping_score` (data/score.h; Huber's scale from the
/// rows fitted); without either they run settings.iteration_count() updates. Throws
/// ConfigError for invalid settings, DataError for unusable data, NumericalError for numerical
/// failure. With `times`, records the wall time of its phases ("standardize", "gram", ...).
Model train(const Dataset& data, const FitSettings& settings, const Dataset* validation = nullptr,
            PhaseTimes* times = nullptr, const Score& early_stopping_score = Score{});

/// kreg fit --tune: chooses the bandwidth(s) and lambda of settings' kernel by the request's
/// Gaussian-process objective on `data` (Route::tune; docs/gp.md), then fits at them (train())
/// and keeps the record in the model's `tuning`, its warnings in the model's. Settings'
/// bandwidth and lambda are not read. ConfigError (key `tune`) for a method or solver without
/// the tuning, (key `kernel`) for a kernel it does not cover.
Model tune_and_train(const Dataset& data, const FitSettings& settings, const TuneRequest& request,
                     PhaseTimes* times = nullptr);

}  // namespace kreg
