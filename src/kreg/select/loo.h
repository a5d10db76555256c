// Leave-one-out for KRR without refitting (the representer-theorem notes, Proposition 3):
//   y_i - f^{(-i)}(x_i) = (y_i - yhat_i) / (1 - H_ii),   H = K (K + lambda I)^{-1} = U diag(h) U^T,
// so H_ii = sum_j U_ij^2 h_j and every lambda costs O(n r) after one eigendecomposition.
// GCV = n RSS / (n - df)^2 (Craven and Wahba), df = tr H.
#pragma once

#include <armadillo>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

struct LooPoint {
  double lambda = 0.0;   ///< as given (before n-scaling)
  double df = 0.0;       ///< tr H
  double loo_mse = 0.0;  ///< mean of squared LOO residuals (original scale)
  double loo_se = 0.0;   ///< sd of the n squared LOO residuals / sqrt(n)
  double gcv = 0.0;      ///< n RSS / (n - df)^2, RSS on the original scale
  double rcond = 1.0;    ///< reciprocal condition of K + lambda I (spectral_rcond)
  arma::vec residuals;   ///< the n LOO residuals (original scale)
};

struct LooResult {
  std::vector<LooPoint> points;
  std::size_t best_min = 0;  ///< index of the smallest loo_mse
  std::size_t best_1se = 0;  ///< largest lambda with loo_mse <= min + its standard error
};

/// LOO, GCV and df of KRR (settings.method must be krr) for every lambda of the grid.
/// Standardisation statistics come from all n rows and stay fixed, as does K: the LOO refit
/// i is KRR on K without row and column i with the same lambda (and the same n in K + n
/// lambda I), exactly the refit of the representer-theorem notes' Proposition 3.
LooResult loo_krr(const Dataset& data, const FitSettings& settings, const std::vector<double>& lambdas);

/// The same LOO residuals by n explicit refits per lambda (Cholesky of K_{-i,-i} + lambda I):
/// O(G n^4) work, a check for small n.
std::vector<arma::vec> loo_krr_brute_force(const Dataset& data, const FitSettings& settings,
                                           const std::vector<double>& lambdas);

/// min rule and one-standard-error rule over `points` (largest lambda within one SE).
void select_lambda(LooResult& result);

}  // namespace kreg
