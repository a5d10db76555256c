// Standardisation with training statistics (SPEC §7). Features: z = (x - mean) / scale,
// target: t = (y - mean) / scale, with population (divide-by-n) standard deviations; a
// constant column gets scale 1. Predictions are mapped back: y = mean + scale * f(z).
// The target mean is also the model's intercept: the kernel expansion fits t, not y.
#pragma once

#include <armadillo>
#include <string>

namespace kreg {

enum class StandardizeMode {
  kBoth,      ///< features and target (default)
  kFeatures,  ///< features only; the target is used as given
  kNone,      ///< nothing: the kernel sees raw x and the solver raw y
};

std::string to_string(StandardizeMode mode);
/// Parses "both" | "features" | "none"; false for anything else.
bool parse_standardize_mode(const std::string& text, StandardizeMode& mode);

struct Standardization {
  StandardizeMode mode = StandardizeMode::kBoth;
  arma::vec feature_mean;   ///< p values (0 when features are not standardised)
  arma::vec feature_scale;  ///< p values (1 when features are not standardised)
  double target_mean = 0.0;
  double target_scale = 1.0;

  /// (X - mean) / scale, row by row.
  arma::mat transform_features(const arma::mat& X) const;
  arma::vec transform_target(const arma::vec& y) const { return (y - target_mean) / target_scale; }
  arma::vec inverse_target(const arma::vec& t) const { return target_mean + target_scale * t; }
};

/// Training statistics of X and y for `mode` (identity transform for what is not standardised).
Standardization fit_standardization(const arma::mat& X, const arma::vec& y, StandardizeMode mode);

}  // namespace kreg
