// What the routes' cv scorers share: a fold's training and validation rows, and the scores
// of a fold's predictions.
#pragma once

#include <armadillo>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/folds.h"
#include "kreg/data/score.h"
#include "kreg/routes/cv_fold_scores.h"
#include "kreg/solvers/problem.h"

namespace kreg {

/// The rows of `data` listed in `rows`.
Dataset rows_of(const Dataset& data, const arma::uvec& rows);

/// Fold f's training and validation rows.
struct FoldRows {
  Dataset train, validation;
};
FoldRows fold_rows(const Dataset& data, const Folds& folds, int f);

/// Appends the errors of predictions `pv` of the validation rows `va` (Huber's scale from tr).
void add_errors(CvFoldScores& out, const Score& score, const Dataset& tr, const Dataset& va, const arma::vec& pv);

/// The scores of a spectral path (krr, kgf) on the fold's problem, in grid order.
CvFoldScores spectral_fold_scores(const Problem& fold, const std::vector<double>& grid, const Score& score);

}  // namespace kreg
