// The Gaussian-process reading of a fitted model, for the command line: its route says whether
// the model has one (route.h, Route::predictive_spread) and computes it.
#pragma once

#include <armadillo>

#include "kreg/model/predictive_spread.h"

namespace kreg {

/// The predictive standard deviations of `model` at raw rows X, by the route that fitted it.
/// ConfigError (key `std`) naming the methods that have them when the model's has none.
PredictiveSpread predictive_spread(const Model& model, const arma::mat& X);

}  // namespace kreg
