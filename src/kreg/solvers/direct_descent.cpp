// DirectDescent: every descent method from K's columns. r = y - K alpha and K_val alpha are
// kept up to date from K delta, with delta = gamma * delta_prev + D and D dense (kgd, ksgd) or
// on a few coordinates (kcd, kegd). Between changes of kcd's leading coordinate the iterates
// move on a straight line, so runs of identical updates are taken at once (straight_steps /
// advance).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "kreg/core/cpu_dispatch.h"
#include "kreg/linalg/column_sums.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/solvers/descent_engine.h"
#include "kreg/solvers/descent_passes.h"
#include "kreg/solvers/sign_product_cache.h"

namespace kreg::detail {

namespace {

double sign_of(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }
double mean_square(const arma::vec& v) { return arma::dot(v, v) / static_cast<double>(v.n_elem); }

// Full recomputation of K sign(r) every this many ksgd updates bounds rounding drift.
constexpr long kRefreshEvery = 4096;

class DirectDescent : public Engine {
 public:
  DirectDescent(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* Kv, const arma::vec* yv)
      : K_(K), Kv_(Kv), yv_(yv), s_(s), n_(K.n_rows), r_(y), alpha_(n_, arma::fill::zeros) {
    const MethodInfo& method = s.method_info();
    kind_ = method.descent;
    switch (kind_) {
      case DescentRule::kGradient:
      case DescentRule::kCoordinate:
      case DescentRule::kElastic:
        break;
      case DescentRule::kSign:
        sign_.zeros(n_);
        new_sign_.zeros(n_);
        Ksign_.zeros(n_);
        if (Kv_) Kvsign_.zeros(Kv_->n_rows);
        break;
      case DescentRule::kNone:
        throw std::logic_error("DirectDescent: '" + s.method + "' has no descent rule; the descent engines serve " +
                               method_names_where([](const MethodInfo& m) { return m.is_iterative(); }) + " only");
    }
    gamma_ = method.heavy_ball ? s.momentum : 0.0;
    if (gamma_ > 0.0 || s.nesterov) {
      delta_prev_.zeros(n_);
      Kdelta_prev_.zeros(n_);
      if (Kv_) Kvdelta_prev_.zeros(Kv_->n_rows);
    }
    if (Kv_) fv_.zeros(Kv_->n_rows);
  }

  void step(long k) override {
    switch (kind_) {
      case DescentRule::kGradient:
        step_kgd();
        return;
      case DescentRule::kSign:
        KREG_DISPATCH_CALL(step_ksgd, step_ksgd_avx2, (k));
        return;
      case DescentRule::kCoordinate:
        KREG_DISPATCH_CALL(step_sparse<true>, step_kcd_avx2, ());
        return;
      case DescentRule::kElastic:
        KREG_DISPATCH_CALL(step_sparse<false>, step_kegd_avx2, ());
        return;
      case DescentRule::kNone:
        break;  // refused by the constructor
    }
    enumerator_out_of_range("DescentRule", "DirectDescent::step");
  }
#if KREG_DISPATCH
  // The sign and sparse updates with their own loops (sign patterns, the support's search)
  // in an AVX2 copy, chosen at run time (kreg/core/cpu_dispatch.h).
  KREG_AVX2 void step_ksgd_avx2(long k) { step_ksgd(k); }
  KREG_AVX2 void step_kcd_avx2() { step_sparse<true>(); }
  KREG_AVX2 void step_kegd_avx2() { step_sparse<false>(); }
#endif

  // kcd: the unique leading coordinate i keeps leading, with the same sign, for m updates.
  // Where the leading coordinate changes at almost every update (near convergence), looking for
  // runs costs more than it finds: after a failed look, the next one waits twice as long (up to
  // 64 updates); a run found resets the wait. Skipped looks only mean single updates, which are
  // exact too.
  long straight_steps(long limit) override {
    switch (kind_) {
      case DescentRule::kCoordinate:
        break;
      case DescentRule::kGradient:  // runs of identical updates are looked for in kcd only
      case DescentRule::kSign:
      case DescentRule::kElastic:
      case DescentRule::kNone:
        return 1;
    }
    if (limit < 3) return 1;
    if (skip_looks_ > 0) {
      --skip_looks_;
      return 1;
    }
    const long found = find_straight_run(limit);
    if (found > 1) {
      look_wait_ = 0;
    } else {
      look_wait_ = std::min(64L, 2 * look_wait_ + 1);
      skip_looks_ = look_wait_;
    }
    return found;
  }

