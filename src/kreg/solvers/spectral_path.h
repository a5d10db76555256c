// Regularisation paths of the spectral methods (krr over lambda, kgf over t) from one
// eigendecomposition: each grid point costs O(n r) for training quantities and O(n* r) for
// validation predictions, never another factorisation.
#pragma once

#include <armadillo>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/solvers/fit_settings.h"
#include "kreg/solvers/path_point.h"

namespace kreg {

/// The path of settings.method ("krr" or "kgf") over `grid` (lambda or t values; empty =
/// default_spectral_grid). The validation set (may be null) is standardised with the
/// training statistics.
std::vector<PathPoint> spectral_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                                     const std::vector<double>& grid, bool keep_alpha);

/// The default grid when none is given: 50 log-spaced points spanning six decades below the
/// largest eigenvalue mu_max of K (standardised data): lambda from mu_max down to
/// 1e-6 mu_max for krr, t = 1/lambda (from 1/mu_max up to 1e6/mu_max) for kgf.
std::vector<double> default_spectral_grid(double mu_max, const MethodInfo& method, std::size_t n,
                                          LambdaScaling scaling);

}  // namespace kreg
