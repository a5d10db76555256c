// Cross-validation engine: tasks (kernel parameters x fold) on an OpenMP pool, BLAS on one
// thread per task, results in fixed slots, aggregation and selection rules in grid order.
#include "kreg/select/cv.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <mutex>
#include <stdexcept>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/progress.h"
#include "kreg/data/metrics.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/kernels/kernel_overflow.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/linalg/band_reduction.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"
#include "kreg/model/train.h"
#include "kreg/select/kernel_grid.h"
#include "kreg/select/simplicity.h"
#include "kreg/solvers/krr.h"
#include "kreg/solvers/nystrom.h"
#include "kreg/solvers/penalized_path.h"
#include "kreg/solvers/spectral_path.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

std::string regulariser_name(const std::string& method) { return method_info(method).regulariser_key(); }

namespace {

using FoldScores = CvFoldScores;

}  // namespace

std::vector<KernelSettings> cv_kernel_grid(const CvSettings& s) {
  return kernel_grid_points(s.base.kernel, s.kernel_grids);
}

namespace {

Dataset subset(const Dataset& d, const arma::uvec& rows) {
  Dataset out = d;
  out.X = d.X.rows(rows);
  out.y = d.y.elem(rows);
  return out;
}

// Appends the errors of predictions pv of the validation fold va (Huber's scale from tr).
void add_errors(FoldScores& out, const Score& score, const Dataset& tr, const Dataset& va, const arma::vec& pv) {
  const ValidationErrors v = validation_errors(score, va.y, pv, huber_scale(tr.y));
  out.mse.push_back(v.mse);
  out.r2.push_back(v.r2);
  out.score.push_back(v.score);
}

// krr on one fold by a Cholesky factorisation of K + lambda I per lambda (Allerbo 2023, eq. krr);
// false when one is not numerically positive definite (the caller takes the eigen route).
bool score_fold_by_cholesky(const Dataset& tr, const Dataset& va, const FitSettings& s, const std::vector<double>& grid,
                            const Score& score, FoldScores& out) {
  const Kernel kernel = make_kernel(s.kernel);
  const Standardization st = fit_standardization(tr, s.standardize);
  const arma::mat Z = st.transform_features(tr.X);
  const arma::vec y = st.transform_target(tr.y);
  const arma::mat K = gram(kernel, Z);
  const arma::mat Kv = cross_gram(kernel, st.transform_features(va.X), Z);
  for (double value : grid) {
    if (!(value >= 0.0)) throw ConfigError("lambda_grid", "values must be >= 0");
    FitSettings sf = s;
    sf.lambda = value;
    KrrSolution sol;
    try {
      sol = solve_krr(K, y, sf.effective_lambda(tr.n()));
    } catch (const NumericalError&) {
      return false;
    }
    add_errors(out, score, tr, va, st.inverse_target(Kv * sol.alpha));
  }
  return true;
}

// krr on one fold by one band reduction of its K (linalg/band_reduction.h): with K = Q B Q^T,
// the validation predictions for every lambda are
//   K_vT (K + lambda I)^{-1} y = K_vT Q z_lambda,   z_lambda = (B + lambda I)^{-1} (Q^T y):
// Q^T y once, a banded factorisation per lambda, then Q applied to all z at once (2 t^2 L flops,
// against 2 t^2 m to apply it to K_Tv) and one product with K_vT. False when one B + lambda I
// is not numerically positive definite (the caller takes the eigen route). `scratch`: the
// t x t storage of this thread's previous reduction, reused and handed back.
bool score_fold_by_band(const Dataset& tr, const Dataset& va, const FitSettings& s, const std::vector<double>& grid,
                        const Score& score, FoldScores& out, arma::mat& scratch) {
  const Kernel kernel = make_kernel(s.kernel);
  const Standardization st = fit_standardization(tr, s.standardize);
  const arma::mat Z = st.transform_features(tr.X);
  arma::mat qty = st.transform_target(tr.y);
  BandReduction band(gram_lower(kernel, Z, std::move(scratch)));  // reads the lower triangle only
  band.apply_qt(qty);
  arma::mat solutions(tr.n(), grid.size());
  for (std::size_t l = 0; l < grid.size(); ++l) {
    if (!(grid[l] >= 0.0)) throw ConfigError("lambda_grid", "values must be >= 0");
    FitSettings sf = s;
    sf.lambda = grid[l];
    solutions.col(l) = qty.col(0);
    if (!band.solve_shifted(sf.effective_lambda(tr.n()), solutions.colptr(l))) return false;
  }
  band.apply_q(solutions);  // alpha for every lambda
  scratch = band.take_storage();
  const arma::mat predictions = cross_gram(kernel, st.transform_features(va.X), Z) * solutions;
  for (std::size_t l = 0; l < grid.size(); ++l) add_errors(out, score, tr, va, st.inverse_target(predictions.col(l)));
  return true;
}

// krr with --solver nystrom on one fold (solvers/nystrom.h): the run's centres (raw rows,
// standardised here with the fold's statistics), one NystromSystem for the whole lambda grid,
// solved from the largest lambda down, each solve warm-started from the previous one's alpha.
FoldScores score_fold_by_nystrom(const Dataset& tr, const Dataset& va, const FitSettings& s,
                                 const std::vector<double>& grid, const Score& score, const arma::mat& centre_rows) {
  const Kernel kernel = make_kernel(s.kernel);
  const Standardization st = fit_standardization(tr, s.standardize);
  const arma::mat Z = st.transform_features(tr.X);
  const arma::vec y = st.transform_target(tr.y);
  const arma::mat C = st.transform_features(centre_rows);
  const NystromSystem system(kernel, Z, y, C);
  std::vector<std::size_t> order(grid.size());
  for (std::size_t l = 0; l < grid.size(); ++l) {
    if (!(grid[l] >= 0.0)) throw ConfigError("lambda_grid", "values must be >= 0");
    order[l] = l;
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return grid[a] > grid[b]; });
  FoldScores out;
  out.unfinished.assign(grid.size(), 0);
  arma::mat alphas(C.n_rows, grid.size());
  arma::vec warm;
  for (std::size_t l : order) {
    FitSettings sf = s;
    sf.lambda = grid[l];
    NystromOptions opt;
    opt.lambda = sf.effective_lambda(tr.n());
    opt.tol = s.tol_or_default();
    opt.max_iter = s.max_iter_or_default();
    const NystromSolution sol = system.solve(opt, warm);
    alphas.col(l) = sol.alpha;
    out.unfinished[l] = !sol.converged && !sol.direct;
    warm = sol.alpha;
  }
  const arma::mat predictions = nystrom_predictions(kernel, st.transform_features(va.X), C, alphas);
  for (std::size_t l = 0; l < grid.size(); ++l) add_errors(out, score, tr, va, st.inverse_target(predictions.col(l)));
  return out;
}

