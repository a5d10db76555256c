// Kernel gradient-based descent with early stopping (Allerbo 2023, eq. gd_updates, Sections 4-5).
// All four methods minimise 1/2 ||y - K alpha||^2_{K^-1} from alpha = 0; its gradient is
// g = K alpha - y = -r, so with the residual r = y - K alpha kept up to date:
//   kgd   alpha += eta r                      (+ heavy-ball momentum gamma, or Nesterov)
//   ksgd  alpha += eta sign(r)                                                  (robust)
//   kcd   alpha_i += eta sign(r_i) for the i with |r_i| = max |r|               (sparse)
//   kegd  I = {i : |r_i| >= alpha_e max|r|}, c = eta (alpha_e sign(r) + (1 - alpha_e) r) on I,
//         delta = gamma delta_prev + c                       (elastic, Allerbo et al. 2023)
// The regulariser is the stopping time t = k eta.
#pragma once

#include <armadillo>
#include <vector>

#include "kreg/data/score.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

/// One recorded iterate. Errors are on the scale of the y given to run_descent.
struct DescentRecord {
  long iteration = 0;
  double t = 0.0;
  double train_mse = 0.0;
  double val_mse = NAN;    ///< NaN without validation data
  double val_score = NAN;  ///< DescentOptions::score of the validation residuals (= val_mse for mse)
  double alpha_norm = 0.0;
  std::size_t nonzero = 0;
  arma::vec alpha;  ///< only with DescentOptions::keep_alpha
};

struct DescentOptions {
  long max_iterations = 0;      ///< hard limit on updates
  std::vector<long> record_at;  ///< iterations to record, increasing (empty: none)
  bool keep_alpha = false;      ///< store alpha in each record
  bool early_stopping = false;  ///< needs validation data: keep the best iterate, stop after `patience`
  long patience = 100;          ///< iterations without strict improvement of the validation score
  /// What early stopping minimises and records report as val_score: the score of the
  /// validation residuals, Huber's standardised by huber_scale(y) (y as given to run_descent).
  Score score;
};

struct DescentOutcome {
  arma::vec alpha;              ///< final iterate, or the best one with early stopping
  long iterations = 0;          ///< updates behind `alpha` (t = iterations * eta)
  long iterations_run = 0;      ///< updates actually performed
  bool stopped_early = false;   ///< the patience rule ended the run before max_iterations
  double best_val_mse = NAN;    ///< validation MSE of the returned iterate (early stopping)
  double best_val_score = NAN;  ///< its validation score (options.score; = best_val_mse for mse)
  long updates_jumped = 0;      ///< updates taken in closed form by guaranteed-descent jumps (kgd)
  std::vector<DescentRecord> records;
};

/// Runs settings.method on K (n x n) and y. With K_val (n_val x n) and y_val, tracks the
/// validation score of every iterate from the validation predictions, updated incrementally
/// (K_val delta), never recomputed; early stopping keeps the first iterate of smallest score.
/// Costs per update: kgd one K and one K_val matrix-vector product; ksgd the columns of K
/// whose residual sign changed (a full product when many did); kcd O(n) (one column); kegd
/// the columns in I.
DescentOutcome run_descent(const arma::mat& K, const arma::vec& y, const FitSettings& settings, const arma::mat* K_val,
                           const arma::vec* y_val, const DescentOptions& options);

/// Largest eigenvalue (= singular value) of a psd K by power iteration, run until the
/// Rayleigh quotient changes by less than 1e-10 (relative) or `iterations` products.
double largest_eigenvalue(const arma::mat& K, int iterations = 2000);

}  // namespace kreg
