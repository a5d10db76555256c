// The descent loop. Two engines implement the same updates:
//  - DirectDescent keeps r = y - K alpha and K_val alpha up to date from K delta, with
//    delta = gamma * delta_prev + D and D dense (kgd, ksgd) or on a few coordinates (kcd,
//    kegd). Between changes of kcd's leading coordinate the iterates move on a straight line,
//    so runs of identical updates are taken at once (straight_steps / advance).
//  - SpectralKgd runs kgd in the eigenbasis of K (K = U diag(mu) U^T, a = U^T alpha): every
//    update is O(n) (plus O(n_val n) for validation), used when the run is long enough to
//    repay the eigendecomposition.
// run_descent drives either engine and applies records and early stopping per iteration,
// or per straight run in closed form (the validation MSE along a line is a quadratic in k).
#include "kreg/solvers/descent.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "kreg/core/errors.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

namespace {

double sign_of(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }
double mean_square(const arma::vec& v) { return arma::dot(v, v) / static_cast<double>(v.n_elem); }

// Full recomputation of K sign(r) every this many ksgd updates bounds rounding drift.
constexpr long kRefreshEvery = 4096;

/// The validation MSE along a straight run: q(j) = a j^2 + b j + c after j more updates.
struct Quadratic {
  double a = 0.0, b = 0.0, c = 0.0;
  double at(double j) const { return (a * j + b) * j + c; }
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual void step(long k) = 0;
  /// How many of the next updates (at most `limit`, at least 1) are identical (a straight run).
  virtual long straight_steps(long /*limit*/) { return 1; }
  /// Takes `j` identical updates at once (only after straight_steps returned >= j).
  virtual void advance(long /*j*/) { throw std::logic_error("advance without a straight run"); }
  /// Validation MSE after j more updates of the current straight run.
  virtual Quadratic val_line() const { return {}; }
  virtual double train_mse() const = 0;
  virtual double val_mse() const = 0;
  /// A cheap copy of the state that alpha_of() turns into alpha.
  virtual arma::vec snapshot() const = 0;
  virtual arma::vec alpha_of(const arma::vec& snap) const = 0;
};

class DirectDescent : public Engine {
 public:
  DirectDescent(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* Kv, const arma::vec* yv)
      : K_(K), Kv_(Kv), yv_(yv), s_(s), n_(K.n_rows), r_(y), alpha_(n_, arma::fill::zeros) {
    gamma_ = (s.method == "kgd" || s.method == "kegd") ? s.momentum : 0.0;
    if (gamma_ > 0.0 || s.nesterov) {
      delta_prev_.zeros(n_);
      Kdelta_prev_.zeros(n_);
      if (Kv_) Kvdelta_prev_.zeros(Kv_->n_rows);
    }
    if (Kv_) fv_.zeros(Kv_->n_rows);
    if (s.method == "ksgd") {
      sign_.zeros(n_);
      new_sign_.zeros(n_);
      Ksign_.zeros(n_);
      if (Kv_) Kvsign_.zeros(Kv_->n_rows);
    }
  }

  void step(long k) override {
    if (s_.method == "kgd")
      step_kgd();
    else if (s_.method == "ksgd")
      step_ksgd(k);
    else
      step_sparse();
  }

  // kcd: the unique leading coordinate i keeps leading, with the same sign, for m updates.
  long straight_steps(long limit) override {
    if (s_.method != "kcd" || limit < 3) return 1;
    const double* r = r_.memptr();
    arma::uword lead = 0;
    double a = -1.0;
    for (arma::uword i = 0; i < n_; ++i)
      if (std::abs(r[i]) > a) a = std::abs(r[i]), lead = i;
    if (a <= 0.0) return 1;
    const double s = sign_of(r[lead]);
    const double eta = s_.step_size;
    const double* kl = K_.colptr(lead);
    if (!(kl[lead] > 0.0)) return 1;
    // r_lead(k) = r_lead - k eta s K_ll keeps its sign while k eta K_ll < a.
    double m = std::floor(a / (eta * kl[lead]));
    for (arma::uword j = 0; j < n_ && m >= 3.0; ++j) {
      if (j == lead) continue;
      // |r_j - k eta s K_jl| < a - k eta K_ll  <=>  (1) r_j - a < k c1 and (2) r_j + a > k c2
      if (!(std::abs(r[j]) < a)) return 1;  // a tie: the per-update path decides
      const double c1 = eta * (s * kl[j] - kl[lead]);
      const double c2 = eta * (s * kl[j] + kl[lead]);
      if (c1 < 0.0) m = std::min(m, std::ceil((r[j] - a) / c1));
      if (c2 > 0.0) m = std::min(m, std::ceil((r[j] + a) / c2));
    }
    // Stop two updates short of the predicted change so that rounding in the closed form
    // never takes an update the sequential loop would not take; those are done one by one.
    line_lead_ = lead;
    line_sign_ = s;
    return std::max(1L, std::min(limit, static_cast<long>(m) - 2));
  }