// Scores of one fold for every regulariser value, in grid order.
FoldScores score_fold(const Dataset& tr, const Dataset& va, const FitSettings& s, const std::vector<double>& grid,
                      const Score& score, CvRoute route, arma::mat& scratch, const arma::mat& centre_rows) {
  if (s.method_info().family == MethodFamily::kRidge && s.is_nystrom())
    return score_fold_by_nystrom(tr, va, s, grid, score, centre_rows);
  FoldScores out;
  const bool dual = !solves_in_primal(make_kernel(s.kernel), tr.n(), tr.p());  // the primal route is cheap anyway
  if (s.method_info().family == MethodFamily::kRidge && dual) {
    if (route == CvRoute::kCholesky && score_fold_by_cholesky(tr, va, s, grid, score, out)) return out;
    out = FoldScores{};
    if (route == CvRoute::kBand && score_fold_by_band(tr, va, s, grid, score, out, scratch)) return out;
    out = FoldScores{};
  }
  if (s.method_info().is_spectral()) {
    for (const auto& p : spectral_path(tr, &va, s, grid, false, score)) {
      out.mse.push_back(p.val_mse);
      out.r2.push_back(p.val_r2);
      out.score.push_back(p.val_score);
    }
  } else if (s.is_penalized()) {
    const auto path = penalized_path(tr, &va, s, grid, false, score);  // decreasing lambda
    for (double v : grid)
      for (const auto& p : path)
        if (p.value == v) {
          out.mse.push_back(p.val_mse);
          out.r2.push_back(p.val_r2);
          out.score.push_back(p.val_score);
          out.unfinished.push_back(!p.converged);
          out.unbounded.push_back(!p.bounded);
          break;
        }
  } else {
    // Stopped where the fold's validation score is smallest; a score other than the MSE is
    // taken from the chosen model's predictions.
    const Model m = train(tr, s, &va, nullptr, score);
    const double mse_best = m.summary.best_val_mse;
    const double var = arma::mean(arma::square(va.y - arma::mean(va.y)));
    out.mse.push_back(mse_best);
    out.r2.push_back(var > 0 ? 1.0 - mse_best / var : NAN);
    out.score.push_back(score.is_mse() ? mse_best : score_value(score, va.y, predict(m, va.X), huber_scale(tr.y)));
    out.unfinished.push_back(!m.summary.stopped_early);
    out.t = m.summary.t;
  }
  return out;
}

