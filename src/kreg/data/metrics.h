// Goodness-of-fit measures on the original scale of the response, computed without overflow on
// the way (data/moments.h): RMSE, MAE and R^2 are finite for finite y and f whatever their
// magnitude; the MSE is inf only when its value is beyond the largest double.
#pragma once

#include <armadillo>

namespace kreg {

/// mean((y - f)^2)
double mse(const arma::vec& y, const arma::vec& f);
/// sqrt(mean((y - f)^2))
double rmse(const arma::vec& y, const arma::vec& f);
/// mean(|y - f|)
double mae(const arma::vec& y, const arma::vec& f);
/// 1 - sum((y - f)^2) / sum((y - mean(y))^2); NaN when y is constant.
double r_squared(const arma::vec& y, const arma::vec& f);

/// Huber's loss of a standardised residual r with threshold delta > 0:
///   rho(r) = r^2 / 2                 for |r| <= delta,
///            delta (|r| - delta / 2)  otherwise
/// (quadratic near 0, linear in the tails, continuous with a continuous derivative).
double huber_rho(double r, double delta);
/// mean(rho((y - f) / scale)) with rho = huber_rho(., delta): the Huber loss of the residuals
/// standardised by `scale` > 0 (dimensionless).
double huber(const arma::vec& y, const arma::vec& f, double scale, double delta);

struct Metrics {
  double r2 = 0.0, rmse = 0.0, mae = 0.0, mse = 0.0;
};
Metrics evaluate(const arma::vec& y, const arma::vec& f);

}  // namespace kreg
