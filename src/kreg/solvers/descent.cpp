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
#include <cstdint>
#include <cstring>

#if defined(__AVX__)
#include <immintrin.h>
#endif
#include <memory>

#include "kreg/core/errors.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/symmetric_times.h"
#include "kreg/solvers/sign_product_cache.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

namespace {

double sign_of(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }
double mean_square(const arma::vec& v) { return arma::dot(v, v) / static_cast<double>(v.n_elem); }

// max_i |r_i| with eight independent lanes (a single running maximum is a serial chain).
double max_abs(const double* r, arma::uword n) {
  constexpr arma::uword L = 8;
  double lane[L] = {0.0};
  arma::uword i = 0;
  for (; i + L <= n; i += L)
    for (arma::uword l = 0; l < L; ++l) lane[l] = std::max(lane[l], std::abs(r[i + l]));
  double m = 0.0;
  for (arma::uword l = 0; l < L; ++l) m = std::max(m, lane[l]);
  for (; i < n; ++i) m = std::max(m, std::abs(r[i]));
  return m;
}

// kcd's search for the leading coordinates: sixteen lanes (lane l sees the coordinates
// i = l mod 16; independent lanes keep the comparison chains short) keep their largest |r_i|, its first index and whether it was tied in the lane.
struct LaneMaxima {
  static constexpr arma::uword kLanes = 16;
  double best[kLanes];
  arma::uword where[kLanes];
  bool tied[kLanes];
};

// Fills `out` from |r|. With `col`, first applies r_i -= v col_i in the same pass (kcd's update
// followed by the next update's search: r is read and written once).
void scan_lanes(double* r, arma::uword n, const double* col, double v, LaneMaxima& out) {
  constexpr arma::uword L = LaneMaxima::kLanes;
  // The lanes as four vectors of four (the compiler's vector extension; comparisons give masks
  // of all ones).
  using V4 = double __attribute__((vector_size(32)));
  using L4 = long long __attribute__((vector_size(32)));
  const L4 magnitude = {0x7fffffffffffffffLL, 0x7fffffffffffffffLL, 0x7fffffffffffffffLL, 0x7fffffffffffffffLL};
  constexpr int H = static_cast<int>(L / 4);
  V4 b[H];
  L4 w[H], t[H], at[H];
  for (int h = 0; h < H; ++h) {
    for (int q = 0; q < 4; ++q) b[h][q] = -1.0, w[h][q] = 0, t[h][q] = 0, at[h][q] = 4 * h + q;
  }
  const L4 stride = {L, L, L, L};
  arma::uword i = 0;
  for (; i + L <= n; i += L) {
    for (int h = 0; h < H; ++h) {
      V4 x;
      std::memcpy(&x, r + i + 4 * h, sizeof x);
      if (col != nullptr) {
        V4 c;
        std::memcpy(&c, col + i + 4 * h, sizeof c);
        x -= v * c;
        std::memcpy(r + i + 4 * h, &x, sizeof x);
      }
      L4 bits;
      std::memcpy(&bits, &x, sizeof bits);
      bits &= magnitude;
      V4 a;
      std::memcpy(&a, &bits, sizeof a);
      const L4 gt = a > b[h], eq = a == b[h];
      t[h] = (t[h] & ~gt) | eq;
      w[h] = (at[h] & gt) | (w[h] & ~gt);
      b[h] = gt ? a : b[h];
      at[h] += stride;
    }
  }
  for (arma::uword l = 0; l < L; ++l) {
    out.best[l] = b[l / 4][l % 4];
    out.where[l] = static_cast<arma::uword>(w[l / 4][l % 4]);
    out.tied[l] = t[l / 4][l % 4] != 0;
  }
  for (; i < n; ++i) {
    if (col != nullptr) r[i] -= v * col[i];
    const double a = std::abs(r[i]);
    const arma::uword l = i % L;
    out.tied[l] = a == out.best[l] ? true : (a > out.best[l] ? false : out.tied[l]);
    out.where[l] = a > out.best[l] ? i : out.where[l];
    out.best[l] = a > out.best[l] ? a : out.best[l];
  }
}

// Full recomputation of K sign(r) every this many ksgd updates bounds rounding drift.
constexpr long kRefreshEvery = 4096;

// kgd: a descent jump is taken when it covers at least kMinJump updates; after a shorter
// answer the next attempt waits kJumpRetry updates (an attempt costs about two validation
// products).
constexpr long kMinJump = 64, kJumpRetry = 64;

// ksgd's update in one pass over the coordinates j (the columns whose residual sign changed
// are added to K sign(r) in the same pass, so K sign(r), alpha and r are each read and written
// once per update):
//   ks_j += sum_c deltas[c] K[j, col c];  alpha_j += eta sign_j;  r_j -= eta ks_j;
//   new_sign_j = sign(r_j);  bit j of `changed_bits` set when new_sign_j != sign_j.
// Vectors of W doubles (the compiler's vector extension): 8 where the processor has AVX-512
// (with its DQ mask moves), else 4. Every coordinate sums its columns in the same order,
// whichever branch handles it.
template <int W>
struct VectorOf;
template <>
struct VectorOf<4> {
  using V = double __attribute__((vector_size(32)));
  using L = long long __attribute__((vector_size(32)));
  // One bit per lane: set where the lane of `m` (all ones or zero) is set.
  static std::uint64_t bits(const L& m) {
#if defined(__AVX__)
    return static_cast<std::uint64_t>(_mm256_movemask_pd(reinterpret_cast<__m256d>(m)));
#else
    return static_cast<std::uint64_t>((m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8));
#endif
  }
};
#if defined(__AVX512F__) && defined(__AVX512DQ__)
template <>
struct VectorOf<8> {
  using V = double __attribute__((vector_size(64)));
  using L = long long __attribute__((vector_size(64)));
  static std::uint64_t bits(const L& m) {
    return static_cast<std::uint64_t>(_mm512_movepi64_mask(reinterpret_cast<__m512i>(m)));
  }
};
#endif

#if defined(__AVX512F__) && defined(__AVX512DQ__)
constexpr int kKsgdWidth = 8;
#else
constexpr int kKsgdWidth = 4;
#endif

void fused_ksgd_pass(arma::uword n, const double* const* columns, const double* deltas, std::size_t n_columns,
                     double eta, const double* sign, double* ks, double* alpha, double* r, double* new_sign,
                     std::uint64_t* changed_bits) {
  constexpr arma::uword W = kKsgdWidth;
  using V = VectorOf<kKsgdWidth>::V;
  using L = VectorOf<kKsgdWidth>::L;
  auto load = [](const double* p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  auto store = [](double* p, const V& v) { std::memcpy(p, &v, sizeof v); };
  auto finish = [&](arma::uword at, const V& acc) {
    store(ks + at, acc);
    store(alpha + at, load(alpha + at) + eta * load(sign + at));
    const V rn = load(r + at) - eta * acc;
    store(r + at, rn);
    const L negative_minus_positive = (rn < 0.0) - (rn > 0.0);  // comparisons give -1 / 0
    const V sn = __builtin_convertvector(negative_minus_positive, V);
    store(new_sign + at, sn);
    const L differs = sn != load(sign + at);
    // at is a multiple of W (4 or 8): its W bits stay in one 64-bit word
    changed_bits[at / 64] |= VectorOf<kKsgdWidth>::bits(differs) << (at % 64);
  };
  arma::uword j = 0;
  // Four independent accumulators: the additions of one coordinate form a dependency chain,
  // four chains in flight keep the FMA units busy.
  for (; j + 4 * W <= n; j += 4 * W) {
    V a0 = load(ks + j), a1 = load(ks + j + W), a2 = load(ks + j + 2 * W), a3 = load(ks + j + 3 * W);
    for (std::size_t c = 0; c < n_columns; ++c) {
      const double* col = columns[c] + j;
      const double d = deltas[c];
      a0 += d * load(col);
      a1 += d * load(col + W);
      a2 += d * load(col + 2 * W);
      a3 += d * load(col + 3 * W);
    }
    finish(j, a0);
    finish(j + W, a1);
    finish(j + 2 * W, a2);
    finish(j + 3 * W, a3);
  }
  for (; j + W <= n; j += W) {
    V acc = load(ks + j);
    for (std::size_t c = 0; c < n_columns; ++c) acc += deltas[c] * load(columns[c] + j);
    finish(j, acc);
  }
  for (; j < n; ++j) {
    double acc = ks[j];
    for (std::size_t c = 0; c < n_columns; ++c) acc += deltas[c] * columns[c][j];
    ks[j] = acc;
    alpha[j] += eta * sign[j];
    r[j] -= eta * acc;
    new_sign[j] = static_cast<double>((r[j] > 0.0) - (r[j] < 0.0));
    changed_bits[j / 64] |= static_cast<std::uint64_t>(new_sign[j] != sign[j]) << (j % 64);
  }
}

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
  /// How many of the next updates (at most `limit`) provably lower the validation MSE at
  /// every one of them (0 when the engine cannot tell); jump() then takes them at once.
  virtual long descending_steps(long /*limit*/) { return 0; }
  virtual void jump(long /*j*/) { throw std::logic_error("jump without a descent guarantee"); }
  virtual double train_mse() const = 0;
  virtual double val_mse() const = 0;
  /// A cheap copy of the state that alpha_of() turns into alpha.
  virtual arma::vec snapshot() const = 0;
  /// snapshot() into `out`, reusing its memory.
  virtual void snapshot_into(arma::vec& out) const { out = snapshot(); }
  virtual arma::vec alpha_of(const arma::vec& snap) const = 0;
};

class DirectDescent : public Engine {
 public:
  DirectDescent(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* Kv, const arma::vec* yv)
      : K_(K), Kv_(Kv), yv_(yv), s_(s), n_(K.n_rows), r_(y), alpha_(n_, arma::fill::zeros) {
    kind_ = s.method == "kgd" ? Kind::kGradient
            : s.method == "ksgd" ? Kind::kSign
            : s.method == "kcd"  ? Kind::kCoordinate
                                 : Kind::kElastic;
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
    if (kind_ == Kind::kGradient)
      step_kgd();
    else if (kind_ == Kind::kSign)
      step_ksgd(k);
    else
      step_sparse();
  }