// krr with statistics shared by all folds: one eigendecomposition of the full K per kernel serves
// every fold and lambda. With M = (K + lambda I)^{-1} = U diag(1/(mu + lambda)) U^T and alpha = M
// y, the residuals of the refit without fold G are (the group form of the representer-theorem
// notes' Proposition 3, since I - H = lambda M and y - yhat = lambda alpha):
//   e_G = (I - H_GG)^{-1} (y_G - yhat_G) = (M_GG)^{-1} alpha_G.
// lambda_scaling n uses the fold's own n, as the refit would.
std::vector<FoldScores> score_all_folds_krr(const Dataset& d, const FitSettings& s, const Folds& folds,
                                            const std::vector<double>& grid, const Score& score) {
  const Spectrum spec = spectrum_for(make_kernel(s.kernel), d.X);
  const arma::vec ytil = spec.U.t() * d.y;
  const arma::uword r = spec.mu.n_elem, L = grid.size();
  std::vector<FoldScores> out(static_cast<std::size_t>(folds.k));
  for (int f = 0; f < folds.k; ++f) {
    const arma::uvec G = folds.validation_rows(f);
    const arma::uword m = G.n_elem;
    const arma::mat UG = spec.U.rows(G);
    const arma::vec yG = d.y.elem(G);
    const double scale = huber_scale(d.y.elem(folds.training_rows(f)));
    // Filters for every lambda: F(j, l) = 1/(mu_j + lambda_l), less 1/lambda_l when U is not
    // complete (then M = I/lambda + U diag(F) U^T).
    arma::mat F(r, L);
    arma::vec lam(L);
    for (arma::uword l = 0; l < L; ++l) {
      FitSettings sf = s;
      sf.lambda = grid[l];
      lam[l] = sf.effective_lambda(d.n() - m);
      F.col(l) = krr_coefficient_filter(spec.mu, lam[l]);
      if (!spec.complete) F.col(l) -= 1.0 / lam[l];
    }
    const arma::mat alphaG = UG * (F.each_col() % ytil);  // (m x L)
    FoldScores& sc = out[static_cast<std::size_t>(f)];
    // M_GG = UG diag(F) UG^T per lambda by one BLAS-3 product of m^2 r / 2 flops, in O(m r)
    // memory: F has one sign (positive for a complete U; 1/(mu + lambda) - 1/lambda < 0
    // otherwise), so M_GG = sign * S S^T with S = UG diag(sqrt(|F|)), a dsyrk (lower triangle).
    arma::mat S(m, r), MGG(m, m);
    for (arma::uword l = 0; l < L; ++l) {
      const double sign = spec.complete ? 1.0 : -1.0;
      for (arma::uword j = 0; j < r; ++j) {
        const double scale = std::sqrt(std::max(0.0, sign * F(j, l)));
        const double* u = UG.colptr(j);
        double* out_col = S.colptr(j);
        for (arma::uword a = 0; a < m; ++a) out_col[a] = u[a] * scale;
      }
      const int mi = static_cast<int>(m), ri = static_cast<int>(r);
      const double zero = 0.0;
      lapack::dsyrk("L", "N", &mi, &ri, &sign, S.memptr(), &mi, &zero, MGG.memptr(), &mi);
      arma::vec aG = alphaG.col(l);
      if (!spec.complete) {
        MGG.diag() += 1.0 / lam[l];
        aG += yG / lam[l];  // alpha = M y = y / lambda + U diag(F) U^T y
      }
      // M_GG is a principal block of the positive definite M: Cholesky, in place.
      arma::vec e = aG;
      const int one = 1;
      int info = 0;
      lapack::dpotrf("L", &mi, MGG.memptr(), &mi, &info);
      if (info == 0) lapack::dpotrs("L", &mi, &one, MGG.memptr(), &mi, e.memptr(), &mi, &info);
      if (info != 0)
        throw NumericalError("cv: the fold system of krr is not positive definite at lambda " +
                             readable_number(grid[l]) +
                             " (K + lambda I is numerically singular; raise the lambda grid)");
      sc.mse.push_back(arma::mean(arma::square(e)));
      sc.r2.push_back(r_squared(yG, yG - e));
      sc.score.push_back(score.is_mse() ? sc.mse.back() : residual_score(score, e, scale));
    }
  }
  return out;
}

}  // namespace

