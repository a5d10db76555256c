// The Gaussian-process reading of a krr model (docs/gp.md, "Predictive distribution"): the
// standardised target is y ~ N(0, s^2 (K + lambda I)), and krr's prediction is the posterior
// mean. With A = K + lambda I on the model's training points and k_x = k(points, x),
//   latent variance      s^2 (k(x, x) - k_x^T A^{-1} k_x)   (the function value f(x)),
//   observation variance the latent one + s^2 lambda        (a new y at x: the noise added),
// s^2 = y^T A^{-1} y / n the signal variance at its maximiser (the profiled evidence), here
// alpha^T A alpha / n since y = A alpha. Both are scaled back to the target's units (times the
// target scale squared). Cost: the Gram matrix and one Cholesky factor of A (n^3 / 3) per call,
// then, per block of test rows, its cross-kernel block and one triangular solve (n^2 per row).
#pragma once

#include <armadillo>

#include "kreg/model/model.h"

namespace kreg {

struct PredictiveSpread {
  arma::vec latent_std;       ///< standard deviation of f(x), target units; NaN for a row with a missing feature
  arma::vec observation_std;  ///< standard deviation of a new observation at x, target units
  double signal_variance = 0.0;  ///< s^2 (standardised target)
  double noise_variance = 0.0;   ///< s^2 lambda (standardised target)
};

/// The spread of an exact krr model at raw rows X (columns in feature_names order). ConfigError
/// (key `std`) for a model that keeps fewer points than training rows or solved the linear
/// kernel in its primal form (no training rows kept); NumericalError when K + lambda I is not
/// numerically positive definite (lambda 0 on a singular K).
PredictiveSpread exact_predictive_spread(const Model& model, const arma::mat& X);

}  // namespace kreg
