// MSE, MAE and R^2 as scikit-learn defines them; Huber's loss of standardised residuals.
#include "kreg/data/metrics.h"

#include <cmath>
#include <limits>

#include "kreg/data/moments.h"

namespace kreg {

double mse(const arma::vec& y, const arma::vec& f) {
  double c = 1.0;
  const arma::vec e = scaled_difference(y, f, c);
  return mean_square(e) * c * c;
}

double rmse(const arma::vec& y, const arma::vec& f) {
  double c = 1.0;
  const arma::vec e = scaled_difference(y, f, c);
  return root_mean_square(e) * c;
}

double mae(const arma::vec& y, const arma::vec& f) {
  double c = 1.0;
  const arma::vec e = scaled_difference(y, f, c);
  return mean_abs(e) * c;
}

double r_squared(const arma::vec& y, const arma::vec& f) {
  if (y.is_empty()) return std::numeric_limits<double>::quiet_NaN();
  double ce = 1.0, cd = 1.0;
  const arma::vec e = scaled_difference(y, f, ce);
  const arma::vec d = scaled_difference(y, arma::vec(y.n_elem, arma::fill::value(population_moments(y).mean)), cd);
  // sum((y - f)^2) / sum((y - mean)^2), NaN when y is constant
  const double c = ce / cd;
  return 1.0 - sum_of_squares_ratio(e, d) * c * c;
}

double huber_rho(double r, double delta) {
  const double a = std::abs(r);
  return a <= delta ? 0.5 * r * r : delta * (a - 0.5 * delta);
}

double huber(const arma::vec& y, const arma::vec& f, double scale, double delta) {
  double sum = 0.0;
  double c = 1.0;
  const arma::vec e = scaled_difference(y, f, c);
  for (arma::uword i = 0; i < y.n_elem; ++i) sum += huber_rho(e[i] / scale * c, delta);
  return sum / static_cast<double>(y.n_elem);
}

Metrics evaluate(const arma::vec& y, const arma::vec& f) {
  Metrics m;
  m.mse = mse(y, f);
  m.rmse = rmse(y, f);
  m.mae = mae(y, f);
  m.r2 = r_squared(y, f);
  return m;
}

}  // namespace kreg