  // kcd: the unique leading coordinate i keeps leading, with the same sign, for m updates.
  // Where the leading coordinate changes at almost every update (near convergence), looking for
  // runs costs more than it finds: after a failed look, the next one waits twice as long (up to
  // 64 updates); a run found resets the wait. Skipped looks only mean single updates, which are
  // exact too.
  long straight_steps(long limit) override {
    if (kind_ != Kind::kCoordinate || limit < 3) return 1;
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

  // sign_ holds sign(r) of the current residual (kept by the scan below), Ksign_ = K sign_.
  // One update: K sign(r) += sum over the columns whose sign changed, alpha += eta sign(r),
  // r -= eta K sign(r), all in one pass over the coordinates (fused_ksgd_pass); then the
  // signs of the new residual.
  void step_ksgd(long k) {
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
          for (std::uint64_t bits = (pattern_.positive[w] ^ e->pattern.positive[w]) |
                                    (pattern_.negative[w] ^ e->pattern.negative[w]);
               bits != 0; bits &= bits - 1) {
            const std::size_t b = static_cast<std::size_t>(__builtin_ctzll(bits));
            const arma::uword i = w * 64 + b;
            const double old = (e->pattern.positive[w] >> b) & 1U ? 1.0 : ((e->pattern.negative[w] >> b) & 1U ? -1.0 : 0.0);
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
    if (Kv_ && !full) {
      for (std::size_t q = 0; q < n_changed_; ++q) {
        const double dq = deltas_[q];
        const double* col = Kv_->colptr(changed_[q]);
        for (arma::uword i = 0; i < Kv_->n_rows; ++i) kvs[i] += dq * col[i];
      }
    }
    for (std::size_t c = 0; c < n_changed_; ++c) columns_[c] = K_.colptr(changed_[c]);
    double* sn = new_sign_.memptr();
    std::fill(changed_bits_.begin(), changed_bits_.end(), 0);
    fused_ksgd_pass(n_, columns_.data(), deltas_.data(), n_changed_, s_.step_size, sg, ks, alpha_.memptr(),
                    r_.memptr(), sn, changed_bits_.data());
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
    if (Kv_) {
      const double eta = s_.step_size;
      const double* kv = kvs;
      double* fv = fv_.memptr();
      for (arma::uword i = 0; i < fv_.n_elem; ++i) fv[i] += eta * kv[i];
    }
  }

  // kcd's support {i : |r_i| = max|r|, r_i != 0} in one pass: sixteen lanes keep their largest
  // |r_i|, its index and whether it was tied within the lane. Returns false (the caller scans)
  // when a lane holding the maximum saw a tie; sets m = max|r|.
  bool leading_coordinates(double& m) {
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

  // kcd and kegd: D is supported on I = {i : |r_i| >= alpha_e max|r|} (kcd: alpha_e = 1).
  void step_sparse() {
    const double ae = kind_ == Kind::kCoordinate ? 1.0 : s_.elastic_alpha;
    const double* r = r_.memptr();
    support_.clear();
    values_.clear();
    double m = 0.0;
    if (kind_ != Kind::kCoordinate || !leading_coordinates(m)) {
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
        if (kind_ == Kind::kCoordinate && j + 1 == support_.size()) {
          // The last column's update and the next update's search in one pass over r.
          scan_lanes(rr, n_, col, v, lanes_);
          lanes_valid_ = true;
        } else {
          for (arma::uword q = 0; q < n_; ++q) rr[q] -= v * col[q];
        }
        if (Kv_) {
          const double* kv = Kv_->colptr(i);
          double* fv = fv_.memptr();
          for (arma::uword q = 0; q < fv_.n_elem; ++q) fv[q] += v * kv[q];
        }
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
      add_columns(K_, support_, values_, KD_.memptr());
      if (Kv_) {
        KvD_.zeros(Kv_->n_rows);
        add_columns(*Kv_, support_, values_, KvD_.memptr());
      }
    }
    apply(D_, KD_, Kv_ ? &KvD_ : nullptr);
  }

  // out += sum_j values[j] M(:, cols[j]), four columns per pass over out.
  static void add_columns(const arma::mat& M, const std::vector<arma::uword>& cols, const std::vector<double>& values,
                          double* out) {
    const arma::uword rows = M.n_rows;
    std::size_t j = 0;
    for (; j + 4 <= cols.size(); j += 4) {
      const double *c0 = M.colptr(cols[j]), *c1 = M.colptr(cols[j + 1]), *c2 = M.colptr(cols[j + 2]),
                   *c3 = M.colptr(cols[j + 3]);
      const double v0 = values[j], v1 = values[j + 1], v2 = values[j + 2], v3 = values[j + 3];
      for (arma::uword i = 0; i < rows; ++i) out[i] += (v0 * c0[i] + v1 * c1[i]) + (v2 * c2[i] + v3 * c3[i]);
    }
    for (; j < cols.size(); ++j) {
      const double* c = M.colptr(cols[j]);
      const double v = values[j];
      for (arma::uword i = 0; i < rows; ++i) out[i] += v * c[i];
    }
  }

  enum class Kind { kGradient, kSign, kCoordinate, kElastic };
  Kind kind_;
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
  SignProductCache sign_cache_;          // ksgd: recent sign patterns and their products
  SignProductCache::Entry* borrowed_ = nullptr;  // ksgd: the entry holding K sign_, if not Ksign_
  SignProductCache::Pattern pattern_;    // ksgd: the current pattern (when many signs changed)
  long look_wait_ = 0, skip_looks_ = 0;  // kcd: backoff of straight_steps
  LaneMaxima lanes_;                     // kcd: the lanes of the current r, when lanes_valid_
  bool lanes_valid_ = false;
  std::vector<arma::uword> changed_, support_;
  std::vector<double> values_, deltas_;
  std::vector<const double*> columns_;
  std::size_t n_changed_ = 0;  // ksgd: entries of changed_ / deltas_ in use
  std::vector<std::uint64_t> changed_bits_;
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
      W_norm_ = arma::sqrt(arma::sum(arma::square(W_), 0)).t();
    }
    // Per eigenvalue mu_j (plain kgd): rho_j = 1 - eta mu_j, l_j = -log(rho_j) / mu_j (-> eta as
    // mu_j -> 0), lam_j = -log(rho_j) >= 0.
    const double eta = s.step_size;
    ell_.set_size(y.n_elem);
    lam_.set_size(y.n_elem);
    for (arma::uword j = 0; j < y.n_elem; ++j) {
      const double mu = spec_.mu[j];
      lam_[j] = std::max(0.0, -std::log1p(-eta * mu));
      ell_[j] = mu > 0.0 && lam_[j] > 0.0 ? lam_[j] / mu : eta;
    }
  }

  void step(long) override {
    advance(a_.memptr(), delta_.memptr());
    ++k_;
  }

  double train_mse() const override { return (arma::accu(arma::square(ytil_ - spec_.mu % a_)) + outside_sq_) / n_; }

  // Validation MSEs are computed kBlock updates ahead: the coefficient recurrence is run on a
  // copy (the same operations as step(), so the same numbers), and the validation predictions
  // of the whole block come from one matrix product W [a(k) ... a(k + B - 1)] instead of B
  // matrix-vector products.
  double val_mse() const override {
    if (W_.is_empty()) return NAN;
    if (ahead_start_ < 0 || k_ < ahead_start_ || k_ >= ahead_start_ + kBlock) fill_ahead();
    return mse_ahead_[static_cast<arma::uword>(k_ - ahead_start_)];
  }
  arma::vec snapshot() const override { return a_; }
  void snapshot_into(arma::vec& out) const override { out = a_; }
  arma::vec alpha_of(const arma::vec& snap) const override { return spec_.U * snap; }

  // Plain kgd (no momentum) from the current a: with e = ytil - mu a (the residual in the
  // eigenbasis), J more updates give a(J) = a + e o g(J), g_j(J) = (1 - rho_j^J) / mu_j <= J l_j,
  // rho_j = 1 - eta mu_j, l_j = -log(rho_j) / mu_j, and the validation residual
  // rv(J) = rv0 + Delta(J), Delta(J) = -W (e o g(J)), has rv'(J) = -W (e o l o rho^J). So
  //   E'(J) = 2 rv^T rv' = -2 sum_j b_j rho_j^J - 2 Delta^T rv',   b = (W^T rv0) o e o l,
  // and with 0 < rho_j^H <= rho_j^J <= 1 for J <= H, ||rv'|| <= D1, ||Delta|| <= H D1,
  // D1 = sum_j ||W_j|| |e_j| l_j:
  //   E'(J) <= U(H) = -2 sum_{b_j > 0} b_j rho_j^H + 2 sum_{b_j < 0} |b_j| + 2 H D1^2.
  // Where U(H) < 0, E falls strictly all along [0, H]: each of the H updates improves on the one
  // before. Asking U(H) < -kVisibleDecrease E(0) makes every improvement larger than rounding
  // could blur, so that a step-by-step run would see each one too. U grows with H: the largest
  // H is found by doubling from kMinJump, then bisection.
  long descending_steps(long limit) override {
    if (W_.is_empty() || s_.momentum != 0.0 || limit < kMinJump) return 0;
    const arma::vec e = ytil_ - spec_.mu % a_;
    const arma::vec rv = *yv_ - W_ * a_;
    const arma::vec el = e % ell_;
    const arma::vec b = (W_.t() * rv) % el;
    const double d1 = arma::dot(W_norm_, arma::abs(el));
    const double tau = kVisibleDecrease * arma::dot(rv, rv);
    double against = 0.0;  // 2 sum_{b_j < 0} |b_j|
    for (arma::uword j = 0; j < b.n_elem; ++j)
      if (b[j] < 0.0) against -= 2.0 * b[j];
    auto descends = [&](long H) {
      const double h = static_cast<double>(H);
      double toward = 0.0;
      for (arma::uword j = 0; j < b.n_elem; ++j)
        if (b[j] > 0.0) toward += b[j] * std::exp(-h * lam_[j]);
      return -2.0 * toward + against + 2.0 * h * d1 * d1 < -tau;
    };
    long good = kMinJump;
    if (!descends(good)) return 0;
    long bad = -1;
    while (bad < 0) {
      const long next = std::min(limit, 2 * good);
      if (next == good) return good;
      if (descends(next))
        good = next;
      else
        bad = next;
    }
    for (int refine = 0; refine < 6 && bad - good > 1; ++refine) {
      const long mid = good + (bad - good) / 2;
      (descends(mid) ? good : bad) = mid;
    }
    return good;
  }

  // j updates at once, in closed form: a += e o g(j), g_j(j) = -expm1(j log1p(-eta mu_j)) / mu_j.
  void jump(long j) override {
    const double eta = s_.step_size, J = static_cast<double>(j);
    for (arma::uword i = 0; i < a_.n_elem; ++i) {
      const double mu = spec_.mu[i];
      const double g = mu != 0.0 ? -std::expm1(J * std::log1p(-eta * mu)) / mu : J * eta;
      a_[i] += (ytil_[i] - mu * a_[i]) * g;
    }
    delta_.zeros();  // no momentum: the previous step is not used
    k_ += j;
    ahead_start_ = -1;
  }

 private:
  static constexpr long kBlock = 64;
  static constexpr double kVisibleDecrease = 1e-13;

  // One update of (a, delta) in the eigenbasis.
  void advance(double* a, double* d) const {
    const double eta = s_.step_size, gamma = s_.momentum;
    const double* mu = spec_.mu.memptr();
    const double* yt = ytil_.memptr();
    const arma::uword n = a_.n_elem;
    for (arma::uword j = 0; j < n; ++j) {
      const double look = s_.nesterov ? a[j] + gamma * d[j] : a[j];
      d[j] = gamma * d[j] + eta * (yt[j] - mu[j] * look);
      a[j] += d[j];
    }
  }

  // Without momentum a component whose update no longer changes it in floating point
  // (a_j + eta (ytil_j - mu_j a_j) == a_j) stays as it is for good: late in a long run most
  // components are such, and the block's product needs only the moving ones (the others add a
  // constant to the predictions).
  void fill_ahead() const {
    const arma::uword n = a_.n_elem;
    const double eta = s_.step_size;
    moving_.clear();
    for (arma::uword j = 0; j < n; ++j)
      if (s_.momentum != 0.0 || s_.nesterov || a_[j] + eta * (ytil_[j] - spec_.mu[j] * a_[j]) != a_[j])
        moving_.push_back(j);
    const arma::uword m = moving_.size();
    base_ = *yv_;  // y_val minus the settled components' predictions
    if (m < n) {
      std::size_t q = 0;
      for (arma::uword j = 0; j < n; ++j) {
        if (q < m && moving_[q] == j) {
          ++q;
          continue;
        }
        if (a_[j] != 0.0) base_ -= a_[j] * W_.col(j);
      }
    }
    arma::vec a(m), d(m);
    for (arma::uword q = 0; q < m; ++q) a[q] = a_[moving_[q]], d[q] = delta_[moving_[q]];
    ahead_.set_size(m, kBlock);
    for (long b = 0; b < kBlock; ++b) {
      ahead_.col(static_cast<arma::uword>(b)) = a;
      advance_moving(a.memptr(), d.memptr());
    }
    const arma::mat F = m == n ? arma::mat(W_ * ahead_) : arma::mat(W_.cols(arma::uvec(moving_)) * ahead_);
    mse_ahead_.set_size(kBlock);
    const double* yv = base_.memptr();
    for (long b = 0; b < kBlock; ++b) {
      const double* f = F.colptr(static_cast<arma::uword>(b));
      double sum = 0.0;
      for (arma::uword i = 0; i < F.n_rows; ++i) sum += (yv[i] - f[i]) * (yv[i] - f[i]);
      mse_ahead_[static_cast<arma::uword>(b)] = sum / static_cast<double>(F.n_rows);
    }
    ahead_start_ = k_;
  }

  // advance() on the moving components only (a and d hold them in moving_'s order).
  void advance_moving(double* a, double* d) const {
    const double eta = s_.step_size, gamma = s_.momentum;
    const double* mu = spec_.mu.memptr();
    const double* yt = ytil_.memptr();
    for (std::size_t q = 0; q < moving_.size(); ++q) {
      const arma::uword j = moving_[q];
      const double look = s_.nesterov ? a[q] + gamma * d[q] : a[q];
      d[q] = gamma * d[q] + eta * (yt[j] - mu[j] * look);
      a[q] += d[q];
    }
  }

  const FitSettings& s_;
  const arma::vec* yv_;
  Spectrum spec_;
  arma::vec ytil_, a_, delta_;
  arma::mat W_;
  arma::vec W_norm_, ell_, lam_;  // column norms of W; descending_steps' l_j and lam_j
  double outside_sq_ = 0.0, n_ = 1.0;
  long k_ = 0;                     // updates taken
  mutable long ahead_start_ = -1;  // the update whose MSE mse_ahead_[0] is
  mutable arma::mat ahead_;
  mutable arma::vec mse_ahead_, base_;
  mutable std::vector<arma::uword> moving_;  // fill_ahead: the components still changing
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
  long next_jump_try = 0;
  for (;;) {
    const bool recording = opt.record_every > 0 && k % opt.record_every == 0;
    const double vm = (opt.early_stopping || recording) ? d->val_mse() : NAN;
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
    if (opt.record_every > 0) limit = std::min(limit, opt.record_every - k % opt.record_every);
    // At the best iterate, updates that provably keep lowering the validation MSE are all
    // improvements: take them at once (tried again after a failure only kJumpRetry updates on).
    if (opt.early_stopping && k == best_k && k >= next_jump_try) {
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
      const Quadratic q = d->val_line();
      const long jm = argmin_on_run(q, J - 1);
      if (q.at(static_cast<double>(jm)) < best) {
        d->advance(jm);
        best = d->val_mse();
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
