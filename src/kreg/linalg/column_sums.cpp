// The loops of column_sums.h: each body is inlined into a portable and an AVX2 copy.
#include "kreg/linalg/column_sums.h"

#include "kreg/core/cpu_dispatch.h"

namespace kreg {

namespace {

KREG_ALWAYS_INLINE inline void add_columns_body(const arma::mat& M, const arma::uword* cols, const double* w,
                                                std::size_t count, arma::uword begin, arma::uword end, double* out) {
  std::size_t q = 0;
  for (; q + 4 <= count; q += 4) {
    const double *c0 = M.colptr(cols[q]), *c1 = M.colptr(cols[q + 1]), *c2 = M.colptr(cols[q + 2]),
                 *c3 = M.colptr(cols[q + 3]);
    const double w0 = w[q], w1 = w[q + 1], w2 = w[q + 2], w3 = w[q + 3];
    for (arma::uword i = begin; i < end; ++i) out[i] += (w0 * c0[i] + w1 * c1[i]) + (w2 * c2[i] + w3 * c3[i]);
  }
  for (; q < count; ++q) {
    const double* c = M.colptr(cols[q]);
    const double wq = w[q];
    for (arma::uword i = begin; i < end; ++i) out[i] += wq * c[i];
  }
}

KREG_ALWAYS_INLINE inline void add_columns_pair_body(const arma::mat& M, const arma::uword* cols, const double* w1,
                                                     const double* w2, std::size_t count, arma::uword begin,
                                                     arma::uword end, double* out1, double* out2) {
  std::size_t q = 0;
  for (; q + 4 <= count; q += 4) {
    const double *c0 = M.colptr(cols[q]), *c1 = M.colptr(cols[q + 1]), *c2 = M.colptr(cols[q + 2]),
                 *c3 = M.colptr(cols[q + 3]);
    const double a0 = w1[q], a1 = w1[q + 1], a2 = w1[q + 2], a3 = w1[q + 3];
    const double b0 = w2[q], b1 = w2[q + 1], b2 = w2[q + 2], b3 = w2[q + 3];
    for (arma::uword i = begin; i < end; ++i) {
      const double x0 = c0[i], x1 = c1[i], x2 = c2[i], x3 = c3[i];
      out1[i] += (a0 * x0 + a1 * x1) + (a2 * x2 + a3 * x3);
      out2[i] += (b0 * x0 + b1 * x1) + (b2 * x2 + b3 * x3);
    }
  }
  for (; q < count; ++q) {
    const double* c = M.colptr(cols[q]);
    const double a = w1[q], b = w2[q];
    for (arma::uword i = begin; i < end; ++i) {
      out1[i] += a * c[i];
      out2[i] += b * c[i];
    }
  }
}

// Four doubles as one value (GCC/Clang vector extension): lane k holds the products of the
// entries i = k (mod 4). Loaded with memcpy (no alignment assumed).
typedef double Lanes4 __attribute__((vector_size(32)));

KREG_ALWAYS_INLINE inline void load4(Lanes4& v, const double* p) { __builtin_memcpy(&v, p, sizeof v); }

KREG_ALWAYS_INLINE inline double dot_body(arma::uword n, const double* x, const double* y) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  arma::uword i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += x[i] * y[i];
    s1 += x[i + 1] * y[i + 1];
    s2 += x[i + 2] * y[i + 2];
    s3 += x[i + 3] * y[i + 3];
  }
  for (; i < n; ++i) s0 += x[i] * y[i];
  return (s0 + s1) + (s2 + s3);
}

// Four dot_body's at once, one per column, interleaved: each column's four running sums are
// those of dot_body, added in the same order (the same bits), but sixteen independent sums keep
// the adder busy where one column's four wait on each other.
KREG_ALWAYS_INLINE inline void dot_four_body(arma::uword n, const double* const* x, const double* y, double* sums) {
  double s[4][4] = {};  // s[c][k]: column c's running sum of the entries i = k (mod 4)
  arma::uword i = 0;
  for (; i + 4 <= n; i += 4)
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 4; ++k) s[c][k] += x[c][i + k] * y[i + k];
  for (; i < n; ++i)
    for (int c = 0; c < 4; ++c) s[c][0] += x[c][i] * y[i];
  for (int c = 0; c < 4; ++c) sums[c] = (s[c][0] + s[c][1]) + (s[c][2] + s[c][3]);
}

