// Memory estimates per route (see the header for the terms).
#include "kreg/select/memory_estimate.h"

#include <algorithm>

#include "kreg/core/memory.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/inverse_trace.h"
#include "kreg/solvers/nystrom.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

namespace {

double square_bytes(double n) { return 8.0 * n * n; }

constexpr double kBlasBuffer = 24.0 * 1024 * 1024;

std::string matrix_text(std::size_t n) {
  return "a " + std::to_string(n) + " x " + std::to_string(n) + " kernel matrix";
}

bool primal(const FitSettings& s, std::size_t n, std::size_t p) {
  return s.method_info().is_spectral() && solves_in_primal(make_kernel(s.kernel), n, p);
}

// One fit's matrices on n rows; `spectral`: the route takes an eigendecomposition.
MemoryEstimate dual_memory(const FitSettings& s, std::size_t n, std::size_t n_validation, bool spectral) {
  const double nn = static_cast<double>(n);
  MemoryEstimate e{square_bytes(nn), matrix_text(n)};
  if (spectral) {
    e.bytes += 2.25 * square_bytes(nn);
    e.what += " and its eigendecomposition";
  } else if (s.is_penalized()) {
    e.bytes += square_bytes(nn);
    e.what += " and a factor of its active set";
  }
  if (n_validation > 0) e.bytes += 8.0 * static_cast<double>(n_validation) * nn;
  return e;
}

}  // namespace

MemoryEstimate fit_memory(const FitSettings& s, std::size_t n, std::size_t p, std::size_t n_validation) {
  if (s.is_nystrom() && !primal(s, n, p)) {
    // solvers/nystrom.h: K_mm, L, R, G and H (m x m each), a block of about 64 MiB, the
    // standardised rows and three n-vectors.
    const double m = static_cast<double>(s.centers > 0 ? static_cast<arma::uword>(s.centers) : default_centre_count(n));
    return {5.0 * square_bytes(m) + 64.0 * 1024 * 1024 + 8.0 * static_cast<double>(n) * (static_cast<double>(p) + 3.0) +
                kBlasBuffer,
            "five " + std::to_string(static_cast<std::size_t>(m)) + " x " +
                std::to_string(static_cast<std::size_t>(m)) + " matrices of the Nystrom centres",
            false, "fewer --centers"};
  }
  if (primal(s, n, p))
    return {8.0 * (static_cast<double>(n) * p + static_cast<double>(p) * p), "the linear kernel's primal system"};
  MemoryEstimate e = dual_memory(s, n, n_validation, s.method_info().family == MethodFamily::kFlow);
  e.nystrom_possible = s.method_info().family == MethodFamily::kRidge;
  if (e.nystrom_possible) {  // the degrees of freedom: an n x b block of L^{-1} per thread (inverse_trace.h)
    const int blocks = chunk_count(static_cast<int>(n), kInverseTraceBlock);
    e.bytes += 8.0 * static_cast<double>(n) * kInverseTraceBlock * threads_for(blocks);
  }
  return e;
}

MemoryEstimate path_memory(const FitSettings& s, std::size_t n, std::size_t p, std::size_t n_validation) {
  if (s.is_nystrom()) return fit_memory(s, n, p, n_validation);  // one system for the whole grid
  if (primal(s, n, p))
    return {8.0 * (static_cast<double>(n) * p + static_cast<double>(p) * p), "the linear kernel's primal system"};
  return dual_memory(s, n, n_validation, s.method_info().is_spectral());
}

MemoryEstimate loo_memory(const FitSettings& s, std::size_t n, std::size_t p) { return path_memory(s, n, p, 0); }

