#include "kreg/linalg/tridiagonal_reduction.h"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "kreg/core/cpu_dispatch.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

namespace {
constexpr int kPanel = 32;          // columns reduced per panel (dsytrd's block size)
constexpr int kUnblocked = 256;     // the last columns go to LAPACK's dsytrd, on one thread
constexpr int kProductChunk = 128;  // columns per chunk of the symmetric matrix-vector product
constexpr int kUpdateBlock = 256;   // columns per block of the rank-2k update

// Column-major view: at(i, j) of a matrix with leading dimension ld.
struct View {
  double* p;
  int ld;
  double* at(int i, int j) const { return p + static_cast<std::size_t>(j) * ld + i; }
};

// y = S x for the symmetric m x m S (lower triangle of `s`). Chunk c of columns [c0, c1) adds
// S(c0:c1, c0:c1) x(c0:c1) (dsymv), S(c1:m, c0:c1) x(c0:c1) and S(c1:m, c0:c1)^T x(c1:m) into its
// own partial vector (one pass over its part of S, four columns at a time); y is the sum of the
// partials in chunk order.
class SymmetricProduct {
 public:
  explicit SymmetricProduct(int n) : partial_(static_cast<std::size_t>(n) * chunk_count(n, kProductChunk)) {}

  void operator()(int m, View s, const double* x, double* y) {
    const int chunks = chunk_count(m, kProductChunk);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_for(chunks))
    for (int c = 0; c < chunks; ++c) chunk_product(m, c, s, x, partial_.data() + static_cast<std::size_t>(c) * m);
    for (int i = 0; i < m; ++i) {
      double sum = 0.0;
      for (int c = 0; c <= i / kProductChunk; ++c) sum += partial_[static_cast<std::size_t>(c) * m + i];
      y[i] = sum;
    }
  }

 private:
  // One chunk: a body inlined into a portable and an AVX2 copy (kreg/core/cpu_dispatch.h).
  static void chunk_product(int m, int c, View s, const double* x, double* p) {
    KREG_DISPATCH_CALL(chunk_product_body, chunk_product_avx2, (m, c, s, x, p));
  }
#if KREG_DISPATCH
  KREG_AVX2 static void chunk_product_avx2(int m, int c, View s, const double* x, double* p) {
    chunk_product_body(m, c, s, x, p);
  }
#endif
  KREG_ALWAYS_INLINE static inline void chunk_product_body(int m, int c, View s, const double* __restrict x,
                                                           double* __restrict p) {
    const int c0 = c * kProductChunk, c1 = std::min(m, c0 + kProductChunk), width = c1 - c0, inc = 1;
    const double one = 1.0, zero = 0.0;
    lapack::dsymv("L", &width, &one, s.at(c0, c0), &s.ld, x + c0, &inc, &zero, p + c0, &inc);
    std::fill(p + c1, p + m, 0.0);
    int j = c0;
    for (; j + 4 <= c1; j += 4) {
      const double* __restrict a0 = s.at(0, j);
      const double* __restrict a1 = s.at(0, j + 1);
      const double* __restrict a2 = s.at(0, j + 2);
      const double* __restrict a3 = s.at(0, j + 3);
      const double x0 = x[j], x1 = x[j + 1], x2 = x[j + 2], x3 = x[j + 3];
      double t0 = 0.0, t1 = 0.0, t2 = 0.0, t3 = 0.0;
#pragma omp simd reduction(+ : t0, t1, t2, t3)
      for (int i = c1; i < m; ++i) {
        p[i] += a0[i] * x0 + a1[i] * x1 + a2[i] * x2 + a3[i] * x3;
        t0 += a0[i] * x[i];
        t1 += a1[i] * x[i];
        t2 += a2[i] * x[i];
        t3 += a3[i] * x[i];
      }
      p[j] += t0;
      p[j + 1] += t1;
      p[j + 2] += t2;
      p[j + 3] += t3;
    }
    for (; j < c1; ++j) {
      const double* __restrict a = s.at(0, j);
      const double xj = x[j];
      double t = 0.0;
#pragma omp simd reduction(+ : t)
      for (int i = c1; i < m; ++i) {
        p[i] += a[i] * xj;
        t += a[i] * x[i];
      }
      p[j] += t;
    }
  }

  std::vector<double> partial_;
};

// C := C - V W^T - W V^T on the lower triangle of the m x m C, V and W m x k: column blocks of
// C, each dsyr2k on its diagonal part and two dgemm below it.
void rank_2k_update(int m, int k, View v, View w, View c) {
  const int blocks = chunk_count(m, kUpdateBlock);
  const double one = 1.0, minus_one = -1.0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_for(blocks))
  for (int b = 0; b < blocks; ++b) {
    const int c0 = b * kUpdateBlock, width = std::min(kUpdateBlock, m - c0), below = m - c0 - width;
    lapack::dsyr2k("L", "N", &width, &k, &minus_one, v.at(c0, 0), &v.ld, w.at(c0, 0), &w.ld, &one, c.at(c0, c0), &c.ld);
    if (below > 0) {
      const int r = c0 + width;
      lapack::dgemm("N", "T", &below, &width, &k, &minus_one, v.at(r, 0), &v.ld, w.at(c0, 0), &w.ld, &one, c.at(r, c0),
                    &c.ld);
      lapack::dgemm("N", "T", &below, &width, &k, &minus_one, w.at(r, 0), &w.ld, v.at(c0, 0), &v.ld, &one, c.at(r, c0),
                    &c.ld);
    }
  }
}

