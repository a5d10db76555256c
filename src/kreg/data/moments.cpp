// Moments and sums of squares on a power-of-two scale (moments.h).
#include "kreg/data/moments.h"

#include <cmath>
#include <limits>

namespace kreg {

namespace {

double largest_magnitude(const arma::vec& v) { return v.is_empty() ? 0.0 : arma::abs(v).max(); }

}  // namespace

double power_of_two_scale(double max_abs) {
  if (!(max_abs > 0.0) || !std::isfinite(max_abs)) return 1.0;
  int exponent = 0;
  std::frexp(max_abs, &exponent);  // max_abs = m 2^exponent, m in [1/2, 1)
  return std::ldexp(1.0, exponent - 1);
}

Moments population_moments(const arma::vec& v) {
  Moments m;
  if (v.is_empty()) {
    m.mean = m.sd = m.max_abs = std::numeric_limits<double>::quiet_NaN();
    return m;
  }
  m.max_abs = largest_magnitude(v);
  const double s = power_of_two_scale(m.max_abs);
  const arma::vec u = v / s;  // exact: a power of two
  const double mean_u = arma::mean(u);
  const double var_u = arma::mean(arma::square(u - mean_u));  // <= 4: cannot overflow
  m.mean = mean_u * s;
  m.sd = std::sqrt(var_u) * s;
  return m;
}

arma::vec scaled_difference(const arma::vec& y, const arma::vec& f, double& factor) {
  factor = 1.0;
  arma::vec d = y - f;
  for (arma::uword i = 0; i < d.n_elem; ++i)
    if (std::isinf(d[i]) && std::isfinite(y[i]) && std::isfinite(f[i])) {
      factor = 2.0;
      return 0.5 * y - 0.5 * f;
    }
  return d;
}

double mean_square(const arma::vec& e) {
  if (e.is_empty()) return std::numeric_limits<double>::quiet_NaN();
  const double s = power_of_two_scale(largest_magnitude(e));
  return arma::mean(arma::square(e / s)) * s * s;
}

double root_mean_square(const arma::vec& e) {
  if (e.is_empty()) return std::numeric_limits<double>::quiet_NaN();
  const double s = power_of_two_scale(largest_magnitude(e));
  return std::sqrt(arma::mean(arma::square(e / s))) * s;
}

double mean_abs(const arma::vec& e) {
  if (e.is_empty()) return std::numeric_limits<double>::quiet_NaN();
  const double s = power_of_two_scale(largest_magnitude(e));
  return arma::mean(arma::abs(e / s)) * s;
}

double sum_of_squares_ratio(const arma::vec& a, const arma::vec& b) {
  const double sa = power_of_two_scale(largest_magnitude(a));
  const double sb = power_of_two_scale(largest_magnitude(b));
  const double num = arma::accu(arma::square(a / sa));
  const double den = arma::accu(arma::square(b / sb));
  if (!(den > 0.0)) return std::numeric_limits<double>::quiet_NaN();
  if (num == 0.0) return 0.0;
  const double r = sa / sb;  // a power of two, possibly 0 or inf only when the ratio is
  return num / den * r * r;
}

}  // namespace kreg
