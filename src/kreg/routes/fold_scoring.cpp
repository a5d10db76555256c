// Fold rows and fold scores shared by the routes' cv scorers.
#include "kreg/routes/fold_scoring.h"

#include "kreg/data/metrics.h"
#include "kreg/solvers/spectral_path.h"

namespace kreg {

Dataset rows_of(const Dataset& d, const arma::uvec& rows) {
  Dataset out = d;
  out.X = d.X.rows(rows);
  out.y = d.y.elem(rows);
  return out;
}

FoldRows fold_rows(const Dataset& data, const Folds& folds, int f) {
  return {rows_of(data, folds.training_rows(f)), rows_of(data, folds.validation_rows(f))};
}

void add_errors(CvFoldScores& out, const Score& score, const Dataset& tr, const Dataset& va, const arma::vec& pv) {
  const ValidationErrors v = validation_errors(score, va.y, pv, huber_scale(tr.y));
  out.mse.push_back(v.mse);
  out.r2.push_back(v.r2);
  out.score.push_back(v.score);
}

CvFoldScores spectral_fold_scores(const Problem& fold, const std::vector<double>& grid, const Score& score) {
  CvFoldScores out;
  for (const auto& p : spectral_path(fold, grid, false, score)) {
    out.mse.push_back(p.val_mse);
    out.r2.push_back(p.val_r2);
    out.score.push_back(p.val_score);
  }
  return out;
}

}  // namespace kreg
