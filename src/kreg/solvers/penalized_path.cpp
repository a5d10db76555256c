// lambda_max -> small lambda with warm starts; one Gram matrix for the whole path.
#include "kreg/solvers/penalized_path.h"

#include <algorithm>
#include <functional>

#include "kreg/core/errors.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/select/grid.h"
#include "kreg/select/metrics.h"
#include "kreg/solvers/descent.h"
#include "kreg/solvers/proximal.h"

namespace kreg {

double lipschitz_constant(const arma::mat& K) { return 1.01 * largest_eigenvalue(K); }

std::vector<PathPoint> penalized_path(const Dataset& train, const Dataset* validation, const FitSettings& s,
                                      std::vector<double> grid, bool keep_alpha) {
  validate(s);
  const Penalty pen = penalty_of(s.method);
  const Kernel kernel = make_kernel(s.kernel);
  const Standardization st = fit_standardization(train.X, train.y, s.standardize);
  const arma::mat Z = st.transform_features(train.X);
  const arma::mat K = gram(kernel, Z);
  const arma::vec y = st.transform_target(train.y);
  const double n = static_cast<double>(train.n());
  const double unit = s.lambda_scaling == LambdaScaling::kN ? n : 1.0;  // effective = unit * lambda
  if (grid.empty()) {
    const double top = std::log10(lambda_max(pen, y) / unit);
    grid = logspace(top, top - 3.0, 50);
  }
  for (double v : grid)
    if (!(v >= 0.0)) throw ConfigError("lambda_grid: values must be >= 0");
  std::sort(grid.begin(), grid.end(), std::greater<double>());
  const double L = s.solver == "fista" ? lipschitz_constant(K) : 0.0;
  arma::mat Kv;
  if (validation != nullptr) Kv = cross_gram(kernel, st.transform_features(validation->X), Z);

  std::vector<PathPoint> path;
  arma::vec warm(train.n(), arma::fill::zeros);
  for (double lambda : grid) {
    const ProxResult res = solve_penalized(K, L, y, pen, unit * lambda, s, &warm);
    warm = res.alpha;
    PathPoint p;
    p.value = lambda;
    p.iterations = res.iterations;
    p.converged = res.converged;
    const arma::vec fitted = st.inverse_target(K * res.alpha);
    p.train_mse = mse(train.y, fitted);
    p.train_r2 = r_squared(train.y, fitted);
    if (validation != nullptr) {
      const arma::vec pv = st.inverse_target(Kv * res.alpha);
      p.val_mse = mse(validation->y, pv);
      p.val_r2 = r_squared(validation->y, pv);
    }
    p.alpha_norm = arma::norm(res.alpha);
    p.nonzero = static_cast<std::size_t>(arma::accu(res.alpha != 0.0));
    if (keep_alpha) p.alpha = res.alpha;
    path.push_back(std::move(p));
  }
  return path;
}

}  // namespace kreg