namespace {

// ", for 3 fits at once (1 kernel point x 3 folds, --threads 64)": which of the two limits
// the count of fits running together comes from.
std::string at_once_text(const CvParallelism& p) {
  const std::string fits = std::to_string(p.tasks()) + " fit" + (p.tasks() == 1 ? "" : "s");
  const std::string points =
      std::to_string(p.kernel_points) + " kernel point" + (p.kernel_points == 1 ? "" : "s") +
      (p.tasks_per_kernel > 1 ? " x " + std::to_string(p.tasks_per_kernel) + " folds" : ", all folds in one");
  const std::string threads = "--threads " + std::to_string(p.threads);
  if (static_cast<std::size_t>(p.threads) < p.tasks())
    return ", for " + std::to_string(p.at_once) + " fits at once (" + threads + "; " + fits + ": " + points + ")";
  return ", for " + std::to_string(p.at_once) + " fits at once (" + points + "; " + threads + ")";
}

// The estimate of one task, for the tasks that run at once.
MemoryEstimate times_at_once(MemoryEstimate e, const CvParallelism& p) {
  e.bytes *= p.at_once;
  if (p.at_once > 1) {
    e.what += at_once_text(p);
    e.per_thread = true;  // fewer --threads would need less
  }
  return e;
}

}  // namespace

MemoryEstimate cv_memory(const CvSettings& settings, std::size_t n, std::size_t p, int folds) {
  const FitSettings& s = settings.base;
  const std::size_t m = (n + static_cast<std::size_t>(folds) - 1) / static_cast<std::size_t>(folds);  // largest fold
  const bool ridge = s.method_info().family == MethodFamily::kRidge;
  const CvRoute route = resolved_cv_route(settings, n, folds);
  const CvParallelism parallel = cv_parallelism(settings, n, folds);
  if (ridge && s.is_nystrom()) {  // each fold's NystromSystem (fit_memory's) and its alphas
    MemoryEstimate e = fit_memory(s, n - std::min(n, n / static_cast<std::size_t>(folds)), p, 0);
    const double centres =
        static_cast<double>(s.centers > 0 ? static_cast<arma::uword>(s.centers) : default_centre_count(n));
    const double grid = static_cast<double>(std::max<std::size_t>(1, settings.regulariser_grid.size()));
    e.bytes += 8.0 * grid * (centres + static_cast<double>(m));  // the alphas and the validation predictions
    return times_at_once(e, parallel);
  }
  if (ridge && route == CvRoute::kGroupDeletion && !primal(s, n, p)) {
    // select/cv.cpp's group deletion, one task per kernel point: the whole K's
    // eigendecomposition and, per fold, U's rows of the fold twice (m x r) and M_GG.
    const double md = static_cast<double>(m), nd = static_cast<double>(n);
    MemoryEstimate e = dual_memory(s, n, 0, true);
    e.bytes += 8.0 * (2.0 * md * nd + md * md) + kBlasBuffer;
    return times_at_once(e, parallel);
  }
  const std::size_t train_rows = n - std::min(n, n / static_cast<std::size_t>(folds));
  MemoryEstimate e = path_memory(s, train_rows, p, m);
  const double t = static_cast<double>(train_rows);
  if (ridge && !primal(s, train_rows, p)) {
    if (route == CvRoute::kCholesky)  // the fold's K and the copy each lambda factorises
      e = {2.1 * square_bytes(t) + 8.0 * static_cast<double>(m) * t,
           matrix_text(train_rows) + " and the copy each lambda factorises"};
    else if (route == CvRoute::kBand)  // the fold's K, reduced in place, and the validation cross-kernel
      e = {1.05 * square_bytes(t) + 8.0 * static_cast<double>(m + 1) * t,
           matrix_text(train_rows) + ", reduced in place"};
  }
  // Each worker thread also touches BLAS work buffers (measured: about 20 MiB each at n = 2,000).
  e.bytes += kBlasBuffer;
  return times_at_once(e, parallel);
}

void require_memory_for(const MemoryEstimate& e, const std::string& command, std::size_t n) {
  require_memory(e.bytes, command + " on " + std::to_string(n) + " rows (" + e.what + ")",
                 !e.advice.empty()
                     ? "use " + e.advice
                     : std::string("use fewer rows (a random sample)") + (e.per_thread ? ", fewer --threads" : "") +
                           (e.nystrom_possible ? ", --solver nystrom" : ""));
}

}  // namespace kreg