  void advance(long j) override {
    const double c = static_cast<double>(j) * s_.step_size * line_sign_;
    alpha_[line_lead_] += c;
    r_ -= c * K_.col(line_lead_);
    if (Kv_) fv_ += c * Kv_->col(line_lead_);
  }

  Quadratic val_line() const override {
    Quadratic q;
    if (!Kv_) return q;
    const arma::vec e = *yv_ - fv_;
    const arma::vec v = (s_.step_size * line_sign_) * Kv_->col(line_lead_);
    const double nv = static_cast<double>(e.n_elem);
    q.a = arma::dot(v, v) / nv;
    q.b = -2.0 * arma::dot(e, v) / nv;
    q.c = arma::dot(e, e) / nv;
    return q;
  }

  double train_mse() const override { return mean_square(r_); }
  double val_mse() const override { return Kv_ ? mean_square(*yv_ - fv_) : NAN; }
  arma::vec snapshot() const override { return alpha_; }
  arma::vec alpha_of(const arma::vec& snap) const override { return snap; }

 private:
  // delta = gamma delta_prev + D: applies it given D, K D and K_val D.
  void apply(const arma::vec& D, const arma::vec& KD, const arma::vec* KvD) {
    if (gamma_ > 0.0 || s_.nesterov) {
      delta_prev_ = gamma_ * delta_prev_ + D;
      Kdelta_prev_ = gamma_ * Kdelta_prev_ + KD;
      alpha_ += delta_prev_;
      r_ -= Kdelta_prev_;
      if (Kv_) {
        Kvdelta_prev_ = gamma_ * Kvdelta_prev_ + *KvD;
        fv_ += Kvdelta_prev_;
      }
    } else {
      alpha_ += D;
      r_ -= KD;
      if (Kv_) fv_ += *KvD;
    }
  }

  void step_kgd() {
    // Nesterov: the gradient at the look-ahead point alpha + gamma delta_prev.
    const arma::vec D =
        s_.nesterov ? arma::vec(s_.step_size * (r_ - gamma_ * Kdelta_prev_)) : arma::vec(s_.step_size * r_);
    const arma::vec KD = K_ * D;
    if (Kv_) {
      const arma::vec KvD = *Kv_ * D;
      apply(D, KD, &KvD);
    } else {
      apply(D, KD, nullptr);
    }
  }

  // sign_ holds sign(r) of the current residual (kept by the fused loop below), Ksign_ = K sign_.
  void step_ksgd(long k) {
    double* sg = sign_.memptr();
    if (k == 0) {
      for (arma::uword i = 0; i < n_; ++i) sg[i] = sign_of(r_[i]);
      changed_.assign(n_, 0);  // force a full product
    }
    if (k % kRefreshEvery == 0 || changed_.size() * 4 > n_) {
      Ksign_ = K_ * sign_;
      if (Kv_) Kvsign_ = *Kv_ * sign_;
    } else {
      // K sign(r) += sum over changed columns, four at a time (one pass over K sign(r) per
      // four columns instead of one per column).
      double* ks = Ksign_.memptr();
      std::size_t c = 0;
      for (; c + 4 <= changed_.size(); c += 4) {
        const double *c0 = K_.colptr(changed_[c]), *c1 = K_.colptr(changed_[c + 1]),
                     *c2 = K_.colptr(changed_[c + 2]), *c3 = K_.colptr(changed_[c + 3]);
        const double d0 = deltas_[c], d1 = deltas_[c + 1], d2 = deltas_[c + 2], d3 = deltas_[c + 3];
        for (arma::uword j = 0; j < n_; ++j) ks[j] += (d0 * c0[j] + d1 * c1[j]) + (d2 * c2[j] + d3 * c3[j]);
      }
      for (; c < changed_.size(); ++c) {
        const double* col = K_.colptr(changed_[c]);
        const double d = deltas_[c];
        for (arma::uword j = 0; j < n_; ++j) ks[j] += d * col[j];
      }
      if (Kv_)
        for (std::size_t q = 0; q < changed_.size(); ++q) Kvsign_ += deltas_[q] * Kv_->col(changed_[q]);
    }
    // alpha += eta sign(r), r -= eta K sign(r); then the signs of the new residual. Written as
    // branch-free loops (they vectorise) and a chunked scan that only looks closer at the few
    // chunks where a sign changed.
    const double eta = s_.step_size;
    double* a = alpha_.memptr();
    double* rr = r_.memptr();
    const double* ks = Ksign_.memptr();
    double* sn = new_sign_.memptr();
    for (arma::uword i = 0; i < n_; ++i) {
      a[i] += eta * sg[i];
      rr[i] -= eta * ks[i];
    }
    for (arma::uword i = 0; i < n_; ++i) sn[i] = static_cast<double>((rr[i] > 0.0) - (rr[i] < 0.0));
    changed_.clear();
    deltas_.clear();
    constexpr arma::uword kChunk = 16;
    for (arma::uword start = 0; start < n_; start += kChunk) {
      const arma::uword end = std::min(n_, start + kChunk);
      int differs = 0;
      for (arma::uword i = start; i < end; ++i) differs |= sn[i] != sg[i];
      if (!differs) continue;
      for (arma::uword i = start; i < end; ++i)
        if (sn[i] != sg[i]) {
          changed_.push_back(i);
          deltas_.push_back(sn[i] - sg[i]);
          sg[i] = sn[i];
        }
    }
    if (Kv_) fv_ += eta * Kvsign_;
  }

