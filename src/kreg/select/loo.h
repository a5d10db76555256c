// Leave-one-out for KRR without refitting (the representer-theorem notes, Proposition 3):
//   y_i - f^{(-i)}(x_i) = (y_i - yhat_i) / (1 - H_ii),   H = K (K + lambda I)^{-1} = U diag(h) U^T,
// so H_ii = sum_j U_ij^2 h_j and every lambda costs O(n r) after one eigendecomposition.
// GCV = n RSS / (n - df)^2 (Craven and Wahba), df = tr H. Over a kernel grid, one
// eigendecomposition per kernel point serves its whole lambda grid.
//
// The same spectrum gives the evidence of the Gaussian-process reading of KRR (docs/gp.md):
// the standardised target y ~ N(0, s^2 (K + lambda I)), lambda = noise variance / signal
// variance. With the signal variance at its maximiser s^2 = y^T (K + lambda I)^{-1} y / n,
//   log p(y) = -(n/2) log(2 pi s^2) - (1/2) log det(K + lambda I) - n/2,
// where, with K = U diag(mu) U^T and c = U^T y, y^T (K + lambda I)^{-1} y = sum_j c_j^2 / (mu_j +
// lambda) and log det = sum_j log(mu_j + lambda) (plus (||y||^2 - ||c||^2) / lambda and
// (n - r) log lambda for a primal spectrum of rank r < n).
#pragma once

#include <armadillo>
#include <map>
#include <string>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

struct LooPoint {
  KernelSettings kernel;  ///< the kernel grid point
  double lambda = 0.0;    ///< as given (before n-scaling)
  double df = 0.0;        ///< tr H
  double loo_mse = 0.0;   ///< mean of squared LOO residuals (original scale); NaN when a H_ii is 1
  double loo_se = 0.0;    ///< sd of the n squared LOO residuals / sqrt(n); NaN likewise
  double gcv = 0.0;       ///< n RSS / (n - df)^2, RSS on the original scale
  /// log p(y) of the standardised target with the signal variance profiled out (above); NaN
  /// where K + lambda I is singular
  double log_evidence = 0.0;
  double signal_variance = 0.0;  ///< s^2 = y^T (K + lambda I)^{-1} y / n, standardised target
  double rcond = 1.0;     ///< reciprocal condition of K + lambda I (spectral_rcond)
  bool interpolates = false;  ///< a leverage H_ii is 1 to rounding: no LOO error
  arma::vec residuals;        ///< the n LOO residuals (original scale); empty unless kept
};

struct LooResult {
  std::vector<LooPoint> points;  ///< kernel point by kernel point (the first key slowest), lambda fastest
  std::size_t best_min = 0;      ///< smallest finite loo_mse
  /// The simplest point (simplicity.h: largest lambda, then the kernel parameters) with
  /// loo_mse <= min + the minimum's loo_se.
  std::size_t best_1se = 0;
  /// Smallest finite gcv of a point with a LOO error (GCV has no standard error: no 1se rule).
  std::size_t best_gcv = 0;
  /// Points where the fit interpolates a row (a leverage H_ii is 1 to rounding): no LOO error.
  std::size_t interpolating = 0;
  /// Other points whose LOO error or GCV is not finite (the fit broke down numerically): never
  /// chosen either.
  std::size_t non_finite = 0;
};

/// A leave-one-out search: kernel points (as cv's: kernel_grid.h) x lambdas.
struct LooGrid {
  FitSettings base;  ///< krr and its fixed settings; base.kernel is varied by kernel_grids
  std::map<std::string, std::vector<double>> kernel_grids;  ///< values by kernel parameter key
  std::vector<double> lambdas;                              ///< >= 0, as given
  bool keep_residuals = false;                              ///< fill LooPoint::residuals
};

/// LOO, GCV and df of KRR (settings.method must be krr) for every lambda of the grid at one
/// kernel (residuals kept). Standardisation statistics come from all n rows and stay fixed, as
/// does K: the LOO refit i is KRR on K without row and column i with the same lambda (and the
/// same n in K + n lambda I), exactly the refit of the representer-theorem notes' Proposition 3.
LooResult loo_krr(const Dataset& data, const FitSettings& settings, const std::vector<double>& lambdas);

/// The same for every (kernel point, lambda) of `grid`: one eigendecomposition per kernel point.
/// ConfigError for a grid value the kernel refuses; NumericalError when every point
/// interpolates a row.
LooResult loo_krr(const Dataset& data, const LooGrid& grid);

/// The same LOO residuals by n explicit refits per lambda (Cholesky of K_{-i,-i} + lambda I):
/// O(G n^4) work, a check for small n.
std::vector<arma::vec> loo_krr_brute_force(const Dataset& data, const FitSettings& settings,
                                           const std::vector<double>& lambdas);

/// The min rule, the one-standard-error rule and the GCV minimum over `result.points`;
/// `kernel_keys` order the kernel parameters for the one-SE rule (kernel_option_keys).
/// A point whose score or LOO MSE is not finite is never chosen.
void select_loo_points(LooResult& result, const std::vector<std::string>& kernel_keys);

}  // namespace kreg