CvRoute resolved_cv_route(const CvSettings& settings, std::size_t n, int folds) {
  if (settings.route != CvRoute::kAuto) return settings.route;
  const bool shared = settings.base.standardize == StandardizeMode::kNone || settings.statistics == CvStatistics::kAll;
  const bool ridge = settings.base.method_info().family == MethodFamily::kRidge && !settings.base.is_nystrom();
  return cheapest_cv_route(n, folds, std::max<std::size_t>(1, settings.regulariser_grid.size()), ridge && shared);
}

CvParallelism cv_parallelism(const CvSettings& settings, std::size_t n, int folds) {
  CvParallelism p;
  p.kernel_points = std::max<std::size_t>(1, cv_kernel_grid(settings).size());
  const bool shared_krr = settings.base.method_info().family == MethodFamily::kRidge && !settings.base.is_nystrom() &&
                          resolved_cv_route(settings, n, folds) == CvRoute::kGroupDeletion;
  p.tasks_per_kernel = shared_krr ? 1 : static_cast<std::size_t>(std::max(1, folds));
  p.threads = std::max(1, settings.threads > 0 ? settings.threads : omp_get_num_procs());
  p.at_once = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(p.threads), p.tasks()));
  return p;
}

FitSettings refit_settings(const CvSettings& settings, const CvRow& row) {
  FitSettings s = settings.base;
  s.kernel = row.kernel;
  const std::string reg = regulariser_name(s.method);
  if (reg == "lambda")
    s.lambda = row.regulariser;
  else if (reg == "t")
    s.t = row.regulariser;
  else {
    s.t = row.chosen_t;
    s.iterations = 0;
    s.holdout = 0.0;
  }
  return s;
}

