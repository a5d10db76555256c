// The regularisation grids kreg takes when none is given, all in one place. Grids are in the
// user's units: lambda as given (divided by n under --lambda-scaling n), t as given.
#pragma once

#include <vector>

#include "kreg/solvers/method_registry.h"

namespace kreg {

/// krr and kgf paths: 50 log-spaced points spanning six decades below the largest eigenvalue
/// mu_max of K (standardised data): lambda from mu_max down to 1e-6 mu_max (krr), t = 1/lambda
/// from 1/mu_max up to 1e6/mu_max (kgf). `lambda_unit` is FitSettings::lambda_unit(n).
std::vector<double> default_spectral_grid(double mu_max, const MethodInfo& method, double lambda_unit);

/// kl1 and klinf paths: 50 log-spaced lambda from lambda_max (where alpha = 0 becomes optimal)
/// down to 1e-3 lambda_max.
std::vector<double> default_penalized_grid(double lambda_max, double lambda_unit);

}  // namespace kreg
