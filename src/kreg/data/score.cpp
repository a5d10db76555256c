// Validation scores: names, the Huber scale, and the score of residuals.
#include "kreg/data/score.h"

#include <cmath>
#include <stdexcept>

#include "kreg/data/metrics.h"
#include "kreg/data/moments.h"

namespace kreg {

namespace {

// Each score's name (the --score value, the column suffix) and its words in a sentence.
struct ScoreNames {
  ScoreKind kind;
  const char* name;
  const char* label;
};
constexpr ScoreNames kScoreNames[] = {
    {ScoreKind::kMse, "mse", "MSE"}, {ScoreKind::kMae, "mae", "MAE"}, {ScoreKind::kHuber, "huber", "Huber loss"}};

const ScoreNames& names_of(ScoreKind kind) {
  for (const ScoreNames& n : kScoreNames)
    if (n.kind == kind) return n;
  throw std::logic_error("a score without a name");
}

}  // namespace

std::string score_name(ScoreKind kind) { return names_of(kind).name; }

std::string score_label_of(ScoreKind kind) { return names_of(kind).label; }

std::vector<std::string> score_names() {
  std::vector<std::string> out;
  for (const ScoreNames& n : kScoreNames) out.push_back(n.name);
  return out;
}

bool parse_score_kind(const std::string& text, ScoreKind& kind) {
  for (const ScoreNames& n : kScoreNames)
    if (text == n.name) {
      kind = n.kind;
      return true;
    }
  return false;
}

double huber_scale(const arma::vec& y_train) {
  if (y_train.is_empty()) return 1.0;
  // On a power-of-two scale (data/moments.h): the same digits, and no overflow for large y.
  const double s = power_of_two_scale(arma::abs(y_train).max());
  const double sd = arma::stddev(arma::vec(y_train / s), 1) * s;
  return sd > 0.0 && std::isfinite(sd) ? sd : 1.0;
}

double residual_score(const Score& score, const arma::vec& e, double scale) {
  switch (score.kind) {
    case ScoreKind::kMse:
      return mean_square(e);
    case ScoreKind::kMae:
      return mean_abs(e);
    case ScoreKind::kHuber: {
      double sum = 0.0;
      for (double r : e) sum += huber_rho(r / scale, score.huber_delta);
      return sum / static_cast<double>(e.n_elem);
    }
  }
  return NAN;
}

double score_value(const Score& score, const arma::vec& y, const arma::vec& f, double scale) {
  double c = 1.0;  // the residuals are (y - f) / c, the score scales by score_unit(c)
  const arma::vec e = scaled_difference(y, f, c);
  return residual_score(score, e, scale / c) * score_unit(score.kind, c);
}

ValidationErrors validation_errors(const Score& score, const arma::vec& y, const arma::vec& f, double scale) {
  ValidationErrors v;
  v.mse = mse(y, f);
  v.r2 = r_squared(y, f);
  v.score = score.is_mse() ? v.mse : score_value(score, y, f, scale);
  return v;
}

double score_unit(ScoreKind kind, double c) {
  switch (kind) {
    case ScoreKind::kMse:
      return c * c;
    case ScoreKind::kMae:
      return c;
    case ScoreKind::kHuber:
      return 1.0;
  }
  return NAN;
}

}  // namespace kreg
