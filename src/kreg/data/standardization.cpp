// Means and population standard deviations of the training columns.
#include "kreg/data/standardization.h"

#include <cmath>
#include <limits>
#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/data/moments.h"

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

// What the errors call a column: "data.csv: column 'x'", or "feature column 2" without names.
struct ColumnNaming {
  const Dataset* data = nullptr;
  std::string feature(arma::uword j) const {
    if (data == nullptr || j >= data->feature_names.size()) return "feature column " + std::to_string(j + 1);
    return data->source + ": column '" + data->feature_names[j] + "'";
  }
  std::string target() const {
    if (data == nullptr || data->target_name.empty()) return "the target";
    return data->source + ": target column '" + data->target_name + "'";
  }
};

// Mean and population standard deviation of a training column (data/moments.h: no overflow
// whatever the magnitude). A column whose spread is at most kConstantColumnSpread of its largest
// magnitude is constant up to rounding and keeps scale 1, so that it neither divides by zero
// nor blows rounding noise up. Any other spread must be a normal double: below 2.2e-308 its
// reciprocal overflows and its own digits are few.
void column_statistics(const arma::vec& v, const std::string& column, double& mean, double& scale) {
  const Moments m = population_moments(v);
  mean = m.mean;
  if (!(m.sd > kConstantColumnSpread * m.max_abs)) {
    scale = 1.0;
    return;
  }
  if (m.sd < std::numeric_limits<double>::min()) {
    std::ostringstream os;
    os.precision(3);
    os << column << ": its values (largest magnitude " << m.max_abs << ") spread by only " << m.sd
       << ", below the smallest normal double (2.2e-308), too small to standardise; multiply the column by a "
          "power of ten";
    throw DataError(os.str());
  }
  scale = m.sd;
}

// x / scale - mean / scale where (x - mean) / scale is not finite although x is: the
// difference overflowed, the quotient may not.
double refined(double x, double mean, double scale, double direct) {
  if (std::isfinite(direct) || !std::isfinite(x)) return direct;
  return x / scale - mean / scale;
}

Standardization fit(const arma::mat& X, const arma::vec& y, StandardizeMode mode, const ColumnNaming& naming) {
  Standardization s;
  s.mode = mode;
  s.feature_mean.zeros(X.n_cols);
  s.feature_scale.ones(X.n_cols);
  if (mode != StandardizeMode::kNone)
    for (arma::uword j = 0; j < X.n_cols; ++j)
      column_statistics(X.col(j), naming.feature(j), s.feature_mean(j), s.feature_scale(j));
  if (mode == StandardizeMode::kBoth && !y.empty())
    column_statistics(y, naming.target(), s.target_mean, s.target_scale);
  return s;
}

}  // namespace

arma::mat Standardization::transform_features(const arma::mat& X) const {
  arma::mat Z = X;
  Z.each_row() -= feature_mean.t();
  Z.each_row() /= feature_scale.t();
  if (!Z.is_finite())
    for (arma::uword j = 0; j < Z.n_cols; ++j)
      for (arma::uword i = 0; i < Z.n_rows; ++i)
        Z(i, j) = refined(X(i, j), feature_mean(j), feature_scale(j), Z(i, j));
  return Z;
}

arma::vec Standardization::transform_target(const arma::vec& y) const {
  arma::vec t = (y - target_mean) / target_scale;
  if (!t.is_finite())
    for (arma::uword i = 0; i < t.n_elem; ++i) t(i) = refined(y(i), target_mean, target_scale, t(i));
  return t;
}

arma::vec Standardization::inverse_target(const arma::vec& t) const {
  arma::vec y = target_mean + target_scale * t;
  if (!y.is_finite())  // target_scale * t overflowed: the halves may not
    for (arma::uword i = 0; i < y.n_elem; ++i)
      if (!std::isfinite(y(i)) && std::isfinite(t(i))) y(i) = 2.0 * (0.5 * target_mean + (0.5 * target_scale) * t(i));
  return y;
}

Standardization fit_standardization(const arma::mat& X, const arma::vec& y, StandardizeMode mode) {
  return fit(X, y, mode, ColumnNaming{});
}

Standardization fit_standardization(const Dataset& data, StandardizeMode mode) {
  return fit(data.X, data.y, mode, ColumnNaming{&data});
}

void require_representable_mse(const Dataset& data) {
  if (data.y.is_empty()) return;
  const double sd = population_moments(data.y).sd;
  if (std::isfinite(sd * sd)) return;
  std::ostringstream os;
  os.precision(3);
  os << ColumnNaming{&data}.target() << ": its standard deviation " << sd
     << " is so large that mean squared errors, of the order of its square, are beyond the largest double "
        "(1.8e+308); divide the column by a power of ten (fit and predict work at this scale)";
  throw DataError(os.str());
}

}  // namespace kreg