KREG_ALWAYS_INLINE inline void dot_pair_body(arma::uword n, const double* x, const double* y1, const double* y2,
                                             double* sums) {
  // Two sets of four lanes per sum (entries i mod 8), so that consecutive additions do not wait
  // on each other.
  Lanes4 s0 = {0.0, 0.0, 0.0, 0.0}, s1 = s0, t0 = s0, t1 = s0, x0, x1, y;
  arma::uword i = 0;
  for (; i + 8 <= n; i += 8) {
    load4(x0, x + i);
    load4(x1, x + i + 4);
    load4(y, y1 + i);
    s0 += x0 * y;
    load4(y, y1 + i + 4);
    s1 += x1 * y;
    load4(y, y2 + i);
    t0 += x0 * y;
    load4(y, y2 + i + 4);
    t1 += x1 * y;
  }
  s0 += s1;
  t0 += t1;
  for (; i < n; ++i) {
    s0[0] += x[i] * y1[i];
    t0[0] += x[i] * y2[i];
  }
  sums[0] = (s0[0] + s0[1]) + (s0[2] + s0[3]);
  sums[1] = (t0[0] + t0[1]) + (t0[2] + t0[3]);
}

KREG_ALWAYS_INLINE inline void add_scaled_body(arma::uword n, double a, const double* x, double* y) {
  for (arma::uword i = 0; i < n; ++i) y[i] += a * x[i];
}

KREG_ALWAYS_INLINE inline void momentum_body(arma::uword n, double gamma, const double* d, double* step, double sign,
                                             double* iterate) {
  for (arma::uword i = 0; i < n; ++i) {
    step[i] = gamma * step[i] + d[i];
    iterate[i] += sign * step[i];
  }
}

#if KREG_DISPATCH
KREG_AVX2 void add_columns_avx2(const arma::mat& M, const arma::uword* cols, const double* w, std::size_t count,
                                arma::uword begin, arma::uword end, double* out) {
  add_columns_body(M, cols, w, count, begin, end, out);
}
KREG_AVX2 void add_columns_pair_avx2(const arma::mat& M, const arma::uword* cols, const double* w1, const double* w2,
                                     std::size_t count, arma::uword begin, arma::uword end, double* out1,
                                     double* out2) {
  add_columns_pair_body(M, cols, w1, w2, count, begin, end, out1, out2);
}
KREG_AVX2 double dot_avx2(arma::uword n, const double* x, const double* y) { return dot_body(n, x, y); }
KREG_AVX2 void dot_four_avx2(arma::uword n, const double* const* x, const double* y, double* sums) {
  dot_four_body(n, x, y, sums);
}
KREG_AVX2 void dot_pair_avx2(arma::uword n, const double* x, const double* y1, const double* y2, double* sums) {
  dot_pair_body(n, x, y1, y2, sums);
}
KREG_AVX2 void add_scaled_avx2(arma::uword n, double a, const double* x, double* y) { add_scaled_body(n, a, x, y); }
KREG_AVX2 void momentum_avx2(arma::uword n, double gamma, const double* d, double* step, double sign, double* iterate) {
  momentum_body(n, gamma, d, step, sign, iterate);
}
#endif

}  // namespace

void add_weighted_columns_rows(const arma::mat& M, const arma::uword* cols, const double* w, std::size_t count,
                               arma::uword begin, arma::uword end, double* out) {
  KREG_DISPATCH_CALL(add_columns_body, add_columns_avx2, (M, cols, w, count, begin, end, out));
}

void add_weighted_columns(const arma::mat& M, const arma::uword* cols, const double* w, std::size_t count,
                          double* out) {
  add_weighted_columns_rows(M, cols, w, count, 0, M.n_rows, out);
}

void add_weighted_columns_pair_rows(const arma::mat& M, const arma::uword* cols, const double* w1, const double* w2,
                                    std::size_t count, arma::uword begin, arma::uword end, double* out1,
                                    double* out2) {
  KREG_DISPATCH_CALL(add_columns_pair_body, add_columns_pair_avx2, (M, cols, w1, w2, count, begin, end, out1, out2));
}

void add_weighted_columns_pair(const arma::mat& M, const arma::uword* cols, const double* w1, const double* w2,
                               std::size_t count, double* out1, double* out2) {
  add_weighted_columns_pair_rows(M, cols, w1, w2, count, 0, M.n_rows, out1, out2);
}

double dot_product(arma::uword n, const double* x, const double* y) {
  KREG_DISPATCH_RETURN(dot_body, dot_avx2, (n, x, y));
}

void dot_products_four(arma::uword n, const double* const* x, const double* y, double* sums) {
  KREG_DISPATCH_CALL(dot_four_body, dot_four_avx2, (n, x, y, sums));
}

void dot_product_pair(arma::uword n, const double* x, const double* y1, const double* y2, double* sums) {
  KREG_DISPATCH_CALL(dot_pair_body, dot_pair_avx2, (n, x, y1, y2, sums));
}

void add_scaled(arma::uword n, double a, const double* x, double* y) {
  KREG_DISPATCH_CALL(add_scaled_body, add_scaled_avx2, (n, a, x, y));
}

void momentum_update(arma::uword n, double gamma, const double* d, double* step, double sign, double* iterate) {
  KREG_DISPATCH_CALL(momentum_body, momentum_avx2, (n, gamma, d, step, sign, iterate));
}

}  // namespace kreg
