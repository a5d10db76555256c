// The descent loop. Two engines implement the same updates (descent_engine.h):
//  - DirectDescent (direct_descent.cpp) keeps r = y - K alpha and K_val alpha up to date from
//    K's columns; kcd's straight runs are taken at once.
//  - SpectralKgd (spectral_kgd.cpp) runs kgd in the eigenbasis of K, used when the run is long
//    enough to repay the eigendecomposition.
// run_descent drives either engine and applies records and early stopping per iteration, per
// straight run in closed form (the validation MSE along a line is a quadratic in k; MAE and
// Huber are convex in k, minimised by bisection), or per guaranteed-descent jump (kgd, MSE).
#include "kreg/solvers/descent.h"

#include "kreg/core/progress.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "kreg/core/errors.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/solvers/descent_engine.h"

namespace kreg {

namespace {

using detail::Engine;
using detail::kJumpRetry;
using detail::kMinJump;
using detail::Quadratic;

// Whether the rule's updates are linear in alpha, and so diagonal in K's eigenbasis
// (spectral_kgd.cpp): kgd's are; the sign and the largest coordinates are not.
bool has_spectral_engine(DescentRule rule) {
  switch (rule) {
    case DescentRule::kGradient:
      return true;
    case DescentRule::kSign:
    case DescentRule::kCoordinate:
    case DescentRule::kElastic:
      return false;
    case DescentRule::kNone:
      throw std::logic_error("run_descent: a method without a descent rule reached the descent engines");
  }
  enumerator_out_of_range("DescentRule", "has_spectral_engine");
}

// The eigendecomposition (about 10 n^3 flops) pays for itself against one n x n product
// (2 n^2 flops) per update after about 5 n updates.
bool use_spectral_kgd(const FitSettings& s, arma::uword n, long max_iterations) {
  return has_spectral_engine(s.method_info().descent) && max_iterations > 5 * static_cast<long>(n) && n > 1;
}

// First minimiser of q over the integers 1..J.
long argmin_on_run(const Quadratic& q, long J) {
  long best = 1;
  if (q.a > 0.0) {
    // The vertex, clamped to [1, J] before it becomes an integer (it may lie far beyond any
    // long, or be NaN when the quadratic is degenerate).
    const double v = -q.b / (2.0 * q.a);
    const long lo = !(v >= 1.0) ? 1L : v >= static_cast<double>(J) ? J : static_cast<long>(std::floor(v));
    best = lo;
    if (lo + 1 <= J && q.at(static_cast<double>(lo + 1)) < q.at(static_cast<double>(lo))) best = lo + 1;
  } else {
    best = q.b < 0.0 ? J : 1;  // linear: monotone
  }
  return best;
}

// First minimiser over the integers 1..J of a convex f (the validation MAE or Huber loss along
// a straight run: a convex function of residuals affine in j): the smallest j with
// f(j + 1) >= f(j), by bisection, since that test is false before the minimum and true after.
template <class F>
long first_minimiser_of_convex(const F& f, long J) {
  long lo = 1, hi = J;  // the answer lies in [lo, hi]
  while (lo < hi) {
    const long mid = lo + (hi - lo) / 2;
    if (f(mid + 1) >= f(mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

}  // namespace

DescentOutcome run_descent(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* K_val,
                           const arma::vec* y_val, const DescentOptions& opt) {
  if (!s.is_iterative()) throw ConfigError("method", "'" + s.method + "' is not an iterative method");
  if (K.n_rows != K.n_cols || K.n_rows != y.n_elem) throw DataError("run_descent: K and y sizes disagree");
  if (opt.early_stopping && (K_val == nullptr || y_val == nullptr))
    throw ConfigError("early stopping needs validation data (--validation or --holdout)");
  if (K_val && (K_val->n_cols != K.n_rows || y_val == nullptr || y_val->n_elem != K_val->n_rows))
    throw DataError("run_descent: validation sizes disagree");

  const SingleBlasThread single;
  std::unique_ptr<Engine> d;
  if (use_spectral_kgd(s, K.n_rows, opt.max_iterations))
    d = detail::make_spectral_kgd(K, y, s, K_val, y_val);
  else
    d = detail::make_direct_descent(K, y, s, K_val, y_val);

  // The validation score: the engines' own MSE, or the score of their residuals (Huber's
  // standardised by the training targets' sd).
  const bool by_mse = opt.score.is_mse();
  const double scale = huber_scale(y);
  arma::vec residuals, line;
  auto val_score = [&]() {
    if (by_mse || K_val == nullptr) return d->val_mse();  // NaN without validation data
    d->val_residuals(residuals);
    return residual_score(opt.score, residuals, scale);
  };

  DescentOutcome out;
  double best = INFINITY;
  long best_k = 0;
  arma::vec best_snap;
  auto record = [&](long k, double vs) {
    DescentRecord rec;
    rec.iteration = k;
    rec.t = static_cast<double>(k) * s.step_size;
    rec.train_mse = d->train_mse();
    rec.val_mse = by_mse ? vs : d->val_mse();
    rec.val_score = vs;
    const arma::vec alpha = d->alpha_of(d->snapshot());
    rec.alpha_norm = arma::norm(alpha);
    rec.nonzero = static_cast<std::size_t>(arma::accu(alpha != 0.0));
    if (opt.keep_alpha) rec.alpha = alpha;
    out.records.push_back(std::move(rec));
  };

  // Progress in updates (reported when this run is the outermost step, e.g. `kreg fit`); inside
  // cv's folds the pulse keeps cv's own step alive.
  ProgressStep progress(s.method + " updates", static_cast<double>(std::max(1L, opt.max_iterations)));
  long reported = 0;
  long k = 0;
  long next_jump_try = 0;
  std::size_t next_record = 0;  // index into opt.record_at
  for (;;) {
    if (k - reported >= 1024) {
      progress.advance(static_cast<double>(k - reported));
      progress_pulse();
      reported = k;
    }
    while (next_record < opt.record_at.size() && opt.record_at[next_record] < k) ++next_record;
    const bool recording = next_record < opt.record_at.size() && opt.record_at[next_record] == k;
    const double vm = (opt.early_stopping || recording) ? val_score() : NAN;
    if (recording) record(k, vm);
    if (opt.early_stopping) {
      if (vm < best) {  // strict improvement
        best = vm;
        best_k = k;
        d->snapshot_into(best_snap);
      } else if (k - best_k >= opt.patience) {
        out.stopped_early = true;
        break;
      }
    }
    if (k >= opt.max_iterations) break;
    long limit = opt.max_iterations - k;
    if (next_record < opt.record_at.size()) {  // never jump over the next record
      const long to_record = opt.record_at[next_record] - k;
      if (to_record > 0) limit = std::min(limit, to_record);
      else if (next_record + 1 < opt.record_at.size()) limit = std::min(limit, opt.record_at[next_record + 1] - k);
    }
    // At the best iterate, updates that provably keep lowering the validation MSE are all
    // improvements: take them at once (tried again after a failure only kJumpRetry updates on).
    if (opt.early_stopping && by_mse && k == best_k && k >= next_jump_try) {
      const long H = d->descending_steps(limit);
      if (H >= kMinJump) {
        d->jump(H);
        k += H;
        out.updates_jumped += H;
        best = d->val_mse();
        best_k = k;
        d->snapshot_into(best_snap);
        continue;
      }
      next_jump_try = k + kJumpRetry;
    }
    const long J = d->straight_steps(limit);
    if (J <= 1) {
      d->step(k);
      ++k;
      continue;
    }
    // A straight run of J identical updates (iterations k+1 .. k+J); the loop head then
    // handles iteration k+J itself, so early stopping here covers k+1 .. k+J-1.
    if (opt.early_stopping && J > 1) {
      long jm = 1;
      double at_jm = NAN;
      if (by_mse) {
        const Quadratic q = d->val_line();
        jm = argmin_on_run(q, J - 1);
        at_jm = q.at(static_cast<double>(jm));
      } else {
        d->val_residual_line(residuals, line);
        const auto along = [&](long j) {
          return residual_score(opt.score, arma::vec(residuals - static_cast<double>(j) * line), scale);
        };
        jm = first_minimiser_of_convex(along, J - 1);
        at_jm = along(jm);
      }
      if (at_jm < best) {
        d->advance(jm);
        best = val_score();
        best_k = k + jm;
        d->snapshot_into(best_snap);
        k += jm;
        continue;  // the rest of the run is re-planned from the new best
      }
      const long stop_at = best_k + opt.patience;
      if (stop_at < k + J) {
        d->advance(stop_at - k);
        k = stop_at;
        continue;  // the loop head stops here
      }
    }
    d->advance(J);
    k += J;
  }
  out.iterations_run = k;
  if (opt.early_stopping) {
    out.alpha = d->alpha_of(best_snap);
    out.iterations = best_k;
    out.best_val_score = best;
    out.best_val_mse = by_mse ? best : arma::mean(arma::square(*y_val - *K_val * out.alpha));
  } else {
    out.alpha = d->alpha_of(d->snapshot());
    out.iterations = k;
  }
  return out;
}

double largest_eigenvalue(const arma::mat& K, int iterations) {
  arma::vec v(K.n_rows, arma::fill::ones);
  double mu = 0.0;
  v /= arma::norm(v);
  for (int it = 0; it < iterations && K.n_rows > 0; ++it) {
    arma::vec w;
    symmetric_times(K, v, w);
    const double norm = arma::norm(w);
    if (norm == 0.0) return 0.0;
    const double next = arma::dot(v, w);  // Rayleigh quotient, v of unit length
    v = w / norm;
    if (it > 5 && std::abs(next - mu) <= 1e-10 * std::abs(next)) return next;
    mu = next;
  }
  return mu;
}

}  // namespace kreg
