// Regularisation paths of the spectral methods (krr over lambda, kgf over t) from one
// eigendecomposition: each grid point costs O(n r) for training quantities and O(n* r) for
// validation predictions, never another factorisation.
#pragma once

#include <armadillo>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/score.h"
#include "kreg/solvers/fit_settings.h"
#include "kreg/solvers/path_point.h"
#include "kreg/solvers/problem.h"

namespace kreg {

/// The path of settings.method ("krr" or "kgf") over `grid` (lambda or t values; empty =
/// default_spectral_grid). The validation set (may be null) is standardised with the
/// training statistics; its errors include `score` (val_score, Huber's scale from train.y).
std::vector<PathPoint> spectral_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                                     const std::vector<double>& grid, bool keep_alpha, const Score& score = Score{});
/// The same on a problem already built (its settings name krr or kgf).
std::vector<PathPoint> spectral_path(const Problem& problem, const std::vector<double>& grid, bool keep_alpha,
                                     const Score& score = Score{});

}  // namespace kreg