CvScores compute_cv_scores(const Dataset& data_in, const CvSettings& settings, const Folds& folds, const CvShard& shard,
                           const CvProgress& progress) {
  validate(settings.base);
  require_representable_mse(data_in);  // the cv table reports MSEs
  if (settings.base.is_iterative()) settings.base.max_update_count();  // throws for a t_max of too many updates
  if (static_cast<std::size_t>(folds.fold_of_row.size()) != data_in.n())
    throw DataError(data_in.source + ": fold assignment has the wrong length");
  const std::string reg = regulariser_name(settings.base.method);
  if (!reg.empty() && settings.regulariser_grid.empty())
    throw ConfigError(reg + "_grid", "cross-validation of " + settings.base.method + " needs a " + reg + " grid");
  const std::vector<KernelSettings> kernels = cv_kernel_grid(settings);

  // kAll: standardise once with all rows, then fit the folds on the standardised data as is.
  Dataset data = data_in;
  FitSettings base = settings.base;
  double scale2 = 1.0, score_scale = 1.0;  // back to the original scale of y
  if (settings.statistics == CvStatistics::kAll) {
    const Standardization st = fit_standardization(data_in, base.standardize);
    data.X = st.transform_features(data_in.X);
    data.y = st.transform_target(data_in.y);
    scale2 = st.target_scale * st.target_scale;
    score_scale = score_unit(settings.score.kind, st.target_scale);
    base.standardize = StandardizeMode::kNone;
  }

  // A kernel that overflows on the rows (standardised with all of them) is refused up front
  // (kernels of the distance alone never do).
  if (std::any_of(kernels.begin(), kernels.end(),
                  [](const KernelSettings& k) { return make_kernel(k).input() != KernelInput::kDistance; })) {
    const arma::mat Z = fit_standardization(data, base.standardize).transform_features(data.X);
    for (const KernelSettings& kernel : kernels)
      require_finite_kernel(make_kernel(kernel), Z, data_in, settings.base.standardize);
  }

  // krr with shared statistics: one task per kernel covers all folds (see score_all_folds_krr).
  const bool shared_statistics = base.standardize == StandardizeMode::kNone;
  if (settings.route == CvRoute::kGroupDeletion && !shared_statistics)
    throw ConfigError("statistics",
                      "the group-deletion route needs statistics shared by the folds (--standardize none or "
                      "--statistics all)");
  const CvRoute route = resolved_cv_route(settings, data.n(), folds.k);
  const CvParallelism parallelism = cv_parallelism(settings, data.n(), folds.k);
  const bool shared_krr =
      base.method_info().family == MethodFamily::kRidge && !base.is_nystrom() && route == CvRoute::kGroupDeletion;
  // --solver nystrom: the same centres, drawn from all rows, for every fold.
  arma::mat centre_rows;
  if (base.is_nystrom()) {
    if (base.centers_by != "uniform")
      throw ConfigError("centers_by",
                        "cv draws one set of centres for every fold and lambda: uniform only (leverage scores "
                        "depend on lambda and on each fold's statistics)");
    const arma::uword m = base.centers > 0 ? static_cast<arma::uword>(base.centers) : default_centre_count(data.n());
    centre_rows = data.X.rows(uniform_centres(data.n(), m, static_cast<std::uint64_t>(base.seed)));
  }
  const std::size_t per_kernel = parallelism.tasks_per_kernel;
  CvScores out;
  out.tasks = kernels.size() * per_kernel;
  out.folds = folds.k;
  out.grid_values = reg.empty() ? 1 : settings.regulariser_grid.size();
  out.slots.resize(kernels.size() * static_cast<std::size_t>(folds.k));
  out.filled.assign(out.slots.size(), 0);
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
    throw ConfigError("shard", "expected I/N with 1 <= I <= N");
  std::vector<std::size_t> mine;  // this shard's tasks
  for (std::size_t task = 0; task < out.tasks; ++task)
    if (shard.owns(task)) mine.push_back(task);
  std::exception_ptr failure;
  std::mutex mutex;
  std::size_t done = 0;
  const int threads = std::max(1, std::min(parallelism.threads, static_cast<int>(mine.size())));
  const SingleBlasThread single;  // parallelism is across tasks (and BLAS on one thread: blas_threads.h)
  std::vector<arma::mat> scratch(static_cast<std::size_t>(threads));  // per thread, reused by its tasks
  ProgressStep step("cross-validation (" + std::to_string(mine.size()) + " fits)", static_cast<double>(mine.size()));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (long i = 0; i < static_cast<long>(mine.size()); ++i) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (failure) continue;
    }
    try {
      const std::size_t task = mine[static_cast<std::size_t>(i)];
      const std::size_t ki = task / per_kernel;
      FitSettings s = base;
      s.kernel = kernels[ki];
      std::vector<FoldScores> scores;
      if (shared_krr) {
        scores = score_all_folds_krr(data, s, folds, settings.regulariser_grid, settings.score);
      } else {
        const int f = static_cast<int>(task % per_kernel);
        scores.push_back(score_fold(subset(data, folds.training_rows(f)), subset(data, folds.validation_rows(f)), s,
                                    settings.regulariser_grid, settings.score, route,
                                    scratch[static_cast<std::size_t>(omp_get_thread_num())], centre_rows));
      }
      for (auto& sc : scores) {
        for (double& v : sc.mse) v *= scale2;
        for (double& v : sc.score) v *= score_scale;
      }
      std::lock_guard<std::mutex> lock(mutex);
      const std::size_t first = shared_krr ? ki * static_cast<std::size_t>(folds.k) : task;
      for (std::size_t j = 0; j < scores.size(); ++j) {
        out.slots[first + j] = std::move(scores[j]);
        out.filled[first + j] = 1;
      }
      ++done;
      step.advance(1.0);
      if (progress) progress(done, mine.size());
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
  return out;
}

CvResult cross_validate(const Dataset& data, const CvSettings& settings, const Folds& folds,
                        const CvProgress& progress) {
  return aggregate_cv(settings, folds, compute_cv_scores(data, settings, folds, CvShard{}, progress));
}

}  // namespace kreg
