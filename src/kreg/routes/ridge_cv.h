// krr's exact cv scorers (the four routes of cv_route.h): a Cholesky factorisation per
// lambda, one band reduction per fold, the fold's eigendecomposition (fold_scoring.h), or one
// eigendecomposition of the whole K for every fold (group deletion).
#pragma once

#include <vector>

#include "kreg/data/folds.h"
#include "kreg/data/score.h"
#include "kreg/routes/cv_fold_scores.h"
#include "kreg/solvers/problem.h"

namespace kreg {

/// krr on the fold's problem by a Cholesky factorisation of K + lambda I per lambda; false
/// when one is not numerically positive definite (the caller takes the eigen route).
bool score_fold_by_cholesky(const Problem& fold, const std::vector<double>& grid, const Score& score,
                            CvFoldScores& out);

/// krr on the fold's problem by one band reduction of its K; false when one B + lambda I is
/// not numerically positive definite. `scratch`: this thread's storage, reused and handed back.
bool score_fold_by_band(const Problem& fold, const std::vector<double>& grid, const Score& score, CvFoldScores& out,
                        arma::mat& scratch);

/// Every fold of `data` (statistics shared: already standardised) from one eigendecomposition
/// of the whole K of `kernel`.
std::vector<CvFoldScores> score_all_folds_krr(const Dataset& data, const FitSettings& settings, const Kernel& kernel,
                                              const Folds& folds, const std::vector<double>& grid, const Score& score);

}  // namespace kreg
