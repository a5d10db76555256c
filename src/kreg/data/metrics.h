// Goodness-of-fit measures on the original scale of the response.
#pragma once

#include <armadillo>

namespace kreg {

/// mean((y - f)^2)
double mse(const arma::vec& y, const arma::vec& f);
/// mean(|y - f|)
double mae(const arma::vec& y, const arma::vec& f);
/// 1 - sum((y - f)^2) / sum((y - mean(y))^2); NaN when y is constant.
double r_squared(const arma::vec& y, const arma::vec& f);

struct Metrics {
  double r2 = 0.0, rmse = 0.0, mae = 0.0, mse = 0.0;
};
Metrics evaluate(const arma::vec& y, const arma::vec& f);

}  // namespace kreg
