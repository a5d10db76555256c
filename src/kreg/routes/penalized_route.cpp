// The penalised methods (kl1, klinf; Allerbo 2023, Section 5): one PenalizedRoute per solver,
// each with its grid solver (solvers/penalized_path.h) — the exact homotopy path,
// KKT-certified (auto), accelerated proximal gradient (fista) or the authors' fixed-step
// solver (paper). A fit is a one-point grid; a path and each cv fold are one warm-started
// pass down the lambda grid.
#include <algorithm>
#include <cmath>

#include "kreg/core/number_text.h"
#include "kreg/core/phase_times.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/routes/fold_scoring.h"
#include "kreg/routes/route_support.h"
#include "kreg/solvers/numerical_range.h"
#include "kreg/solvers/penalized_path.h"
#include "kreg/solvers/repeated_rows.h"

namespace kreg {

namespace {

// Fills alpha (and summary) of kl1 / klinf; returns the fitted values of the standardised
// target.
arma::vec fit_penalized(Model& model, const Problem& problem, PenalizedGridSolver solve, PhaseTimes* times) {
  const FitSettings& s = problem.settings();
  const arma::vec& t = problem.y();
  const double lambda = problem.effective_lambda(s.lambda);
  Stopwatch watch;
  const arma::mat& K = problem.gram();
  record_lap(times, "gram", watch);
  const ProxResult res = solve(K, t, penalty_of(s.method), {lambda}, s).front();
  record_lap(times, "solve", watch);
  model.alpha = res.alpha;
  model.summary.iterations = res.iterations;
  model.summary.converged = res.converged;
  model.summary.kkt_violation = res.kkt;
  if (!res.converged && !res.undetermined) {
    std::string message = s.method + " did not converge in " + std::to_string(res.iterations) +
                          " iterations (largest KKT violation " + readable_number(res.kkt) + ")";
    if (!res.path_stopped.empty())  // FISTA took over where the exact path could not go on
      message += "; kreg's exact path stopped before this lambda (" + res.path_stopped + ")";
    if (res.path_singular)
      message +=
          ", where the solution is large and ill-determined and more iterations may not settle it: a "
          "smaller --bandwidth or a larger --lambda is a better-conditioned problem than a larger --max-iter";
    else
      message += "; raise --max-iter or --tol";
    if (res.path_singular && s.max_iter <= 0 && res.iterations == kIllDeterminedIterations)
      message += " (FISTA stopped after " + std::to_string(kIllDeterminedIterations) +
                 " iterations because rounding in K alpha alone exceeds " + readable_number(kIllDeterminedAllowance) +
                 " times the tolerance there; --max-iter sets the number)";
    model.warnings.push_back(message);
  }
  if (res.undetermined)
    model.warnings.push_back(s.method + " was not solved at lambda " + readable_number(s.lambda) + ": " +
                             numerical_range_reason(res.range, res.unbounded, s.method, problem.lambda_unit()) +
                             "; kreg's exact path stopped before this lambda (" + res.path_stopped + ")" +
                             (res.iterations == 0
                                  ? " and the model holds its coefficients there"
                                  : " and the model holds FISTA's iterate after " + std::to_string(res.iterations) +
                                        " iterations from alpha = 0, an estimate") +
                             "; a smaller --bandwidth or a larger --lambda is a better-conditioned problem");
  const RepeatedRows repeats = repeated_rows(model.points, t, penalty_of(s.method));
  if (lambda < repeats.lambda_unbounded)
    model.warnings.push_back(repeated_rows_message(repeats, t.n_elem, s.method, problem.lambda_unit()));
  return symmetric_times_of(K, model.alpha);
}

class PenalizedCvScorer : public CvScorer {
 public:
  PenalizedCvScorer(const CvJob& job, PenalizedGridSolver solve) : job_(job), solve_(solve) {}
  std::vector<CvFoldScores> score(const FitSettings& s, const Kernel& kernel, int f, arma::mat&) const override {
    const FoldRows rows = fold_rows(job_.data, job_.folds, f);
    std::vector<std::size_t> grid_index;  // the grid position of each path point
    const auto path = penalized_path(Problem(rows.train, s, kernel, &rows.validation), job_.grid, false, solve_,
                                     job_.score, &grid_index);  // decreasing lambda
    const std::size_t size = job_.grid.size();
    CvFoldScores out;
    out.mse.resize(size);
    out.r2.resize(size);
    out.score.resize(size);
    out.unfinished.resize(size);
    out.unbounded.resize(size);
    for (std::size_t j = 0; j < path.size(); ++j) {
      const std::size_t l = grid_index[j];
      // A point below lambda_undetermined was not solved (it holds a solved neighbour's
      // coefficients), and one below lambda* (numerical_range.h) has no minimiser for K rounded to
      // its numerical range, even where the exact path certified it to its rounding: no score, so
      // that cv never chooses a lambda whose fit cannot be had; the warning on rows without a
      // finite error counts them, not the one on unconverged fits (the one on repeated rows does
      // where they are the cause).
      const bool below_range = path[j].undetermined || (path[j].range.computed && !path[j].bounded);
      const bool solved = !below_range;
      out.mse[l] = solved ? path[j].val_mse : NAN;
      out.r2[l] = solved ? path[j].val_r2 : NAN;
      out.score[l] = solved ? path[j].val_score : NAN;
      out.unfinished[l] = solved && !path[j].converged;  // an unsolved point is counted by its empty score
      out.unbounded[l] = path[j].unbounded_by_repeats;
    }
    return {out};
  }

