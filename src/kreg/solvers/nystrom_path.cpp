// krr's regularisation path on Nystrom centres (see nystrom_path.h).
#include "kreg/solvers/nystrom_path.h"

#include <algorithm>
#include <numeric>

#include "kreg/core/errors.h"
#include "kreg/data/metrics.h"
#include "kreg/data/standardization.h"
#include "kreg/solvers/default_grids.h"
#include "kreg/solvers/nystrom.h"

namespace kreg {

std::vector<PathPoint> nystrom_path(const Dataset& train, const Dataset* validation, const FitSettings& s,
                                    const std::vector<double>& grid, bool keep_alpha, const Score& score) {
  if (s.centers_by != "uniform")
    throw ConfigError("centers_by", "a path draws one set of centres for every lambda: uniform only");
  return nystrom_path(Problem(train, s, validation), grid, keep_alpha, score);
}

std::vector<PathPoint> nystrom_path(const Problem& problem, const std::vector<double>& grid_in, bool keep_alpha,
                                    const Score& score) {
  const FitSettings& s = problem.settings();
  if (s.centers_by != "uniform")
    throw ConfigError("centers_by", "a path draws one set of centres for every lambda: uniform only");
  const Kernel& kernel = problem.kernel();
  const Dataset& train = problem.train();
  const Dataset* validation = problem.validation();
  const Standardization& st = problem.standardization();
  const arma::mat& Z = problem.Z();
  const arma::vec& y = problem.y();
  const arma::uword n = Z.n_rows;
  const arma::uword m = s.centers > 0 ? static_cast<arma::uword>(s.centers) : default_centre_count(n);
  const arma::mat C = Z.rows(uniform_centres(n, m, static_cast<std::uint64_t>(s.seed)));
  const NystromSystem system(kernel, Z, y, C);
  const arma::vec theta = system.pencil_eigenvalues();
  const std::vector<double> grid =
      grid_in.empty() ? default_spectral_grid(static_cast<double>(n) / static_cast<double>(m) * system.largest_mu(),
                                              s.method_info(), problem.lambda_unit())
                      : grid_in;
  require_nonnegative_grid(grid, "lambda_grid");
  std::vector<std::size_t> order(grid.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return grid[a] > grid[b]; });
  const arma::mat& Zv = problem.Zv();
  std::vector<PathPoint> path(grid.size());
  arma::vec warm;
  for (std::size_t l : order) {
    NystromOptions opt;
    opt.lambda = problem.effective_lambda(grid[l]);
    opt.tol = s.tol_or_default();
    opt.max_iter = s.max_iter_or_default();
    const NystromSolution sol = system.solve(opt, warm);
    warm = sol.alpha;
    PathPoint& p = path[l];
    p.value = grid[l];
    p.df = arma::accu(theta / (theta + opt.lambda));
    const arma::vec fitted = st.inverse_target(system.fitted(sol.alpha));
    p.train_mse = mse(train.y, fitted);
    p.train_r2 = r_squared(train.y, fitted);
    if (validation != nullptr) {
      const arma::vec pv = st.inverse_target(nystrom_predictions(kernel, Zv, C, sol.alpha).col(0));
      const ValidationErrors v = validation_errors(score, validation->y, pv, huber_scale(train.y));
      p.val_mse = v.mse;
      p.val_r2 = v.r2;
      p.val_score = v.score;
    }
    p.alpha_norm = arma::norm(sol.alpha);
    p.nonzero = static_cast<std::size_t>(arma::accu(sol.alpha != 0.0));
    p.iterations = sol.iterations;
    p.converged = sol.converged || sol.direct;  // the direct solve is exact to rounding
    if (keep_alpha) p.alpha = sol.alpha;
  }
  return path;
}

}  // namespace kreg
