// krr with --solver nystrom (solvers/nystrom.h): m centres, conjugate gradients with Falkon's
// preconditioner. A fit keeps only the centres; a path and each cv fold solve one
// NystromSystem for the whole lambda grid, warm-started from the largest lambda down.
#include <algorithm>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/phase_times.h"
#include "kreg/routes/fold_scoring.h"
#include "kreg/routes/route_support.h"
#include "kreg/solvers/nystrom.h"
#include "kreg/solvers/nystrom_path.h"

namespace kreg {

namespace {

arma::uword centre_count(const FitSettings& s, arma::uword n) {
  return s.centers > 0 ? static_cast<arma::uword>(s.centers) : default_centre_count(n);
}

// Fills alpha, keeps only the centres as the expansion's points; returns the fitted values of
// the standardised target.
arma::vec fit_nystrom(Model& model, const Problem& problem, PhaseTimes* times) {
  const FitSettings& s = problem.settings();
  const arma::vec& t = problem.y();
  Stopwatch watch;
  const arma::uword n = model.points.n_rows;
  const arma::uword m = s.centers > 0 ? static_cast<arma::uword>(s.centers) : default_centre_count(n);
  const auto seed = static_cast<std::uint64_t>(s.seed);
  const arma::uvec centres = s.centers_by == "leverage"
                                 ? leverage_centres(model.kernel, model.points, m, problem.effective_lambda(s.lambda), seed)
                                 : uniform_centres(n, m, seed);
  record_lap(times, "centres", watch);
  const arma::mat C = model.points.rows(centres);
  NystromOptions opt;
  opt.lambda = problem.effective_lambda(s.lambda);
  opt.tol = s.tol_or_default();
  opt.max_iter = s.max_iter_or_default();
  NystromSolution sol = solve_nystrom(model.kernel, model.points, t, C, opt);
  record_lap(times, "solve", watch);
  model.alpha = std::move(sol.alpha);
  model.points = C;
  model.point_rows = model.point_rows.elem(centres);
  model.summary.iterations = sol.iterations;
  model.summary.converged = sol.converged;
  model.summary.relative_residual = sol.relative_residual;
  model.summary.centres_rank = static_cast<long>(sol.rank);
  if (sol.direct)
    model.warnings.push_back("nystrom: conjugate gradients stopped after " + std::to_string(sol.iterations) +
                             " iterations short of --tol " + readable_number(opt.tol) +
                             "; alpha was solved directly in the centres' eigenbasis instead (relative residual of "
                             "the normal equations " +
                             readable_number(sol.relative_residual) + ")");
  else if (sol.breakdown)
    model.warnings.push_back("nystrom: conjugate gradients broke down after " + std::to_string(sol.iterations) +
                             " iterations (relative residual of the normal equations " +
                             readable_number(sol.relative_residual) +
                             "): rounding outweighs what is left at this --tol; the centres' kernel matrix is "
                             "nearly singular: use fewer --centers, a smaller --bandwidth or a larger --tol");
  else if (!sol.converged)
    model.warnings.push_back("nystrom: conjugate gradients stopped after " + std::to_string(sol.iterations) +
                             " iterations without reaching --tol " + readable_number(opt.tol) +
                             " (relative residual of the normal equations " + readable_number(sol.relative_residual) +
                             "); raise --max-iter or --tol");
  return std::move(sol.fitted);
}

// One fold: the run's centres (raw rows, standardised here with the fold's statistics), one
// NystromSystem for the whole lambda grid, solved from the largest lambda down, each solve
// warm-started from the previous one's alpha.
CvFoldScores score_fold_by_nystrom(const Problem& fold, const std::vector<double>& grid, const Score& score,
                                   const arma::mat& centre_rows) {
  const FitSettings& s = fold.settings();
  const Kernel& kernel = fold.kernel();
  const Dataset& tr = fold.train();
  const Dataset& va = *fold.validation();
  const Standardization& st = fold.standardization();
  const arma::mat C = st.transform_features(centre_rows);
  const NystromSystem system(kernel, fold.Z(), fold.y(), C);
  std::vector<std::size_t> order(grid.size());
  for (std::size_t l = 0; l < grid.size(); ++l) order[l] = l;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return grid[a] > grid[b]; });
  CvFoldScores out;
  out.unfinished.assign(grid.size(), 0);
  arma::mat alphas(C.n_rows, grid.size());
  arma::vec warm;
  for (std::size_t l : order) {
    NystromOptions opt;
    opt.lambda = fold.effective_lambda(grid[l]);
    opt.tol = s.tol_or_default();
    opt.max_iter = s.max_iter_or_default();
    const NystromSolution sol = system.solve(opt, warm);
    alphas.col(l) = sol.alpha;
    out.unfinished[l] = !sol.converged && !sol.direct;
    warm = sol.alpha;
  }
  const arma::mat predictions = nystrom_predictions(kernel, fold.Zv(), C, alphas);
  for (std::size_t l = 0; l < grid.size(); ++l) add_errors(out, score, tr, va, st.inverse_target(predictions.col(l)));
  return out;
}

