// Standardisation with training statistics (SPEC §7). Features: z = (x - mean) / scale,
// target: t = (y - mean) / scale, with population (divide-by-n) standard deviations; a
// constant column gets scale 1. Predictions are mapped back: y = mean + scale * f(z).
// The target mean is also the model's intercept: the kernel expansion fits t, not y.
// The statistics are computed without overflow (data/moments.h), so every finite column has
// a finite mean and scale, whatever its magnitude, and its standardised values are finite.
#pragma once

#include <armadillo>
#include <string>

#include "kreg/data/dataset.h"

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

  // Each transform computes the direct formula and, for an entry where it overflows (x - mean
  // beyond the largest double), the same value in a form that does not (x / scale - mean /
  // scale): a result is inf only when the true value is beyond the largest double. NaN (a
  // missing value) stays NaN.

  /// (X - mean) / scale, row by row.
  arma::mat transform_features(const arma::mat& X) const;
  /// (y - target_mean) / target_scale.
  arma::vec transform_target(const arma::vec& y) const;
  /// target_mean + target_scale * t.
  arma::vec inverse_target(const arma::vec& t) const;
};

/// The relative spread below which a column counts as constant: population sd <= this times
/// the column's largest magnitude (a constant column up to the rounding of its mean).
constexpr double kConstantColumnSpread = 1e-12;

/// Training statistics of X and y for `mode` (identity transform for what is not standardised).
/// A constant column (kConstantColumnSpread) gets its mean and scale 1. Throws
/// DataError, naming the column ("feature column 2", "the target"), for a column that is not
/// constant but whose standard deviation is below the smallest normal double (2.2e-308): its
/// reciprocal would overflow.
Standardization fit_standardization(const arma::mat& X, const arma::vec& y, StandardizeMode mode);
/// The same, the errors naming data.source and the column's name.
Standardization fit_standardization(const Dataset& data, StandardizeMode mode);

/// Throws DataError naming the target column when the square of its standard deviation is
/// beyond the largest double (a standard deviation above 1.3e154): the mean squared errors of
/// any fit, of that order, would be inf. For the commands that report MSEs (cv, path, loo);
/// fit and predict work at any magnitude.
void require_representable_mse(const Dataset& data);

}  // namespace kreg