 private:
  const CvJob& job_;
  PenalizedGridSolver solve_;
};

class PenalizedRoute : public Route {
 public:
  PenalizedRoute(Solver solver, PenalizedGridSolver solve) : solver_(solver), solve_(solve) {}
  const char* name() const override { return solver_info(solver_).name; }
  arma::vec fit(Model& model, const Problem& problem, const FitRequest& request) const override {
    return fit_penalized(model, problem, solve_, request.times);
  }
  std::vector<PathPoint> path(const Problem& problem, const PathRequest& request) const override {
    return penalized_path(problem, request.grid, request.keep_alpha, solve_, request.score);
  }
  std::vector<std::string> path_warnings(const FitSettings& settings,
                                         const std::vector<PathPoint>& path) const override {
    std::vector<std::string> out;
    std::size_t unconverged = 0, unbounded = 0, ill_determined = 0, undetermined = 0, range_unbounded = 0;
    std::size_t certified_unbounded = 0;  // certified to rounding below lambda* (not repeated rows)
    std::size_t budgeted = 0;             // ill-determined points given kIllDeterminedIterations
    double ill_from = 0.0;  // the largest lambda of an ill-determined point
    const NumericalRange* range = nullptr;
    for (const auto& p : path) {
      if (p.undetermined) {  // reported by numerical_range_message, not by the counts below
        ++undetermined;
        range_unbounded += !p.bounded;
        range = &p.range;
        continue;
      }
      unconverged += !p.converged && !p.ill_determined;
      ill_determined += p.ill_determined;
      if (p.ill_determined) ill_from = std::max(ill_from, p.value);
      budgeted += p.ill_determined && settings.max_iter <= 0 && p.iterations == kIllDeterminedIterations;
      if (!p.bounded && !p.unbounded_by_repeats && p.range.computed) {
        ++certified_unbounded;
        range = &p.range;
      } else {
        unbounded += !p.bounded;
      }
    }
    if (undetermined > 0)
      out.push_back(numerical_range_message(*range, undetermined, range_unbounded, path.size(), settings.method,
                                            settings.lambda_unit(range->n)));
    const std::string budgeted_text =
        budgeted == 0 ? std::string()
                      : " (at " + std::to_string(budgeted) + " of them, where rounding in K alpha alone exceeds " +
                            readable_number(kIllDeterminedAllowance) + " times the tolerance, FISTA stopped after " +
                            std::to_string(kIllDeterminedIterations) + " iterations; --max-iter sets the number)";
    if (ill_determined > 0)
      out.push_back(std::to_string(ill_determined) + " of " + std::to_string(path.size()) +
                    " path points (lambda <= " + readable_number(ill_from) +
                    ") did not converge (column 'converged'): there the kernel matrix is numerically singular on the "
                    "points the solution uses and the coefficients are too large to be determined in double precision; "
                    "a smaller --bandwidth or larger lambdas are better-conditioned problems, a larger --max-iter will "
                    "not settle them" +
                    budgeted_text);
    if (unconverged > 0)
      out.push_back(std::to_string(unconverged) + " of " + std::to_string(path.size()) +
                    " path points did not converge (column 'converged'); raise --max-iter or --tol");
    if (certified_unbounded > 0)
      out.push_back(std::to_string(certified_unbounded) + " of " + std::to_string(path.size()) +
                    " path points (lambda < " + readable_number(range->lambda_unbounded / settings.lambda_unit(range->n)) +
                    ") are certified only to the rounding of K alpha, below the lambda where " + settings.method +
                    "'s objective is unbounded below for K rounded to its numerical range (column 'bounded' 0): "
                    "their coefficients change entirely with K's last digits; a smaller --bandwidth or larger "
                    "lambdas are better-conditioned problems");
    if (unbounded > 0)
      out.push_back(std::to_string(unbounded) + " of " + std::to_string(path.size()) + " path points lie where " +
                    settings.method + "'s objective is unbounded below (column 'bounded'): " + kRepeatedRowsCause);
    return out;
  }
  PathColumns path_columns() const override {
    PathColumns c;
    c.iterations = c.converged = c.bounded = true;
    return c;
  }
  std::unique_ptr<CvScorer> cv_scorer(const CvJob& job) const override {
    return std::make_unique<PenalizedCvScorer>(job, solve_);
  }
  MemoryEstimate fit_memory(const FitSettings&, const MemoryShape& shape) const override {
    return memory_terms::dual(shape.n, shape.n_validation,
                              solver_ == Solver::kAuto ? memory_terms::DualExtra::kHomotopy
                                                       : memory_terms::DualExtra::kActiveSet);
  }

 private:
  Solver solver_;
  PenalizedGridSolver solve_;
};

const PenalizedRoute kHomotopyRoute(Solver::kAuto, homotopy_grid);
const RouteRegistration kHomotopyRegistered(MethodFamily::kPenalized, Solver::kAuto, kHomotopyRoute);
const PenalizedRoute kFistaRoute(Solver::kFista, fista_grid);
const RouteRegistration kFistaRegistered(MethodFamily::kPenalized, Solver::kFista, kFistaRoute);
const PenalizedRoute kPaperRoute(Solver::kPaper, paper_grid);
const RouteRegistration kPaperRegistered(MethodFamily::kPenalized, Solver::kPaper, kPaperRoute);

}  // namespace

std::unique_ptr<const Route> make_penalized_route(Solver solver, PenalizedGridSolver solve) {
  return std::make_unique<const PenalizedRoute>(solver, solve);
}

}  // namespace kreg
