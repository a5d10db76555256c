// The regularisation path of krr with --solver nystrom (`kreg path --solver nystrom`): one
// NystromSystem (solvers/nystrom.h) for the whole lambda grid, solved from the largest lambda
// down, each solve warm-started from the previous alpha.
#pragma once

#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/score.h"
#include "kreg/solvers/fit_settings.h"
#include "kreg/solvers/path_point.h"
#include "kreg/solvers/problem.h"

namespace kreg {

/// One point per lambda of `grid`, in grid order (an empty grid: the default lambda grid of
/// krr, its top taken from (n/m) times K_mm's largest eigenvalue, which approximates K's). Per
/// point: df = tr K_nm H^{-1} K_nm^T = sum_i theta_i / (theta_i + lambda), theta the eigenvalues
/// of diag(mu)^{-1/2} U^T G U diag(mu)^{-1/2} (one r x r eigendecomposition for the grid); the
/// training and validation errors (with `score`); `iterations` and `converged` of the conjugate
/// gradients. Uniform centres only.
std::vector<PathPoint> nystrom_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                                    const std::vector<double>& grid, bool keep_alpha, const Score& score = Score{});
/// The same on a problem already built.
std::vector<PathPoint> nystrom_path(const Problem& problem, const std::vector<double>& grid, bool keep_alpha,
                                    const Score& score = Score{});

}  // namespace kreg
