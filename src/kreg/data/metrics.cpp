// MSE, MAE and R^2 as scikit-learn defines them; Huber's loss of standardised residuals.
#include "kreg/data/metrics.h"

#include <cmath>
#include <limits>

namespace kreg {

double mse(const arma::vec& y, const arma::vec& f) { return arma::mean(arma::square(y - f)); }
double mae(const arma::vec& y, const arma::vec& f) { return arma::mean(arma::abs(y - f)); }

double r_squared(const arma::vec& y, const arma::vec& f) {
  const double ss_tot = arma::accu(arma::square(y - arma::mean(y)));
  if (!(ss_tot > 0.0)) return std::numeric_limits<double>::quiet_NaN();
  return 1.0 - arma::accu(arma::square(y - f)) / ss_tot;
}

double huber_rho(double r, double delta) {
  const double a = std::abs(r);
  return a <= delta ? 0.5 * r * r : delta * (a - 0.5 * delta);
}

double huber(const arma::vec& y, const arma::vec& f, double scale, double delta) {
  double sum = 0.0;
  for (arma::uword i = 0; i < y.n_elem; ++i) sum += huber_rho((y[i] - f[i]) / scale, delta);
  return sum / static_cast<double>(y.n_elem);
}

Metrics evaluate(const arma::vec& y, const arma::vec& f) {
  Metrics m;
  m.mse = mse(y, f);
  m.rmse = std::sqrt(m.mse);
  m.mae = mae(y, f);
  m.r2 = r_squared(y, f);
  return m;
}

}  // namespace kreg
