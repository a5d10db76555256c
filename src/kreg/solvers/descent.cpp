// The descent loop. Each update is written as delta = gamma * delta_prev + D with D dense
// (kgd, ksgd) or supported on a few coordinates (kcd, kegd); K delta and K_val delta follow
// the same split, so the residual and the validation predictions never need K alpha again.
#include "kreg/solvers/descent.h"

#include <cmath>

#include "kreg/core/errors.h"

namespace kreg {

namespace {

double sign_of(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

// Full recomputation of K sign(r) every this many ksgd updates bounds rounding drift of the
// incremental updates.
constexpr long kRefreshEvery = 4096;

class Descent {
 public:
  Descent(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* Kv)
      : K_(K), Kv_(Kv), s_(s), n_(K.n_rows), r_(y), alpha_(n_, arma::fill::zeros) {
    gamma_ = (s.method == "kgd" || s.method == "kegd") ? s.momentum : 0.0;
    if (gamma_ > 0.0 || s.nesterov) {
      delta_prev_.zeros(n_);
      Kdelta_prev_.zeros(n_);
      if (Kv_) Kvdelta_prev_.zeros(Kv_->n_rows);
    }
    if (Kv_) fv_.zeros(Kv_->n_rows);
    if (s.method == "ksgd") {
      sign_.zeros(n_);
      Ksign_.zeros(n_);
      if (Kv_) Kvsign_.zeros(Kv_->n_rows);
    }
  }

  const arma::vec& alpha() const { return alpha_; }
  const arma::vec& residual() const { return r_; }
  const arma::vec& val_prediction() const { return fv_; }

  void step(long k) {
    if (s_.method == "kgd") step_kgd();
    else if (s_.method == "ksgd") step_ksgd(k);
    else step_sparse();
  }

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
    const arma::vec D = s_.nesterov ? arma::vec(s_.step_size * (r_ - gamma_ * Kdelta_prev_)) : arma::vec(s_.step_size * r_);
    const arma::vec KD = K_ * D;
    if (Kv_) {
      const arma::vec KvD = *Kv_ * D;
      apply(D, KD, &KvD);
    } else {
      apply(D, KD, nullptr);
    }
  }

  void step_ksgd(long k) {
    // Keep K sign(r) up to date from the coordinates whose sign changed.
    changed_.clear();
    for (arma::uword i = 0; i < n_; ++i) {
      const double si = sign_of(r_[i]);
      if (si != sign_[i]) changed_.push_back(i);
    }
    const bool refresh = (k % kRefreshEvery == 0) || changed_.size() * 4 > n_;
    if (refresh) {
      for (arma::uword i = 0; i < n_; ++i) sign_[i] = sign_of(r_[i]);
      Ksign_ = K_ * sign_;
      if (Kv_) Kvsign_ = *Kv_ * sign_;
    } else {
      for (arma::uword i : changed_) {
        const double d = sign_of(r_[i]) - sign_[i];
        sign_[i] += d;
        Ksign_ += d * K_.col(i);
        if (Kv_) Kvsign_ += d * Kv_->col(i);
      }
    }
    const double eta = s_.step_size;
    double* a = alpha_.memptr();
    double* r = r_.memptr();
    const double* sg = sign_.memptr();
    const double* ks = Ksign_.memptr();
    for (arma::uword i = 0; i < n_; ++i) {
      a[i] += eta * sg[i];
      r[i] -= eta * ks[i];
    }
    if (Kv_) fv_ += eta * Kvsign_;
  }

  // kcd and kegd: D is supported on I = {i : |r_i| >= alpha_e max|r|} (kcd: alpha_e = 1).
  void step_sparse() {
    const double ae = s_.method == "kcd" ? 1.0 : s_.elastic_alpha;
    double m = 0.0;
    for (arma::uword i = 0; i < n_; ++i) m = std::max(m, std::abs(r_[i]));
    if (m == 0.0 && gamma_ == 0.0) return;  // exact fit: nothing moves
    const double threshold = ae * m;
    support_.clear();
    values_.clear();
    for (arma::uword i = 0; i < n_; ++i) {
      const double ri = r_[i];
      if (std::abs(ri) >= threshold && ri != 0.0) {
        support_.push_back(i);
        values_.push_back(s_.step_size * (ae * sign_of(ri) + (1.0 - ae) * ri));
      }
    }
    if (gamma_ == 0.0) {
      // Sparse update in place: O(n |I|).
      for (std::size_t j = 0; j < support_.size(); ++j) {
        const arma::uword i = support_[j];
        alpha_[i] += values_[j];
        r_ -= values_[j] * K_.col(i);
        if (Kv_) fv_ += values_[j] * Kv_->col(i);
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
  const FitSettings& s_;
  arma::uword n_;
  double gamma_ = 0.0;
  arma::vec r_, alpha_, fv_;
  arma::vec delta_prev_, Kdelta_prev_, Kvdelta_prev_;
  arma::vec sign_, Ksign_, Kvsign_;
  std::vector<arma::uword> changed_, support_;
  std::vector<double> values_;
};

double mean_square(const arma::vec& v) { return arma::dot(v, v) / static_cast<double>(v.n_elem); }

}  // namespace

DescentOutcome run_descent(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* K_val,
                           const arma::vec* y_val, const DescentOptions& opt) {
  if (!s.is_iterative()) throw ConfigError("method: '" + s.method + "' is not an iterative method");
  if (K.n_rows != K.n_cols || K.n_rows != y.n_elem) throw DataError("run_descent: K and y sizes disagree");
  if (opt.early_stopping && (K_val == nullptr || y_val == nullptr))
    throw ConfigError("early stopping needs validation data (--validation or --holdout)");
  if (K_val && (K_val->n_cols != K.n_rows || y_val == nullptr || y_val->n_elem != K_val->n_rows))
    throw DataError("run_descent: validation sizes disagree");

  Descent d(K, y, s, K_val);
  DescentOutcome out;
  double best = INFINITY;
  long best_k = 0;
  arma::vec best_alpha;
  auto val_mse = [&]() { return K_val ? mean_square(*y_val - d.val_prediction()) : NAN; };
  auto record = [&](long k, double vm) {
    DescentRecord rec;
    rec.iteration = k;
    rec.t = static_cast<double>(k) * s.step_size;
    rec.train_mse = mean_square(d.residual());
    rec.val_mse = vm;
    rec.alpha_norm = arma::norm(d.alpha());
    rec.nonzero = static_cast<std::size_t>(arma::accu(d.alpha() != 0.0));
    if (opt.keep_alpha) rec.alpha = d.alpha();
    out.records.push_back(std::move(rec));
  };

  long k = 0;
  for (;; ++k) {
    const bool recording = opt.record_every > 0 && k % opt.record_every == 0;
    const double vm = (opt.early_stopping || recording) ? val_mse() : NAN;
    if (recording) record(k, vm);
    if (opt.early_stopping) {
      if (vm < best) {  // strict improvement
        best = vm;
        best_k = k;
        best_alpha = d.alpha();
      } else if (k - best_k >= opt.patience) {
        out.stopped_early = true;
        break;
      }
    }
    if (k >= opt.max_iterations) break;
    d.step(k);
  }
  out.iterations_run = k;
  if (opt.early_stopping) {
    out.alpha = std::move(best_alpha);
    out.iterations = best_k;
    out.best_val_mse = best;
  } else {
    out.alpha = d.alpha();
    out.iterations = k;
  }
  return out;
}

double largest_eigenvalue(const arma::mat& K, int iterations) {
  arma::vec v(K.n_rows, arma::fill::ones);
  double mu = 0.0;
  for (int it = 0; it < iterations && K.n_rows > 0; ++it) {
    const arma::vec w = K * v;
    const double norm = arma::norm(w);
    if (norm == 0.0) return 0.0;
    mu = arma::dot(v, w) / arma::dot(v, v);
    v = w / norm;
  }
  return mu;
}

}  // namespace kreg
