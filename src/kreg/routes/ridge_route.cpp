// krr, exact (Allerbo 2023, eq. krr): a Cholesky factorisation of K + lambda I, or the p x p
// primal system for the linear kernel with p < n (the representer-theorem notes, primal-dual
// identity). Paths from one eigendecomposition; cv by the cheapest of four exact routes.
#include <algorithm>

#include "kreg/core/phase_times.h"
#include "kreg/kernels/gram.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/inverse_trace.h"
#include "kreg/routes/fold_scoring.h"
#include "kreg/routes/gp_tuning.h"
#include "kreg/routes/ridge_cv.h"
#include "kreg/routes/route_support.h"
#include "kreg/solvers/krr.h"
#include "kreg/solvers/linear_primal.h"
#include "kreg/solvers/spectral_path.h"

namespace kreg {

namespace {

class RidgeCvScorer : public CvScorer {
 public:
  explicit RidgeCvScorer(const CvJob& job) : job_(job) {}
  bool all_folds_per_task() const override { return job_.krr_route == CvRoute::kGroupDeletion; }
  std::vector<CvFoldScores> score(const FitSettings& s, const Kernel& kernel, int f,
                                  arma::mat& scratch) const override {
    if (all_folds_per_task()) return score_all_folds_krr(job_.data, s, kernel, job_.folds, job_.grid, job_.score);
    const FoldRows rows = fold_rows(job_.data, job_.folds, f);
    const Problem fold(rows.train, s, kernel, &rows.validation);
    if (!fold.primal()) {  // the primal route is cheap anyway
      CvFoldScores out;
      if (job_.krr_route == CvRoute::kCholesky && score_fold_by_cholesky(fold, job_.grid, job_.score, out))
        return {out};
      out = CvFoldScores{};
      if (job_.krr_route == CvRoute::kBand && score_fold_by_band(fold, job_.grid, job_.score, out, scratch))
        return {out};
    }
    return {spectral_fold_scores(fold, job_.grid, job_.score)};
  }

 private:
  const CvJob& job_;
};

class RidgeExactRoute : public Route {
 public:
  const char* name() const override { return "krr exact"; }

  arma::vec fit(Model& model, const Problem& problem, const FitRequest& request) const override {
    Stopwatch watch;
    const double lambda = problem.effective_lambda(problem.settings().lambda);
    arma::vec fitted;
    if (problem.primal()) {
      PrimalSolution sol = solve_linear_primal(problem.Z(), problem.y(), lambda);
      model.beta = std::move(sol.beta);
      model.summary.rcond = sol.rcond;
      model.summary.df = sol.df;
      fitted = std::move(sol.fitted);
    } else {
      // The Cholesky factorisation reads the lower triangle only: the upper one is never
      // written, so its pages are never touched (half the resident memory, no mirror pass).
      arma::mat K = gram_lower(problem.kernel(), problem.Z());
      record_lap(request.times, "gram", watch);
      KrrSolution sol = solve_krr(std::move(K), problem.y(), lambda, true);
      model.alpha = std::move(sol.alpha);
      model.summary.rcond = sol.rcond;
      model.summary.df = sol.df;
      fitted = std::move(sol.fitted);
    }
    record_lap(request.times, "solve", watch);
    const std::string warning = ill_conditioned_warning(model.summary.rcond, problem.method());
    if (!warning.empty()) model.warnings.push_back(warning);
    return fitted;
  }

  std::vector<PathPoint> path(const Problem& problem, const PathRequest& request) const override {
    return spectral_path(problem, request.grid, request.keep_alpha, request.score);
  }
  // No path warnings: ill-conditioned points are PathPoint::rcond, reported by the caller.

  std::unique_ptr<CvScorer> cv_scorer(const CvJob& job) const override {
    return std::make_unique<RidgeCvScorer>(job);
  }
  bool allows_group_deletion() const override { return true; }
  bool reads_as_gaussian_process() const override { return true; }
  PredictiveSpread predictive_spread(const Model& model, const arma::mat& X) const override {
    return exact_predictive_spread(model, X);
  }
  TuningRecord tune(const Problem& problem, const TuneRequest& request) const override {
    if (problem.primal())  // (only the linear kernel solves in the primal, and it is no radial kernel)
      return Route::tune(problem, request);
    return tune_gaussian_process(problem, request);
  }

  MemoryEstimate fit_memory(const FitSettings&, const MemoryShape& shape) const override {
    if (shape.primal(shape.n)) return memory_terms::primal(shape.n, shape.p);
    MemoryEstimate e = memory_terms::dual(shape.n, shape.n_validation, memory_terms::DualExtra::kNone);
    e.nystrom_possible = true;
    // The degrees of freedom: an n x b block of L^{-1} per thread (inverse_trace.h).
    const int blocks = chunk_count(static_cast<int>(shape.n), kInverseTraceBlock);
    e.bytes += 8.0 * static_cast<double>(shape.n) * kInverseTraceBlock * threads_for(blocks);
    return e;
  }
  MemoryEstimate path_memory(const FitSettings&, const MemoryShape& shape) const override {
    if (shape.primal(shape.n)) return memory_terms::primal(shape.n, shape.p);
    return memory_terms::dual(shape.n, shape.n_validation, memory_terms::DualExtra::kEigen);
  }
  MemoryEstimate cv_task_memory(const FitSettings& s, const MemoryShape& shape, int folds, std::size_t,
                                CvRoute krr_route) const override {
    const std::size_t n = shape.n, k = static_cast<std::size_t>(folds);
    const std::size_t m = (n + k - 1) / k;  // the largest fold
    using memory_terms::square_bytes;
    if (krr_route == CvRoute::kGroupDeletion && !shape.primal(n)) {
      // ridge_cv.cpp's group deletion, one task per kernel point: the whole K's
      // eigendecomposition and, per fold, U's rows of the fold twice (m x r) and M_GG.
      const double md = static_cast<double>(m), nd = static_cast<double>(n);
      MemoryEstimate e = memory_terms::dual(n, 0, memory_terms::DualExtra::kEigen);
      e.bytes += 8.0 * (2.0 * md * nd + md * md) + memory_terms::kBlasBuffer;
      return e;
    }
    const std::size_t train_rows = n - std::min(n, n / k);
    MemoryEstimate e = fold_path_memory(*this, s, shape, folds);
    const double t = static_cast<double>(train_rows);
    if (!shape.primal(train_rows)) {
      if (krr_route == CvRoute::kCholesky)  // the fold's K and the copy each lambda factorises
        e = {2.1 * square_bytes(t) + 8.0 * static_cast<double>(m) * t + memory_terms::kBlasBuffer,
             memory_terms::matrix_text(train_rows) + " and the copy each lambda factorises"};
      else if (krr_route == CvRoute::kBand)  // the fold's K, reduced in place, and the validation cross-kernel
        e = {1.05 * square_bytes(t) + 8.0 * static_cast<double>(m + 1) * t + memory_terms::kBlasBuffer,
             memory_terms::matrix_text(train_rows) + ", reduced in place"};
    }
    return e;
  }
};

const RidgeExactRoute kRoute;
const RouteRegistration kRegistered(MethodFamily::kRidge, Solver::kAuto, kRoute);

}  // namespace

}  // namespace kreg
