// The validation score that chooses: the grid point of k-fold cross-validation (min and 1se
// rules), the iterate that early stopping keeps, and the extra validation column of a path.
// MSE (the default), MAE, or Huber's loss of the residual standardised by the standard
// deviation of the training targets.
#pragma once

#include <armadillo>
#include <cmath>
#include <string>
#include <vector>

namespace kreg {

enum class ScoreKind { kMse, kMae, kHuber };

/// Huber's classical threshold: 95% efficiency at the normal distribution.
constexpr double kDefaultHuberDelta = 1.345;

struct Score {
  ScoreKind kind = ScoreKind::kMse;
  double huber_delta = kDefaultHuberDelta;  ///< kHuber: threshold on the standardised residual, > 0
  bool is_mse() const { return kind == ScoreKind::kMse; }
};

/// "mse", "mae" or "huber": the --score value and the column suffix (mean_mae, val_huber).
std::string score_name(ScoreKind kind);
/// The score in a sentence: "MSE", "MAE", "Huber loss".
std::string score_label_of(ScoreKind kind);
/// Every score's name, in the order of the help.
std::vector<std::string> score_names();
/// False for a name that is no score.
bool parse_score_kind(const std::string& text, ScoreKind& kind);

/// The scale s of Huber's standardised residual r = (y - f) / s: the population standard
/// deviation (divide by n, as the standardisation's) of the training targets; 1 when they are
/// constant.
double huber_scale(const arma::vec& y_train);

/// The score of the residuals e = y - f: mse mean(e^2), mae mean(|e|), huber
/// mean(huber_rho(e / scale, delta)) (metrics.h).
double residual_score(const Score& score, const arma::vec& e, double scale);
/// residual_score of y - f.
double score_value(const Score& score, const arma::vec& y, const arma::vec& f, double scale);

/// The errors of predictions f of a validation set y: MSE, R^2 and the score (computed once,
/// as mse(), when the score is mse).
struct ValidationErrors {
  double mse = NAN, r2 = NAN, score = NAN;
};
ValidationErrors validation_errors(const Score& score, const arma::vec& y, const arma::vec& f, double scale);

/// The factor by which a score changes when y and f (with the training targets, hence the
/// scale) are multiplied by c > 0: c^2 (mse), c (mae), 1 (huber, dimensionless).
double score_unit(ScoreKind kind, double c);

}  // namespace kreg
