// Means and population standard deviations of the training columns.
#include "kreg/data/standardization.h"

namespace kreg {

std::string to_string(StandardizeMode mode) {
  switch (mode) {
    case StandardizeMode::kBoth:
      return "both";
    case StandardizeMode::kFeatures:
      return "features";
    case StandardizeMode::kNone:
      return "none";
  }
  return "both";
}

bool parse_standardize_mode(const std::string& text, StandardizeMode& mode) {
  if (text == "both")
    mode = StandardizeMode::kBoth;
  else if (text == "features")
    mode = StandardizeMode::kFeatures;
  else if (text == "none")
    mode = StandardizeMode::kNone;
  else
    return false;
  return true;
}

namespace {
// Population standard deviation; a (numerically) constant column keeps scale 1 so that it
// neither divides by zero nor blows up rounding noise.
double population_scale(const arma::vec& v, double mean) {
  const double var = arma::mean(arma::square(v - mean));
  const double sd = std::sqrt(var);
  return sd > 1e-12 * std::max(1.0, std::abs(mean)) ? sd : 1.0;
}
}  // namespace

arma::mat Standardization::transform_features(const arma::mat& X) const {
  arma::mat Z = X;
  Z.each_row() -= feature_mean.t();
  Z.each_row() /= feature_scale.t();
  return Z;
}

Standardization fit_standardization(const arma::mat& X, const arma::vec& y, StandardizeMode mode) {
  Standardization s;
  s.mode = mode;
  s.feature_mean.zeros(X.n_cols);
  s.feature_scale.ones(X.n_cols);
  if (mode != StandardizeMode::kNone) {
    for (arma::uword j = 0; j < X.n_cols; ++j) {
      const arma::vec col = X.col(j);
      s.feature_mean(j) = arma::mean(col);
      s.feature_scale(j) = population_scale(col, s.feature_mean(j));
    }
  }
  if (mode == StandardizeMode::kBoth && !y.empty()) {
    s.target_mean = arma::mean(y);
    s.target_scale = population_scale(y, s.target_mean);
  }
  return s;
}

}  // namespace kreg