  long find_straight_run(long limit) {
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
    lanes_valid_ = false;
    const double c = static_cast<double>(j) * s_.step_size * line_sign_;
    alpha_[line_lead_] += c;
    add_scaled(n_, -c, K_.colptr(line_lead_), r_.memptr());
    if (Kv_) add_scaled(fv_.n_elem, c, Kv_->colptr(line_lead_), fv_.memptr());
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

  void val_residual_line(arma::vec& e, arma::vec& v) const override {
    e = *yv_ - fv_;
    v = (s_.step_size * line_sign_) * Kv_->col(line_lead_);
  }

  double train_mse() const override { return mean_square(r_); }
  void val_residuals(arma::vec& out) const override { out = *yv_ - fv_; }
  double val_mse() const override {
    if (!Kv_) return NAN;
    const double* yv = yv_->memptr();
    const double* fv = fv_.memptr();
    double sum = 0.0;
    for (arma::uword i = 0; i < fv_.n_elem; ++i) sum += (yv[i] - fv[i]) * (yv[i] - fv[i]);
    return sum / static_cast<double>(fv_.n_elem);
  }
  arma::vec snapshot() const override { return alpha_; }
  void snapshot_into(arma::vec& out) const override { out = alpha_; }
  arma::vec alpha_of(const arma::vec& snap) const override { return snap; }

 private:
  // delta = gamma delta_prev + D: applies it given D, K D and K_val D.
  void apply(const arma::vec& D, const arma::vec& KD, const arma::vec* KvD) {
    if (gamma_ > 0.0 || s_.nesterov) {
      momentum_update(n_, gamma_, D.memptr(), delta_prev_.memptr(), 1.0, alpha_.memptr());
      momentum_update(n_, gamma_, KD.memptr(), Kdelta_prev_.memptr(), -1.0, r_.memptr());
      if (Kv_) momentum_update(fv_.n_elem, gamma_, KvD->memptr(), Kvdelta_prev_.memptr(), 1.0, fv_.memptr());
    } else {
      add_scaled(n_, 1.0, D.memptr(), alpha_.memptr());
      add_scaled(n_, -1.0, KD.memptr(), r_.memptr());
      if (Kv_) add_scaled(fv_.n_elem, 1.0, KvD->memptr(), fv_.memptr());
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

  // sign_ holds sign(r) of the current residual (kept by the scan below), Ksign_ = K sign_.
  // One update: K sign(r) += sum over the columns whose sign changed, alpha += eta sign(r),
  // r -= eta K sign(r), all in one pass over the coordinates (fused_ksgd_pass); then the
  // signs of the new residual.
  KREG_ALWAYS_INLINE void step_ksgd(long k) {
    double* sg = sign_.memptr();
    if (k == 0) {
      for (arma::uword i = 0; i < n_; ++i) sg[i] = sign_of(r_[i]);
      changed_.assign(n_, 0);  // room for every index
      deltas_.assign(n_, 0.0);
      columns_.assign(n_, nullptr);
      changed_bits_.assign((n_ + 63) / 64, 0);
      n_changed_ = n_;  // forces a full product
      sign_cache_.clear();
      borrowed_ = nullptr;
    }
    // Chattering residuals flip many signs per update, often back to a pattern of a few
    // updates before: then K sign(r) follows from the nearest remembered pattern's product plus
    // the columns that differ. Patterns are remembered only while many signs change; all are
    // forgotten at each full refresh, which bounds the rounding drift of the chained sums.
    // When the pattern is exactly a remembered one, its products are used in place (borrowed_,
    // no copy; the update then changes none of them) until an update needs other products.
    const bool heavy = n_changed_ * 16 >= n_;
    const bool refresh = k % kRefreshEvery == 0;
    bool full = refresh, remembered = false;
    SignProductCache::Entry* start = borrowed_;  // where K sign_prev is, when not in Ksign_
    borrowed_ = nullptr;
    if (refresh) {
      start = nullptr;
      sign_cache_.clear();
    } else if (heavy) {
      SignProductCache::encode(sg, n_, pattern_);
      std::size_t dist = 0;
      SignProductCache::Entry* e = sign_cache_.nearest(pattern_, dist);
      if (e != nullptr && dist == 0) {
        borrowed_ = e;
        start = nullptr;
        remembered = true;
        n_changed_ = 0;
      } else if (e != nullptr && dist < n_changed_) {
        start = e;
        std::size_t count = 0;
        for (std::size_t w = 0; w < pattern_.positive.size(); ++w)
          for (std::uint64_t bits =
                   (pattern_.positive[w] ^ e->pattern.positive[w]) | (pattern_.negative[w] ^ e->pattern.negative[w]);
               bits != 0; bits &= bits - 1) {
            const std::size_t b = static_cast<std::size_t>(__builtin_ctzll(bits));
            const arma::uword i = w * 64 + b;
            const double old =
                (e->pattern.positive[w] >> b) & 1U ? 1.0 : ((e->pattern.negative[w] >> b) & 1U ? -1.0 : 0.0);
            changed_[count] = i;
            deltas_[count] = sg[i] - old;
            ++count;
          }
        n_changed_ = count;
      }
    }
    if (!remembered && n_changed_ * 4 > n_) full = true;
    if (full) {
      symmetric_times(K_, sign_, Ksign_);
      if (Kv_) Kvsign_ = *Kv_ * sign_;
      n_changed_ = 0;
    } else if (start != nullptr) {  // continue from remembered products
      Ksign_ = start->Ks;
      if (Kv_) Kvsign_ = start->Kvs;
    }
    double* ks = remembered ? borrowed_->Ks.memptr() : Ksign_.memptr();
    double* kvs = Kv_ ? (remembered ? borrowed_->Kvs.memptr() : Kvsign_.memptr()) : nullptr;
    if (Kv_ && !full) add_weighted_columns(*Kv_, changed_.data(), deltas_.data(), n_changed_, kvs);
    for (std::size_t c = 0; c < n_changed_; ++c) columns_[c] = K_.colptr(changed_[c]);
    double* sn = new_sign_.memptr();
    std::fill(changed_bits_.begin(), changed_bits_.end(), 0);
    fused_ksgd_pass(n_, columns_.data(), deltas_.data(), n_changed_, s_.step_size, sg, ks, alpha_.memptr(), r_.memptr(),
                    sn, changed_bits_.data());
    // The changed coordinates, from the set bits in increasing order.
    std::size_t count = 0;
    for (std::size_t w = 0; w < changed_bits_.size(); ++w)
      for (std::uint64_t bits = changed_bits_[w]; bits != 0; bits &= bits - 1) {
        const arma::uword i = w * 64 + static_cast<arma::uword>(__builtin_ctzll(bits));
        changed_[count] = i;
        deltas_[count] = sn[i] - sg[i];
        ++count;
      }
    if (heavy && !refresh && !remembered) sign_cache_.store(pattern_, Ksign_, Kvsign_);
    n_changed_ = count;
    sign_.swap(new_sign_);
    if (Kv_) add_scaled(fv_.n_elem, s_.step_size, kvs, fv_.memptr());
  }

  // kcd's support {i : |r_i| = max|r|, r_i != 0} in one pass: sixteen lanes keep their largest
  // |r_i|, its index and whether it was tied within the lane. Returns false (the caller scans)
  // when a lane holding the maximum saw a tie; sets m = max|r|.
  KREG_ALWAYS_INLINE bool leading_coordinates(double& m) {
    if (!lanes_valid_) scan_lanes(r_.memptr(), n_, nullptr, 0.0, lanes_);
    lanes_valid_ = false;
    const LaneMaxima& x = lanes_;
    m = 0.0;
    for (arma::uword l = 0; l < LaneMaxima::kLanes; ++l) m = std::max(m, x.best[l]);
    if (m == 0.0) return true;  // r = 0: nothing moves
    for (arma::uword l = 0; l < LaneMaxima::kLanes; ++l)
      if (x.best[l] == m && x.tied[l]) return false;
    for (arma::uword l = 0; l < LaneMaxima::kLanes; ++l)
      if (x.best[l] == m) support_.push_back(x.where[l]);
    std::sort(support_.begin(), support_.end());
    return true;
  }

  // kcd (kCoordinateRule) and kegd: D is supported on I = {i : |r_i| >= alpha_e max|r|} (kcd:
  // alpha_e = 1).
  template <bool kCoordinateRule>
  KREG_ALWAYS_INLINE void step_sparse() {
    const double ae = kCoordinateRule ? 1.0 : s_.elastic_alpha;
    const double* r = r_.memptr();
    support_.clear();
    values_.clear();
    double m = 0.0;
    if (!kCoordinateRule || !leading_coordinates(m)) {
      m = max_abs(r, n_);
      const double threshold = ae * m;
      for (arma::uword i = 0; i < n_; ++i)
        if (std::abs(r[i]) >= threshold && r[i] != 0.0) support_.push_back(i);
    }
    for (arma::uword i : support_) values_.push_back(s_.step_size * (ae * sign_of(r[i]) + (1.0 - ae) * r[i]));
    if (gamma_ == 0.0) {  // sparse update in place: O(n |I|)
      double* rr = r_.memptr();
      for (std::size_t j = 0; j < support_.size(); ++j) {
        const arma::uword i = support_[j];
        const double v = values_[j];
        alpha_[i] += v;
        const double* col = K_.colptr(i);
        if (kCoordinateRule && j + 1 == support_.size()) {
          // The last column's update and the next update's search in one pass over r.
          scan_lanes(rr, n_, col, v, lanes_);
          lanes_valid_ = true;
        } else {
          add_scaled(n_, -v, col, rr);
        }
        if (Kv_) add_scaled(fv_.n_elem, v, Kv_->colptr(i), fv_.memptr());
      }
      return;
    }
    // With momentum: D on I, then K D and K_val D -- by one symmetric product when I holds a
    // third of the coordinates or more, else as sums of I's columns, four at a time.
    D_.zeros(n_);
    for (std::size_t j = 0; j < support_.size(); ++j) D_[support_[j]] = values_[j];
    if (support_.size() * 3 >= n_) {
      symmetric_times(K_, D_, KD_);
      if (Kv_) KvD_ = *Kv_ * D_;
    } else {
      KD_.zeros(n_);
      add_weighted_columns(K_, support_.data(), values_.data(), support_.size(), KD_.memptr());
      if (Kv_) {
        KvD_.zeros(Kv_->n_rows);
        add_weighted_columns(*Kv_, support_.data(), values_.data(), support_.size(), KvD_.memptr());
      }
    }
    apply(D_, KD_, Kv_ ? &KvD_ : nullptr);
  }

  DescentRule kind_;
  const arma::mat& K_;
  const arma::mat* Kv_;
  const arma::vec* yv_;
  const FitSettings& s_;
  arma::uword n_;
  double gamma_ = 0.0;
  arma::vec r_, alpha_, fv_;
  arma::vec delta_prev_, Kdelta_prev_, Kvdelta_prev_;
  arma::vec D_, KD_, KvD_;  // step_sparse with momentum: the update and its products
  arma::vec sign_, new_sign_, Ksign_, Kvsign_;
  SignProductCache sign_cache_;                  // ksgd: recent sign patterns and their products
  SignProductCache::Entry* borrowed_ = nullptr;  // ksgd: the entry holding K sign_, if not Ksign_
  SignProductCache::Pattern pattern_;            // ksgd: the current pattern (when many signs changed)
  long look_wait_ = 0, skip_looks_ = 0;          // kcd: backoff of straight_steps
  LaneMaxima lanes_;                             // kcd: the lanes of the current r, when lanes_valid_
  bool lanes_valid_ = false;
  std::vector<arma::uword> changed_, support_;
  std::vector<double> values_, deltas_;
  std::vector<const double*> columns_;
  std::size_t n_changed_ = 0;  // ksgd: entries of changed_ / deltas_ in use
  std::vector<std::uint64_t> changed_bits_;
  arma::uword line_lead_ = 0;
  double line_sign_ = 0.0;
};

}  // namespace

std::unique_ptr<Engine> make_direct_descent(const arma::mat& K, const arma::vec& y, const FitSettings& s,
                                            const arma::mat* Kv, const arma::vec* yv) {
  return std::make_unique<DirectDescent>(K, y, s, Kv, yv);
}

}  // namespace kreg::detail