  // kcd and kegd: D is supported on I = {i : |r_i| >= alpha_e max|r|} (kcd: alpha_e = 1).
  void step_sparse() {
    const double ae = s_.method == "kcd" ? 1.0 : s_.elastic_alpha;
    const double* r = r_.memptr();
    double m = 0.0;
    for (arma::uword i = 0; i < n_; ++i) m = std::max(m, std::abs(r[i]));
    const double threshold = ae * m;
    support_.clear();
    values_.clear();
    for (arma::uword i = 0; i < n_; ++i) {
      const double ri = r[i];
      if (std::abs(ri) >= threshold && ri != 0.0) {
        support_.push_back(i);
        values_.push_back(s_.step_size * (ae * sign_of(ri) + (1.0 - ae) * ri));
      }
    }
    if (gamma_ == 0.0) {  // sparse update in place: O(n |I|)
      double* rr = r_.memptr();
      for (std::size_t j = 0; j < support_.size(); ++j) {
        const arma::uword i = support_[j];
        const double v = values_[j];
        alpha_[i] += v;
        const double* col = K_.colptr(i);
        for (arma::uword q = 0; q < n_; ++q) rr[q] -= v * col[q];
        if (Kv_) fv_ += v * Kv_->col(i);
      }
      return;
    }
    arma::vec D(n_, arma::fill::zeros), KD(n_, arma::fill::zeros), KvD;
    if (Kv_) KvD.zeros(Kv_->n_rows);
    for (std::size_t j = 0; j < support_.size(); ++j) {
      const arma::uword i = support_[j];
      D[i] = values_[j];
      KD += values_[j] * K_.col(i);
      if (Kv_) KvD += values_[j] * Kv_->col(i);
    }
    apply(D, KD, Kv_ ? &KvD : nullptr);
  }

  const arma::mat& K_;
  const arma::mat* Kv_;
  const arma::vec* yv_;
  const FitSettings& s_;
  arma::uword n_;
  double gamma_ = 0.0;
  arma::vec r_, alpha_, fv_;
  arma::vec delta_prev_, Kdelta_prev_, Kvdelta_prev_;
  arma::vec sign_, new_sign_, Ksign_, Kvsign_;
  std::vector<arma::uword> changed_, support_;
  std::vector<double> values_, deltas_;
  arma::uword line_lead_ = 0;
  double line_sign_ = 0.0;
};

// kgd in the eigenbasis: with a = U^T alpha, ytil = U^T y, each component follows
//   delta_j = gamma delta_j,prev + eta (ytil_j - mu_j (a_j [+ gamma delta_j,prev for Nesterov]))
// and the residual is r = U (ytil - mu a) + (y - U ytil).
class SpectralKgd : public Engine {
 public:
  SpectralKgd(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* Kv, const arma::vec* yv)
      : s_(s), yv_(yv), spec_(eigen_spectrum(K)) {
    ytil_ = spec_.U.t() * y;
    outside_sq_ = std::max(0.0, arma::dot(y, y) - arma::dot(ytil_, ytil_));
    a_.zeros(y.n_elem);
    delta_.zeros(y.n_elem);
    n_ = static_cast<double>(y.n_elem);
    if (Kv) {
      W_ = *Kv * spec_.U;
      fv_.zeros(Kv->n_rows);
    }
  }

  void step(long) override {
    const double eta = s_.step_size, gamma = s_.momentum;
    const double* mu = spec_.mu.memptr();
    const double* yt = ytil_.memptr();
    double* a = a_.memptr();
    double* d = delta_.memptr();
    const arma::uword n = a_.n_elem;
    for (arma::uword j = 0; j < n; ++j) {
      const double look = s_.nesterov ? a[j] + gamma * d[j] : a[j];
      d[j] = gamma * d[j] + eta * (yt[j] - mu[j] * look);
      a[j] += d[j];
    }
    if (!W_.is_empty()) fv_ = W_ * a_;
  }

