// Model: a fitted kernel expansion f(x) = target_mean + target_scale * sum_i alpha_i k(z(x), z_i),
// z = standardised features, or for the linear kernel solved in the primal,
// f(x) = target_mean + target_scale * z(x)^T beta. Plain, immutable data.
#pragma once

#include <armadillo>
#include <optional>
#include <string>
#include <vector>

#include "kreg/data/standardization.h"
#include "kreg/kernels/kernel.h"
#include "kreg/model/tuning_record.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

/// What training measured (original scale of the response).
struct TrainingSummary {
  std::size_t n_train = 0;
  std::size_t n_features = 0;
  double train_mse = 0.0;   ///< inf when beyond the largest double (a target near 1e155 and above)
  double train_rmse = 0.0;  ///< finite for every fit; not saved (a loaded model has sqrt(train_mse))
  double train_r2 = 0.0;
  double rcond = 0.0;  ///< reciprocal condition estimate of the factorised system (0 if none)
  /// Degrees of freedom, the trace of the hat matrix (fitted = H y): krr tr K (K + lambda I)^{-1},
  /// kgf tr(I - e^{-tK}); NaN for the methods whose fit is no fixed linear smoother of y, or whose
  /// df the fit does not compute (the iterative and penalised methods, --solver nystrom).
  double df = NAN;
  // Iterative methods:
  long iterations = 0;           ///< updates behind alpha (t = iterations * step_size)
  double t = NAN;                ///< the stopping time used (chosen by early stopping when it ran)
  bool early_stopping = false;   ///< whether t was chosen on validation data
  bool stopped_early = false;    ///< the patience rule ended the run before t_max
  double best_val_mse = NAN;     ///< validation MSE at the chosen t (original scale)
  std::size_t n_validation = 0;  ///< rows used for early stopping
  // Penalised methods:
  bool converged = true;       ///< the solver met its stopping rule
  double kkt_violation = NAN;  ///< largest KKT violation of alpha (standardised scale)
  // krr with --solver nystrom (solvers/nystrom.h):
  double relative_residual = NAN;  ///< of the normal equations, preconditioned
  long centres_rank = 0;           ///< K_mm's numerical rank r (<= m): the iteration's dimension
};

struct Model {
  FitSettings settings;                    ///< everything the model was trained with
  Kernel kernel;                           ///< make_kernel(settings.kernel)
  Standardization standardization;         ///< training statistics
  std::vector<std::string> feature_names;  ///< p names, order of the points' columns
  std::string target_name;
  arma::mat points;       ///< m x p standardised training points of the expansion (m <= n)
  arma::uvec point_rows;  ///< their 0-based rows in the training data
  arma::vec alpha;        ///< m dual coefficients (empty for a primal model)
  arma::vec beta;         ///< primal weights f(z) = z^T beta (linear kernel, p < n); empty otherwise
  TrainingSummary summary;
  std::vector<std::string> warnings;  ///< numerical caveats found while fitting
  std::optional<TuningRecord> tuning;  ///< kreg fit --tune: how the hyperparameters were chosen
};

/// Predictions for raw (unstandardised) rows X (n* x p, columns in feature_names order); NaN
/// for a row with a NaN (missing) feature. Works in row blocks so that memory stays
/// O(block * m), never n* x m at once.
arma::vec predict(const Model& model, const arma::mat& X);

}  // namespace kreg