class NystromCvScorer : public CvScorer {
 public:
  explicit NystromCvScorer(const CvJob& job) : job_(job) {
    // The same centres, drawn from all rows, for every fold.
    if (job.base.centers_by != "uniform")
      throw ConfigError("centers_by",
                        "cv draws one set of centres for every fold and lambda: uniform only (leverage scores "
                        "depend on lambda and on each fold's statistics)");
    const arma::uword n = job.data.n();
    centre_rows_ = job.data.X.rows(uniform_centres(n, centre_count(job.base, n),
                                                   static_cast<std::uint64_t>(job.base.seed)));
  }
  std::vector<CvFoldScores> score(const FitSettings& s, const Kernel& kernel, int f, arma::mat&) const override {
    const FoldRows rows = fold_rows(job_.data, job_.folds, f);
    const Problem fold(rows.train, s, kernel, &rows.validation);
    return {score_fold_by_nystrom(fold, job_.grid, job_.score, centre_rows_)};
  }

 private:
  const CvJob& job_;
  arma::mat centre_rows_;
};

class RidgeNystromRoute : public Route {
 public:
  const char* name() const override { return "krr nystrom"; }

  arma::vec fit(Model& model, const Problem& problem, const FitRequest& request) const override {
    return fit_nystrom(model, problem, request.times);
  }
  std::vector<PathPoint> path(const Problem& problem, const PathRequest& request) const override {
    return nystrom_path(problem, request.grid, request.keep_alpha, request.score);
  }
  std::vector<std::string> path_warnings(const FitSettings&, const std::vector<PathPoint>& path) const override {
    std::size_t short_of_tol = 0;
    for (const auto& p : path) short_of_tol += !p.converged;
    if (short_of_tol == 0) return {};
    return {std::to_string(short_of_tol) + " of " + std::to_string(path.size()) +
            " path points stopped before their conjugate gradients reached --tol (column 'converged')"};
  }
  PathColumns path_columns() const override {
    PathColumns c;
    c.iterations = c.converged = true;
    return c;
  }
  std::unique_ptr<CvScorer> cv_scorer(const CvJob& job) const override {
    return std::make_unique<NystromCvScorer>(job);
  }

  MemoryEstimate fit_memory(const FitSettings& s, const MemoryShape& shape) const override {
    if (shape.primal(shape.n)) return memory_terms::primal(shape.n, shape.p);
    // solvers/nystrom.h: K_mm, L, R, G and H (m x m each), a block of about 64 MiB, the
    // standardised rows and three n-vectors.
    const double m = static_cast<double>(centre_count(s, shape.n));
    return {5.0 * memory_terms::square_bytes(m) + 64.0 * 1024 * 1024 +
                8.0 * static_cast<double>(shape.n) * (static_cast<double>(shape.p) + 3.0) + memory_terms::kBlasBuffer,
            "five " + std::to_string(static_cast<std::size_t>(m)) + " x " +
                std::to_string(static_cast<std::size_t>(m)) + " matrices of the Nystrom centres",
            false, "fewer --centers"};
  }
  MemoryEstimate path_memory(const FitSettings& s, const MemoryShape& shape) const override {
    return fit_memory(s, shape);  // one system for the whole grid
  }
  MemoryEstimate cv_task_memory(const FitSettings& s, const MemoryShape& shape, int folds, std::size_t grid_size,
                                CvRoute) const override {
    // Each fold's NystromSystem (fit_memory's) and its alphas.
    const std::size_t n = shape.n, k = static_cast<std::size_t>(folds);
    const std::size_t m = (n + k - 1) / k;  // the largest fold
    MemoryShape fold = shape;
    fold.n = n - std::min(n, n / k);
    fold.n_validation = 0;
    MemoryEstimate e = fit_memory(s, fold);
    const double centres = static_cast<double>(centre_count(s, n));
    const double grid = static_cast<double>(std::max<std::size_t>(1, grid_size));
    e.bytes += 8.0 * grid * (centres + static_cast<double>(m));  // the alphas and the validation predictions
    return e;
  }
};

const RidgeNystromRoute kRoute;
const RouteRegistration kRegistered(MethodFamily::kRidge, Solver::kNystrom, kRoute);

}  // namespace

}  // namespace kreg
