// lambda_max -> small lambda with warm starts; one Gram matrix for the whole path.
#include "kreg/solvers/penalized_path.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <stdexcept>

#include "kreg/core/errors.h"
#include "kreg/core/grid.h"
#include "kreg/core/number_text.h"
#include "kreg/core/progress.h"
#include "kreg/data/metrics.h"
#include "kreg/data/standardization.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/solvers/default_grids.h"
#include "kreg/solvers/descent.h"
#include "kreg/solvers/l1_homotopy.h"
#include "kreg/solvers/linf_homotopy.h"
#include "kreg/solvers/numerical_range.h"
#include "kreg/solvers/paper_solver.h"
#include "kreg/solvers/penalty.h"
#include "kreg/solvers/proximal.h"
#include "kreg/solvers/repeated_rows.h"

namespace kreg {

double lipschitz_constant(const arma::mat& K) { return 1.01 * largest_eigenvalue(K); }

FitSettings ill_determined_settings(const FitSettings& s) {
  FitSettings out = s;
  if (s.max_iter <= 0) out.max_iter = std::min(kIllDeterminedIterations, s.max_iter_or_default());
  return out;
}

namespace {

// kreg's exact path for the penalty: l1_homotopy or linf_homotopy.
HomotopyResult homotopy(Penalty pen, const arma::mat& K, const arma::vec& y, const std::vector<double>& lambdas,
                        long max_events) {
  switch (pen) {
    case Penalty::kL1:
      return l1_homotopy(K, y, lambdas, max_events);
    case Penalty::kLinf:
      return linf_homotopy(K, y, lambdas, max_events);
    case Penalty::kNone:
      no_penalty("homotopy_grid");
  }
  enumerator_out_of_range("Penalty", "homotopy_grid");
}

// The homotopy (exact_path) and then fista where it stops, or fista alone.
std::vector<ProxResult> homotopy_then_fista(const arma::mat& K, const arma::vec& y, Penalty pen,
                                            const std::vector<double>& lambdas, const FitSettings& s,
                                            bool exact_path) {
  std::vector<ProxResult> out(lambdas.size());
  // Progress per grid point; iterations inside a point pulse it (progress_pulse).
  ProgressStep progress(std::string(penalised_method_name(pen)) + " path (" +
                            std::to_string(lambdas.size()) + (lambdas.size() == 1 ? " point)" : " points)"),
                        static_cast<double>(lambdas.size()));
  std::size_t done = 0;
  double L = 0.0;            // fista's Lipschitz constant, computed when first needed
  std::string path_stopped;  // why the exact path (solver auto) stopped early, if it did
  bool path_singular = false;
  bool stop_too_large = false;  // it stopped with coefficients whose rounding allowance exceeds 100 tol
  // Where the path stopped on a singular K, the points below lambda_undetermined have no
  // minimiser that double precision determines (numerical_range.h): they are reported, not
  // handed to fista for its max_iter iterations.
  NumericalRange range;
  auto undetermined = [&](double lambda) { return range.computed && lambda < range.lambda_undetermined; };
  auto report_undetermined = [&](ProxResult& r, double lambda) {
    arma::vec Ka;
    symmetric_times(K, r.alpha, Ka);
    r.kkt = kkt_violation(Ka, y, r.alpha, pen, lambda);
    r.objective = penalized_objective(Ka, y, r.alpha, pen, lambda);
    r.converged = false;
    r.undetermined = true;
    r.unbounded = lambda < range.lambda_unbounded;
    r.range = range;
  };
  // Where the exact path has found the coefficients far too large for double precision to
  // determine (their rounding allowance above kIllDeterminedAllowance tol), and below
  // lambda_undetermined, FISTA gets kIllDeterminedIterations unless --max-iter was given.
  const FitSettings ill_settings = ill_determined_settings(s);
  auto fista = [&](double lambda, const arma::vec& warm, bool ill_determined = false) {
    if (L == 0.0) L = lipschitz_constant(K);
    return solve_fista(K, L, y, pen, lambda, ill_determined ? ill_settings : s, &warm);
  };
  // Where the exact path stopped between grid points: its coefficients there, and whether they
  // are a solved point (certified at the stop's lambda; the path may stop in a state that
  // rounding has already spoilt).
  arma::vec at_stop;
  bool stop_solved = false;
  if (exact_path) {
    const long max_events = 50 * static_cast<long>(y.n_elem) + 100;  // a safety net: about n are usual
    const HomotopyResult path = homotopy(pen, K, y, lambdas, max_events);
    const double tol = s.tol_or_default();
    const double max_abs_K = K.empty() ? 0.0 : arma::abs(K).max();
    path_stopped = path.stopped;
    path_singular = path.stopped_singular;
    // Wherever the path stopped (a singular pivot, or ties that cycle because the active
    // system is too ill-conditioned to order the events), coefficients so large that rounding
    // in K alpha alone exceeds tol mean that the minimiser below is not determined in double
    // precision: a better-posed problem is the remedy, not more iterations.
    if (!path.stopped.empty() && path.alpha_at_stop.n_elem > 0) {
      const double allowance = kkt_rounding_allowance(max_abs_K, path.alpha_at_stop);
      if (allowance > tol) {
        path_singular = true;
        stop_too_large = allowance > kIllDeterminedAllowance * tol;
        path_stopped += ", where the coefficients (largest |alpha| " +
                        readable_number(arma::abs(path.alpha_at_stop).max()) +
                        ") are too large for rounding to let the optimality conditions be checked to the tolerance " +
                        readable_number(tol);
      }
    }
    // The path's points, checked: a point it reached but that rounding left uncertified (on a
    // nearly singular K the active system can be solved with coefficients of the wrong sign,
    // with no pivot small enough to stop the path) calls for the bounds as a stop does.
    bool uncertified_on_path = false;
    double undecided = 0.0;  // the largest lambda the bound may have to decide
    if (path.reached < lambdas.size()) undecided = lambdas[path.reached];
    for (std::size_t g = 0; g < path.reached; ++g) {
      ProxResult& r = out[g];
      r.alpha = path.alpha[g];
      r.iterations = path.events_at[g];
      arma::vec Ka;
      symmetric_times(K, r.alpha, Ka);
      r.kkt = kkt_violation(Ka, y, r.alpha, pen, lambdas[g]);
      r.converged = r.kkt <= kkt_tolerance(tol, max_abs_K, r.alpha);
      r.objective = penalized_objective(Ka, y, r.alpha, pen, lambdas[g]);
      uncertified_on_path = uncertified_on_path || !r.converged;
      if (!r.converged) undecided = std::max(undecided, lambdas[g]);
    }
    if ((path_singular && path.reached < lambdas.size()) || uncertified_on_path)
      range = numerical_range(K, y, pen, tol, undecided);
    if (path.reached < lambdas.size() && path.alpha_at_stop.n_elem == y.n_elem) {
      at_stop = path.alpha_at_stop;
      arma::vec Ka;
      symmetric_times(K, at_stop, Ka);
      stop_solved = kkt_violation(Ka, y, at_stop, pen, path.lambda_at_stop) <= kkt_tolerance(tol, max_abs_K, at_stop);
    }
    const ProxResult* solved_before = nullptr;  // the nearest point above that was solved
    for (; done < path.reached; ++done) {
      ProxResult& r = out[done];
      if (!r.converged && undetermined(lambdas[done])) {
        if (solved_before != nullptr) r.alpha = solved_before->alpha;  // as below the stop (the message says so)
        report_undetermined(r, lambdas[done]);
      } else if (!r.converged) {
        r = fista(lambdas[done], r.alpha,  // rounding: polish
                  kkt_rounding_allowance(max_abs_K, r.alpha) > kIllDeterminedAllowance * tol);
        // Still unconverged with coefficients so large that rounding in K alpha alone exceeds
        // tol: as at a stop, more iterations are not the remedy (the point is reported as
        // ill-determined, with that advice, rather than with "raise --max-iter").
        if (!r.converged && kkt_rounding_allowance(max_abs_K, r.alpha) > tol) r.path_singular = true;
      }
      // Below lambda_unbounded the objective with K rounded to its numerical range has no
      // minimiser: a point the path certifies there (to its rounding allowance) is reported so too.
      if (range.computed && lambdas[done] < range.lambda_unbounded) {
        r.unbounded = true;
        r.range = range;  // the bound behind it (not repeated rows)
      }
      if (r.converged) solved_before = &r;
      progress.advance(1.0);
    }
  }
  // The coefficients the rest of the grid starts from: the nearest solved point above (the stop,
  // or the last grid point), else zero. (Not an unsolved state of the path at its stop: below
  // lambda_undetermined the objective is all but unbounded, and a state spoilt by rounding can
  // have a far lower objective than any useful fit: from one, fista's iterates fit the data
  // 10^4 times worse, in mean squared error, than from zero.)
  bool solved_above = stop_solved || done > 0;
  arma::vec warm = stop_solved ? at_stop : done > 0 ? out[done - 1].alpha : arma::vec(y.n_elem, arma::fill::zeros);
  for (; done < lambdas.size(); ++done) {
    if (undetermined(lambdas[done]) && solved_above) {
      out[done].alpha = warm;  // the nearest solved point's coefficients, reported as such
      out[done].iterations = 0;
      report_undetermined(out[done], lambdas[done]);
    } else if (undetermined(lambdas[done])) {
      // No solved point above (a fit below the stop): fista's iterate within --max-iter from
      // zero, an estimate rather than zero itself (as early stopping is); still reported.
      out[done] = fista(lambdas[done], warm, true);
      if (!out[done].converged) {
        const long iterations = out[done].iterations;
        report_undetermined(out[done], lambdas[done]);
        out[done].iterations = iterations;
      }
    } else {
      out[done] = fista(lambdas[done], warm, stop_too_large);
    }
    solved_above = true;
    out[done].path_stopped = path_stopped;
    out[done].path_singular = path_singular;
    warm = out[done].alpha;
    progress.advance(1.0);
  }
  return out;
}

}  // namespace

std::vector<ProxResult> homotopy_grid(const arma::mat& K, const arma::vec& y, Penalty pen,
                                      const std::vector<double>& lambdas, const FitSettings& s) {
  return homotopy_then_fista(K, y, pen, lambdas, s, true);
}

std::vector<ProxResult> fista_grid(const arma::mat& K, const arma::vec& y, Penalty pen,
                                   const std::vector<double>& lambdas, const FitSettings& s) {
  return homotopy_then_fista(K, y, pen, lambdas, s, false);
}

std::vector<ProxResult> paper_grid(const arma::mat& K, const arma::vec& y, Penalty pen,
                                   const std::vector<double>& lambdas, const FitSettings& s) {
  return solve_paper_grid(K, y, pen, lambdas, s.prox_step, s.max_iter_or_default(), s.tol_or_default());
}

std::vector<PathPoint> penalized_path(const Dataset& train, const Dataset* validation, const FitSettings& s,
                                      std::vector<double> grid, bool keep_alpha, PenalizedGridSolver solve,
                                      const Score& score) {
  return penalized_path(Problem(train, s, validation), std::move(grid), keep_alpha, solve, score);
}

std::vector<PathPoint> penalized_path(const Problem& problem, std::vector<double> grid, bool keep_alpha,
                                      PenalizedGridSolver solve, const Score& score,
                                      std::vector<std::size_t>* grid_index) {
  const FitSettings& s = problem.settings();
  const Penalty pen = penalty_of(s.method);
  const Dataset& train = problem.train();
  const Dataset* validation = problem.validation();
  const Standardization& st = problem.standardization();
  const arma::mat& Z = problem.Z();
  const arma::mat& K = problem.gram();
  const arma::vec& y = problem.y();
  const double unit = problem.lambda_unit();  // effective = unit * lambda
  if (grid.empty()) grid = default_penalized_grid(lambda_max(pen, y), unit);
  require_nonnegative_grid(grid, "lambda_grid");
  std::vector<std::size_t> order(grid.size());  // grid positions, by decreasing lambda
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return grid[a] > grid[b]; });
  if (grid_index != nullptr) *grid_index = order;
  {
    std::vector<double> sorted(grid.size());
    for (std::size_t g = 0; g < grid.size(); ++g) sorted[g] = grid[order[g]];
    grid = std::move(sorted);
  }
  const arma::mat& Kv = problem.validation_gram();

  std::vector<double> effective(grid.size());
  for (std::size_t g = 0; g < grid.size(); ++g) effective[g] = unit * grid[g];
  const std::vector<ProxResult> solutions = solve(K, y, pen, effective, s);
  const double unbounded_below = repeated_rows(Z, y, pen).lambda_unbounded;
  std::vector<PathPoint> path;
  for (std::size_t g = 0; g < grid.size(); ++g) {
    const double lambda = grid[g];
    const ProxResult& res = solutions[g];
    PathPoint p;
    p.value = lambda;
    p.iterations = res.iterations;
    p.converged = res.converged;
    p.ill_determined = !res.converged && res.path_singular;
    const bool repeated = effective[g] < unbounded_below;  // the exact cause, reported as such
    p.bounded = !repeated && !res.unbounded;
    p.unbounded_by_repeats = repeated;
    p.undetermined = res.undetermined && !repeated;
    p.range = res.range;
    const arma::vec fitted = st.inverse_target(symmetric_times_of(K, res.alpha));
    p.train_mse = mse(train.y, fitted);
    p.train_r2 = r_squared(train.y, fitted);
    if (validation != nullptr) {
      const ValidationErrors v =
          validation_errors(score, validation->y, st.inverse_target(Kv * res.alpha), huber_scale(train.y));
      p.val_mse = v.mse;
      p.val_r2 = v.r2;
      p.val_score = v.score;
    }
    p.alpha_norm = arma::norm(res.alpha);
    p.nonzero = static_cast<std::size_t>(arma::accu(res.alpha != 0.0));
    if (keep_alpha) p.alpha = res.alpha;
    path.push_back(std::move(p));
  }
  return path;
}

}  // namespace kreg