  double train_mse() const override { return (arma::accu(arma::square(ytil_ - spec_.mu % a_)) + outside_sq_) / n_; }
  double val_mse() const override { return W_.is_empty() ? NAN : mean_square(*yv_ - fv_); }
  arma::vec snapshot() const override { return a_; }
  arma::vec alpha_of(const arma::vec& snap) const override { return spec_.U * snap; }

 private:
  const FitSettings& s_;
  const arma::vec* yv_;
  Spectrum spec_;
  arma::vec ytil_, a_, delta_, fv_;
  arma::mat W_;
  double outside_sq_ = 0.0, n_ = 1.0;
};

// The eigendecomposition (about 10 n^3 flops) pays for itself against one n x n product
// (2 n^2 flops) per update after about 5 n updates.
bool use_spectral_kgd(const FitSettings& s, arma::uword n, long max_iterations) {
  return s.method == "kgd" && max_iterations > 5 * static_cast<long>(n) && n > 1;
}

// First minimiser of q over the integers 1..J.
long argmin_on_run(const Quadratic& q, long J) {
  long best = 1;
  if (q.a > 0.0) {
    const double v = -q.b / (2.0 * q.a);
    const long lo = std::max(1L, std::min(J, static_cast<long>(std::floor(v))));
    best = lo;
    if (lo + 1 <= J && q.at(static_cast<double>(lo + 1)) < q.at(static_cast<double>(lo))) best = lo + 1;
  } else {
    best = q.b < 0.0 ? J : 1;  // linear: monotone
  }
  return best;
}

}  // namespace

DescentOutcome run_descent(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* K_val,
                           const arma::vec* y_val, const DescentOptions& opt) {
  if (!s.is_iterative()) throw ConfigError("method: '" + s.method + "' is not an iterative method");
  if (K.n_rows != K.n_cols || K.n_rows != y.n_elem) throw DataError("run_descent: K and y sizes disagree");
  if (opt.early_stopping && (K_val == nullptr || y_val == nullptr))
    throw ConfigError("early stopping needs validation data (--validation or --holdout)");
  if (K_val && (K_val->n_cols != K.n_rows || y_val == nullptr || y_val->n_elem != K_val->n_rows))
    throw DataError("run_descent: validation sizes disagree");

  const SmallProblemBlasThreads blas_threads(K.n_rows);
  std::unique_ptr<Engine> d;
  if (use_spectral_kgd(s, K.n_rows, opt.max_iterations))
    d = std::make_unique<SpectralKgd>(K, y, s, K_val, y_val);
  else
    d = std::make_unique<DirectDescent>(K, y, s, K_val, y_val);

  DescentOutcome out;
  double best = INFINITY;
  long best_k = 0;
  arma::vec best_snap;
  auto record = [&](long k, double vm) {
    DescentRecord rec;
    rec.iteration = k;
    rec.t = static_cast<double>(k) * s.step_size;
    rec.train_mse = d->train_mse();
    rec.val_mse = vm;
    const arma::vec alpha = d->alpha_of(d->snapshot());
    rec.alpha_norm = arma::norm(alpha);
    rec.nonzero = static_cast<std::size_t>(arma::accu(alpha != 0.0));
    if (opt.keep_alpha) rec.alpha = alpha;
    out.records.push_back(std::move(rec));
  };

  long k = 0;
  for (;;) {
    const bool recording = opt.record_every > 0 && k % opt.record_every == 0;
    const double vm = (opt.early_stopping || recording) ? d->val_mse() : NAN;
    if (recording) record(k, vm);
    if (opt.early_stopping) {
      if (vm < best) {  // strict improvement
        best = vm;
        best_k = k;
        best_snap = d->snapshot();
      } else if (k - best_k >= opt.patience) {
        out.stopped_early = true;
        break;
      }
    }
    if (k >= opt.max_iterations) break;
    long limit = opt.max_iterations - k;
    if (opt.record_every > 0) limit = std::min(limit, opt.record_every - k % opt.record_every);
    const long J = d->straight_steps(limit);
    if (J <= 1) {
      d->step(k);
      ++k;
      continue;
    }
    // A straight run of J identical updates (iterations k+1 .. k+J); the loop head then
    // handles iteration k+J itself, so early stopping here covers k+1 .. k+J-1.
    if (opt.early_stopping && J > 1) {
      const Quadratic q = d->val_line();
      const long jm = argmin_on_run(q, J - 1);
      if (q.at(static_cast<double>(jm)) < best) {
        d->advance(jm);
        best = d->val_mse();
        best_k = k + jm;
        best_snap = d->snapshot();
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
    out.best_val_mse = best;
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
    const arma::vec w = K * v;
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
