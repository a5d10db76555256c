// f(X) = mean + scale * K(z(X), points) alpha, evaluated block by block.
#include <algorithm>

#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"
#include "kreg/model/model.h"

namespace kreg {

arma::vec predict(const Model& model, const arma::mat& X) {
  const arma::uword p = model.feature_names.size();
  if (X.n_cols != p)
    throw DataError("predict: data has " + std::to_string(X.n_cols) + " feature columns but the model has " +
                    std::to_string(p));
  // A row with a missing (NaN) feature has no prediction; the others are predicted as usual.
  const arma::uvec complete = arma::find(arma::sum(X != X, 1) == 0);
  if (complete.n_elem < X.n_rows) {
    arma::vec f(X.n_rows);
    f.fill(arma::datum::nan);
    if (complete.n_elem > 0) f.elem(complete) = predict(model, X.rows(complete));
    return f;
  }
  const arma::mat Z = model.standardization.transform_features(X);
  if (!model.beta.empty()) return model.standardization.inverse_target(Z * model.beta);
  arma::vec f(Z.n_rows);
  // Rows per block: keeps the cross-Gram block near 32 MiB whatever the model size.
  const arma::uword m = std::max<arma::uword>(model.points.n_rows, 1);
  const arma::uword block = std::max<arma::uword>(64, (arma::uword(4) << 20) / m);
  for (arma::uword start = 0; start < Z.n_rows; start += block) {
    const arma::uword end = std::min(Z.n_rows, start + block) - 1;
    f.rows(start, end) = cross_gram(model.kernel, Z.rows(start, end), model.points) * model.alpha;
  }
  return model.standardization.inverse_target(f);
}

}  // namespace kreg
