// kgf, kernel gradient flow (Allerbo 2023, Section 2): the closed form in K's eigenbasis at
// time t / (1 - momentum). A fit, a path and each cv fold take one eigendecomposition.
#include "kreg/core/phase_times.h"
#include "kreg/routes/fold_scoring.h"
#include "kreg/routes/route_support.h"
#include "kreg/solvers/kgf.h"
#include "kreg/solvers/spectral_path.h"

namespace kreg {

namespace {

class FlowCvScorer : public CvScorer {
 public:
  explicit FlowCvScorer(const CvJob& job) : job_(job) {}
  std::vector<CvFoldScores> score(const FitSettings& s, const Kernel& kernel, int f, arma::mat&) const override {
    const FoldRows rows = fold_rows(job_.data, job_.folds, f);
    return {spectral_fold_scores(Problem(rows.train, s, kernel, &rows.validation), job_.grid, job_.score)};
  }

 private:
  const CvJob& job_;
};

class FlowRoute : public Route {
 public:
  const char* name() const override { return "kgf"; }

  arma::vec fit(Model& model, const Problem& problem, const FitRequest& request) const override {
    Stopwatch watch;
    const Spectrum& spec = problem.spectrum();
    record_lap(request.times, "eigen", watch);
    const double t = problem.settings().effective_t();
    SpectralSolution sol = solve_kgf(spec, problem.y(), t);
    model.summary.rcond = spectral_rcond(spec, 1.0 / t);
    model.summary.df = sol.df;
    (spec.primal ? model.beta : model.alpha) = std::move(sol.coef);
    record_lap(request.times, "solve", watch);
    const std::string warning = ill_conditioned_warning(model.summary.rcond, problem.method());
    if (!warning.empty()) model.warnings.push_back(warning);
    return std::move(sol.fitted);
  }

  std::vector<PathPoint> path(const Problem& problem, const PathRequest& request) const override {
    return spectral_path(problem, request.grid, request.keep_alpha, request.score);
  }
  // No path warnings: ill-conditioned points are PathPoint::rcond, reported by the caller.
  std::unique_ptr<CvScorer> cv_scorer(const CvJob& job) const override {
    return std::make_unique<FlowCvScorer>(job);
  }

  MemoryEstimate fit_memory(const FitSettings&, const MemoryShape& shape) const override {
    if (shape.primal(shape.n)) return memory_terms::primal(shape.n, shape.p);
    return memory_terms::dual(shape.n, shape.n_validation, memory_terms::DualExtra::kEigen);
  }
};

const FlowRoute kRoute;
const RouteRegistration kRegistered(MethodFamily::kFlow, Solver::kAuto, kRoute);

}  // namespace

}  // namespace kreg
