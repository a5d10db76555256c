// The predictive standard deviations of a krr model (predictive_spread.h).
#include "kreg/model/predictive_spread.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"
#include "kreg/linalg/cholesky.h"

namespace kreg {

PredictiveSpread exact_predictive_spread(const Model& model, const arma::mat& X) {
  if (!model.beta.empty())
    throw ConfigError("std",
                      "this linear-kernel model was solved in its primal form (fewer features than rows) and keeps "
                      "no training rows, which the predictive variance needs");
  const arma::uword n = model.points.n_rows;
  if (n == 0 || n != model.summary.n_train)
    throw ConfigError("std", "the model keeps " + std::to_string(n) + " of its " +
                                 std::to_string(model.summary.n_train) +
                                 " training rows; the predictive variance needs all of them");
  const arma::uword p = model.feature_names.size();
  if (X.n_cols != p)
    throw DataError("predict: data has " + std::to_string(X.n_cols) + " feature columns but the model has " +
                    std::to_string(p));
  PredictiveSpread out;
  const double lambda = model.settings.lambda * model.settings.lambda_unit(n);
  arma::mat A = gram(model.kernel, model.points);
  A.diag() += lambda;
  // y = A alpha on the standardised scale, so y^T A^{-1} y = alpha^T A alpha. Plain loops in a
  // fixed order here and below: a BLAS or Armadillo sum split over threads would make the last
  // digits depend on the thread count.
  double quadratic = 0.0;
  for (arma::uword j = 0; j < n; ++j) {
    double column = 0.0;
    for (arma::uword i = 0; i < n; ++i) column += A(i, j) * model.alpha(i);
    quadratic += model.alpha(j) * column;
  }
  out.signal_variance = quadratic / static_cast<double>(n);
  out.noise_variance = out.signal_variance * lambda;
  const CholeskyFactor chol = cholesky_in_place(std::move(A), "K + lambda I of the model's training rows");
  const arma::mat L = arma::trimatl(chol.factor);

  const double scale = model.standardization.target_scale;
  out.latent_std.set_size(X.n_rows);
  out.observation_std.set_size(X.n_rows);
  const arma::mat Z = model.standardization.transform_features(X);
  // Rows per block: the cross-kernel block and its solve stay near 32 MiB each.
  const arma::uword block = std::max<arma::uword>(64, (arma::uword(4) << 20) / n);
  for (arma::uword start = 0; start < Z.n_rows; start += block) {
    const arma::uword end = std::min(Z.n_rows, start + block) - 1;
    const arma::mat Zb = Z.rows(start, end);
    const arma::mat V = arma::solve(arma::trimatl(L), cross_gram(model.kernel, Zb, model.points).t());  // n x b
    arma::rowvec explained(V.n_cols, arma::fill::zeros);  // k_x^T A^{-1} k_x = ||L^{-1} k_x||^2 per row
    for (arma::uword c = 0; c < V.n_cols; ++c)
      for (arma::uword i = 0; i < V.n_rows; ++i) explained(c) += V(i, c) * V(i, c);
    for (arma::uword i = 0; i < Zb.n_rows; ++i) {
      const arma::uword row = start + i;
      if (Zb.row(i).has_nan()) {  // a missing feature: no prediction, no spread
        out.latent_std(row) = out.observation_std(row) = arma::datum::nan;
        continue;
      }
      const double kxx = model.kernel(0.0, arma::dot(Zb.row(i), Zb.row(i)));
      // k(x, x) - k_x^T A^{-1} k_x >= 0 in exact arithmetic; rounding can leave it a little below.
      const double latent = std::max(0.0, kxx - explained(i));
      out.latent_std(row) = scale * std::sqrt(out.signal_variance * latent);
      out.observation_std(row) = scale * std::sqrt(out.signal_variance * (latent + lambda));
    }
  }
  return out;
}

}  // namespace kreg
