// The vectorised inner loops of the descent updates.
#include "kreg/solvers/descent_passes.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "kreg/core/cpu_dispatch.h"

#if defined(__AVX__)
#include <immintrin.h>
#endif

namespace kreg::detail {

// Each loop is a body inlined into a portable and an AVX2 copy, one chosen at run time
// (kreg/core/cpu_dispatch.h).

// max_i |r_i| with eight independent lanes (a single running maximum is a serial chain).
KREG_ALWAYS_INLINE inline double max_abs_body(const double* r, arma::uword n) {
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

KREG_ALWAYS_INLINE inline void scan_lanes_body(double* r, arma::uword n, const double* col, double v, LaneMaxima& out) {
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

// ksgd's update in one pass over the coordinates j (the columns whose residual sign changed
// are added to K sign(r) in the same pass, so K sign(r), alpha and r are each read and written
// once per update):
//   ks_j += sum_c deltas[c] K[j, col c];  alpha_j += eta sign_j;  r_j -= eta ks_j;
//   new_sign_j = sign(r_j);  bit j of `changed_bits` set when new_sign_j != sign_j.
// Vectors of W doubles (the compiler's vector extension): 8 where the processor has AVX-512
// (with its DQ mask moves), else 4. Every coordinate sums its columns in the same order,
// whichever branch handles it.
namespace {

// The 32-byte vectors below cross no function boundary (every helper is inlined), so the
// calling convention GCC warns about never applies.
#pragma GCC diagnostic ignored "-Wpsabi"

template <int W>
struct VectorOf;
template <>
struct VectorOf<4> {
  using V = double __attribute__((vector_size(32)));
  using L = long long __attribute__((vector_size(32)));
  // One bit per lane: set where the lane of `m` (all ones or zero) is set.
  KREG_ALWAYS_INLINE static std::uint64_t bits(const L& m) {
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

}  // namespace

KREG_ALWAYS_INLINE inline void fused_ksgd_body(arma::uword n, const double* const* columns, const double* deltas,
                                               std::size_t n_columns, double eta, const double* sign, double* ks,
                                               double* alpha, double* r, double* new_sign,
                                               std::uint64_t* changed_bits) {
  constexpr arma::uword W = kKsgdWidth;
  using V = VectorOf<kKsgdWidth>::V;
  using L = VectorOf<kKsgdWidth>::L;
  auto load = [](const double* p) KREG_ALWAYS_INLINE {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  auto store = [](double* p, const V& v) KREG_ALWAYS_INLINE { std::memcpy(p, &v, sizeof v); };
  auto finish = [&](arma::uword at, const V& acc) KREG_ALWAYS_INLINE {
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

#if KREG_DISPATCH
KREG_AVX2 double max_abs_avx2(const double* r, arma::uword n) { return max_abs_body(r, n); }
KREG_AVX2 void scan_lanes_avx2(double* r, arma::uword n, const double* col, double v, LaneMaxima& out) {
  scan_lanes_body(r, n, col, v, out);
}
KREG_AVX2 void fused_ksgd_avx2(arma::uword n, const double* const* columns, const double* deltas, std::size_t n_columns,
                               double eta, const double* sign, double* ks, double* alpha, double* r, double* new_sign,
                               std::uint64_t* changed_bits) {
  fused_ksgd_body(n, columns, deltas, n_columns, eta, sign, ks, alpha, r, new_sign, changed_bits);
}
#endif

double max_abs(const double* r, arma::uword n) { KREG_DISPATCH_RETURN(max_abs_body, max_abs_avx2, (r, n)); }

void scan_lanes(double* r, arma::uword n, const double* col, double v, LaneMaxima& out) {
  KREG_DISPATCH_CALL(scan_lanes_body, scan_lanes_avx2, (r, n, col, v, out));
}

void fused_ksgd_pass(arma::uword n, const double* const* columns, const double* deltas, std::size_t n_columns,
                     double eta, const double* sign, double* ks, double* alpha, double* r, double* new_sign,
                     std::uint64_t* changed_bits) {
  KREG_DISPATCH_CALL(fused_ksgd_body, fused_ksgd_avx2,
                     (n, columns, deltas, n_columns, eta, sign, ks, alpha, r, new_sign, changed_bits));
}

}  // namespace kreg::detail
