// The descent methods (kgd, ksgd, kcd, kegd; Allerbo 2023, Section 3): one run of updates from
// alpha = 0, stopped at t = k * step_size or, with validation rows, where their score is
// smallest. A path records the run; a cv fold is one run stopped on its validation fold.
#include <sstream>

#include "kreg/core/number_text.h"
#include "kreg/core/phase_times.h"
#include "kreg/data/metrics.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/model/model.h"
#include "kreg/routes/fold_scoring.h"
#include "kreg/routes/route_support.h"
#include "kreg/routes/train.h"
#include "kreg/solvers/descent.h"
#include "kreg/solvers/descent_path.h"

namespace kreg {

namespace {

// Fills alpha (and summary) of an iterative method; returns the fitted values of the
// standardised target.
arma::vec fit_iterative(Model& model, const Problem& problem, const Score& score, PhaseTimes* times) {
  const FitSettings& s = problem.settings();
  const arma::vec& t = problem.y();
  const Dataset* validation = problem.validation();
  Stopwatch watch;
  const arma::mat& K = problem.gram();
  record_lap(times, "gram", watch);
  if (s.method_info().descent == DescentRule::kGradient) {
    const double mu_max = largest_eigenvalue(K);
    if (s.step_size >= 2.0 / mu_max) {
      std::ostringstream os;
      os.precision(3);
      os << "step_size " << s.step_size << " >= 2 / s_max(K) = " << 2.0 / mu_max
         << ": kernel gradient descent diverges (Allerbo 2023, Proposition 6)";
      model.warnings.push_back(os.str());
    }
    record_lap(times, "step_check", watch);
  }
  DescentOptions opt;
  const arma::mat& Kv = problem.validation_gram();
  const arma::vec& yv = problem.yv();
  if (validation != nullptr) {
    opt.early_stopping = true;
    opt.patience = s.patience;
    opt.score = score;
    opt.max_iterations = s.max_update_count();
    record_lap(times, "gram", watch);
  } else {
    opt.max_iterations = s.iteration_count();
  }
  DescentOutcome run = run_descent(K, t, s, validation ? &Kv : nullptr, validation ? &yv : nullptr, opt);
  record_lap(times, "solve", watch);
  model.alpha = std::move(run.alpha);
  model.summary.iterations = run.iterations;
  model.summary.t = static_cast<double>(run.iterations) * s.step_size;
  model.summary.early_stopping = validation != nullptr;
  model.summary.stopped_early = run.stopped_early;
  if (validation != nullptr) {
    const double scale = model.standardization.target_scale;
    model.summary.best_val_mse = run.best_val_mse * scale * scale;
    model.summary.n_validation = validation->n();
    if (!run.stopped_early)
      model.warnings.push_back("early stopping reached t_max = " + readable_number(s.t_max) +
                               " without the validation error levelling off; consider a larger --t-max");
  }
  return symmetric_times_of(K, model.alpha);
}

// A fold stopped where its validation score is smallest; a score other than the MSE is taken
// from the chosen model's predictions.
class DescentCvScorer : public CvScorer {
 public:
  explicit DescentCvScorer(const CvJob& job) : job_(job) {}
  std::vector<CvFoldScores> score(const FitSettings& s, const Kernel& kernel, int f, arma::mat&) const override {
    const FoldRows rows = fold_rows(job_.data, job_.folds, f);
    const Dataset& tr = rows.train;
    const Dataset& va = rows.validation;
    FitRequest request;
    request.early_stopping_score = job_.score;
    const Model m = fit_problem(Problem(tr, s, kernel, &va, {false, nullptr}), request);
    const double mse_best = m.summary.best_val_mse;
    const double var = arma::mean(arma::square(va.y - arma::mean(va.y)));
    CvFoldScores out;
    out.mse.push_back(mse_best);
    out.r2.push_back(var > 0 ? 1.0 - mse_best / var : NAN);
    out.score.push_back(job_.score.is_mse() ? mse_best
                                            : score_value(job_.score, va.y, predict(m, va.X), huber_scale(tr.y)));
    out.unfinished.push_back(!m.summary.stopped_early);
    out.t = m.summary.t;
    return {out};
  }

 private:
  const CvJob& job_;
};

class DescentRoute : public Route {
 public:
  const char* name() const override { return "descent"; }
  arma::vec fit(Model& model, const Problem& problem, const FitRequest& request) const override {
    return fit_iterative(model, problem, request.early_stopping_score, request.times);
  }
  std::vector<PathPoint> path(const Problem& problem, const PathRequest& request) const override {
    const long k_max = problem.settings().max_update_count();
    return descent_path(problem,
                        request.record_every > 0 ? every_mth_update(k_max, request.record_every)
                                                 : log_spaced_updates(k_max),
                        request.keep_alpha, request.score);
  }
  PathColumns path_columns() const override {
    PathColumns c;
    c.iterations = true;
    return c;
  }
  std::unique_ptr<CvScorer> cv_scorer(const CvJob& job) const override {
    return std::make_unique<DescentCvScorer>(job);
  }
  MemoryEstimate fit_memory(const FitSettings&, const MemoryShape& shape) const override {
    return memory_terms::dual(shape.n, shape.n_validation, memory_terms::DualExtra::kNone);
  }
};

const DescentRoute kRoute;
const RouteRegistration kRegistered(MethodFamily::kDescent, Solver::kAuto, kRoute);

}  // namespace

}  // namespace kreg