// dlatrd("L") on the m x m trailing matrix a: reduces its first nb columns, leaving in w the
// m x nb matrix W with which the rest is updated (A22 -= V W^T + W V^T, V the reflectors).
void reduce_panel(int m, int nb, View a, View w, double* e, double* tau, SymmetricProduct& product) {
  const int inc = 1;
  const double one = 1.0, zero = 0.0, minus_one = -1.0;
  for (int i = 0; i < nb; ++i) {
    const int rows = m - i;
    // A(i:m, i) -= A(i:m, 0:i) W(i, 0:i)^T + W(i:m, 0:i) A(i, 0:i)^T: the column brought up to date.
    if (i > 0) {
      lapack::dgemv("N", &rows, &i, &minus_one, a.at(i, 0), &a.ld, w.at(i, 0), &w.ld, &one, a.at(i, i), &inc);
      lapack::dgemv("N", &rows, &i, &minus_one, w.at(i, 0), &w.ld, a.at(i, 0), &a.ld, &one, a.at(i, i), &inc);
    }
    if (i + 1 >= m) break;
    // The reflector H(i) = I - tau v v^T with v = (1, A(i+2:m, i)) annihilates A(i+2:m, i).
    const int len = m - i - 1;
    lapack::dlarfg(&len, a.at(i + 1, i), a.at(std::min(i + 2, m - 1), i), &inc, &tau[i]);
    e[i] = *a.at(i + 1, i);
    *a.at(i + 1, i) = 1.0;
    double* wi = w.at(i + 1, i);
    const double* vi = a.at(i + 1, i);
    product(len, View{a.at(i + 1, i + 1), a.ld}, vi, wi);  // W(i+1:m, i) = A(i+1:m, i+1:m) v
    if (i > 0) {
      double* top = w.at(0, i);  // W(0:i, i): workspace
      lapack::dgemv("T", &len, &i, &one, w.at(i + 1, 0), &w.ld, vi, &inc, &zero, top, &inc);
      lapack::dgemv("N", &len, &i, &minus_one, a.at(i + 1, 0), &a.ld, top, &inc, &one, wi, &inc);
      lapack::dgemv("T", &len, &i, &one, a.at(i + 1, 0), &a.ld, vi, &inc, &zero, top, &inc);
      lapack::dgemv("N", &len, &i, &minus_one, w.at(i + 1, 0), &w.ld, top, &inc, &one, wi, &inc);
    }
    double dot = 0.0;
    for (int r = 0; r < len; ++r) {
      wi[r] *= tau[i];
      dot += wi[r] * vi[r];
    }
    const double alpha = -0.5 * tau[i] * dot;
    for (int r = 0; r < len; ++r) wi[r] += alpha * vi[r];
  }
}
}  // namespace

int tridiagonalize_lower(int n, double* A, double* d, double* e, double* tau, ProgressStep* progress, double share) {
  double total = 0.0;  // the blocked panels' work, m^2 * kPanel each
  for (int j = 0; n - j > kUnblocked; j += kPanel) total += static_cast<double>(n - j) * (n - j) * kPanel;
  const SingleBlasThread single;
  const View a{A, n};
  int k = 0;
  if (n > kUnblocked) {
    std::vector<double> wbuf(static_cast<std::size_t>(n) * kPanel);
    SymmetricProduct product(n);
    for (; n - k > kUnblocked; k += kPanel) {
      const int m = n - k;
      const View trailing{a.at(k, k), n}, w{wbuf.data(), m};
      reduce_panel(m, kPanel, trailing, w, e + k, tau + k, product);
      rank_2k_update(m - kPanel, kPanel, View{trailing.at(kPanel, 0), n}, View{w.at(kPanel, 0), m},
                     View{trailing.at(kPanel, kPanel), n});
      for (int j = k; j < k + kPanel; ++j) {
        *a.at(j + 1, j) = e[j];
        d[j] = *a.at(j, j);
      }
      if (progress != nullptr) progress->advance(share * static_cast<double>(m) * m * kPanel / total);
    }
  }
  const int rest = n - k;
  int lwork = -1, info = 0;
  double query = 0.0;
  lapack::dsytrd("L", &rest, a.at(k, k), &n, d + k, e + k, tau + k, &query, &lwork, &info);
  lwork = std::max(1, static_cast<int>(query));
  std::vector<double> work(static_cast<std::size_t>(lwork));
  lapack::dsytrd("L", &rest, a.at(k, k), &n, d + k, e + k, tau + k, work.data(), &lwork, &info);
  return info;
}

}  // namespace kreg
