// Gram matrices. Distances come from one BLAS-3 product; the cancellation in
// ||a||^2 + ||b||^2 - 2 a^T b costs about eps * (||a||^2 + ||b||^2) absolute, which matters
// only for nearly coincident points, so those pairs are recomputed directly: the sqrt in the
// Laplace and Matern kernels would otherwise turn 1e-15 into 3e-8.
#include "kreg/kernels/gram.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <vector>

#include "kreg/core/cpu_dispatch.h"
#include "kreg/core/errors.h"
#include "kreg/core/memory.h"
#include "kreg/core/progress.h"
#include "kreg/kernels/per_feature_bandwidth.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

namespace {

// Smaller Gram matrices are filled on one thread: waking (and afterwards spinning) a thread
// team costs more than the work below about a million entries.
constexpr arma::uword kParallelElements = 1u << 20;

// Below this fraction of ||a||^2 + ||b||^2 the BLAS distance is recomputed exactly.
constexpr double kRecomputeFraction = 1e-6;

// True when the BLAS distance d of a pair with ||a||^2 + ||b||^2 = scale is recomputed directly:
// nearly coincident points (cancellation), and pairs whose norms overflowed (d is then inf or
// NaN although the points are finite: the direct difference is exact or honestly inf).
KREG_ALWAYS_INLINE inline bool needs_direct(double d, double scale) {
  return !(d >= kRecomputeFraction * scale && scale <= std::numeric_limits<double>::max());
}

double direct_sqdist(const arma::mat& A, arma::uword i, const arma::mat& B, arma::uword j) {
  double s = 0.0;
  for (arma::uword c = 0; c < A.n_cols; ++c) {
    const double d = A(i, c) - B(j, c);
    s += d * d;
  }
  return s;
}

// d[i] = ||a_i||^2 + ||b_j||^2 - 2 a_i^T b_j for i in [begin, end) from col[i] = a_i^T b_j;
// returns how many are below kRecomputeFraction of ||a_i||^2 + ||b_j||^2 (nearly coincident).
KREG_ALWAYS_INLINE inline arma::uword distances_body(const double* col, const double* as, double bj, arma::uword begin,
                                                     arma::uword end, double* d) {
  arma::uword close = 0;
  for (arma::uword i = begin; i < end; ++i) {
    const double scale = as[i] + bj;
    d[i] = scale - 2.0 * col[i];
    close += needs_direct(d[i], scale);
  }
  return close;
}
#if KREG_DISPATCH
KREG_AVX2 arma::uword distances_avx2(const double* col, const double* as, double bj, arma::uword begin, arma::uword end,
                                     double* d) {
  return distances_body(col, as, bj, begin, end, d);
}
#endif
arma::uword blas_distances(const double* col, const double* as, double bj, arma::uword begin, arma::uword end,
                           double* d) {
  KREG_DISPATCH_RETURN(distances_body, distances_avx2, (col, as, bj, begin, end, d));
}

// Turns G(i, j) = a_i^T b_j into k(a_i, b_j) for i in [row_begin(j), rows) of every column j:
// the squared distances of the column (where the kernel reads them) go to a scratch column,
// then the kernel evaluates the whole column in place.
template <class RowBegin>
void apply_kernel(const Kernel& kernel, arma::mat& G, const arma::mat& A, const arma::vec& a_sq, const arma::mat& B,
                  const arma::vec& b_sq, RowBegin row_begin, bool zero_diagonal, ProgressStep* progress) {
  const arma::sword n_cols = static_cast<arma::sword>(G.n_cols);
  const bool distance = kernel.reads_distance();
  const bool dot = kernel.reads_dot();
#pragma omp parallel if (G.n_elem > kParallelElements)
  {
    std::vector<double> d2(distance ? G.n_rows : 0);
#pragma omp for schedule(dynamic, 16)
    for (arma::sword sj = 0; sj < n_cols; ++sj) {
      const arma::uword j = static_cast<arma::uword>(sj);
      double* col = G.colptr(j);
      const arma::uword begin = row_begin(j);
      if (distance) {
        // One vectorised pass for the distances, counting the nearly coincident pairs; a second
        // pass, only when there are some, recomputes those directly.
        const double* as = a_sq.memptr();
        const double bj = b_sq[j];
        double* d = d2.data();
        arma::uword close = blas_distances(col, as, bj, begin, G.n_rows, d);
        const bool diagonal = zero_diagonal && j >= begin && j < G.n_rows;  // a point and itself: 0
        if (diagonal) close -= needs_direct(d[j], as[j] + bj);
        if (close > 0)
          for (arma::uword i = begin; i < G.n_rows; ++i)
            if (needs_direct(d[i], as[i] + bj)) d[i] = direct_sqdist(A, i, B, j);
        if (diagonal) d[j] = 0.0;
      }
      if (begin < G.n_rows)
        kernel.evaluate(distance ? d2.data() + begin : nullptr, dot ? col + begin : nullptr, col + begin,
                        G.n_rows - begin);
      if (progress != nullptr) progress->advance(static_cast<double>(G.n_rows - begin));
    }
  }
}

arma::vec squared_norms(const arma::mat& A) { return arma::sum(arma::square(A), 1); }

// The rows as the kernel measures them (kernel_coordinates): `A` itself for one bandwidth, else
// `scaled`, filled with A's feature d divided by sigma_d (an n x p copy, cheap beside the Gram
// matrix; a division rather than a product by 1/sigma_d, so that the rows are those of a file
// whose columns were divided by sigma_d).
const arma::mat& coordinates(const Kernel& kernel, const arma::mat& A, arma::mat& scaled) {
  const std::vector<double>& sigma = kernel.length_scales();
  if (sigma.empty()) return A;
  const std::string problem = per_feature_count_problem(kernel, A.n_cols);
  if (!problem.empty()) throw ConfigError(bandwidth_parameter().key, problem);
  scaled.set_size(A.n_rows, A.n_cols);
  for (arma::uword d = 0; d < A.n_cols; ++d) scaled.col(d) = A.col(d) / sigma[d];
  return scaled;
}

// Refuses, before allocating, a Gram matrix larger than the memory this process may use.
void check_memory(arma::uword rows, arma::uword cols) {
  require_memory(8.0 * static_cast<double>(rows) * static_cast<double>(cols),
                 "a " + std::to_string(rows) + " x " + std::to_string(cols) + " kernel matrix", "use fewer rows");
}

}  // namespace

arma::mat kernel_coordinates(const Kernel& kernel, const arma::mat& A) {
  arma::mat scaled;
  return coordinates(kernel, A, scaled);
}

arma::vec row_squared_norms(const Kernel& kernel, const arma::mat& A) {
  arma::mat scaled;
  return squared_norms(coordinates(kernel, A, scaled));
}

arma::mat gram_lower(const Kernel& kernel, const arma::mat& rows, arma::mat storage) {
  arma::mat scaled;
  const arma::mat& A = coordinates(kernel, rows, scaled);
  if (storage.n_elem < A.n_rows * A.n_rows) check_memory(A.n_rows, A.n_rows);
  const int n = static_cast<int>(A.n_rows);
  const int p = static_cast<int>(A.n_cols);
  arma::mat G = std::move(storage);
  G.set_size(A.n_rows, A.n_rows);  // keeps the memory when it is large enough; dsyrk writes the lower triangle
  if (n == 0) return G;
  // The step starts before dsyrk: its first touch of the fresh pages takes seconds at n = 20,000.
  ProgressStep progress("kernel matrix", 0.5 * static_cast<double>(n) * (n + 1));
  const double one = 1.0, zero = 0.0;
  lapack::dsyrk("L", "N", &n, &p, &one, A.memptr(), &n, &zero, G.memptr(), &n);  // lower triangle of A A^T
  const arma::vec sq = squared_norms(A);
  apply_kernel(
      kernel, G, A, sq, A, sq, [](arma::uword j) { return j; }, true, &progress);
  return G;
}

arma::mat gram(const Kernel& kernel, const arma::mat& A) {
  arma::mat G = gram_lower(kernel, A);
  const arma::sword N = static_cast<arma::sword>(G.n_rows);
  // Mirror the lower triangle into the upper one in 64 x 64 tiles (cache friendly).
  constexpr arma::sword kTile = 64;
#pragma omp parallel for schedule(dynamic, 1) if (G.n_elem > kParallelElements)
  for (arma::sword bj = 0; bj < N; bj += kTile) {
    for (arma::sword bi = bj; bi < N; bi += kTile) {
      const arma::sword j_end = std::min(bj + kTile, N), i_end = std::min(bi + kTile, N);
      for (arma::sword j = bj; j < j_end; ++j)
        for (arma::sword i = std::max(bi, j + 1); i < i_end; ++i) G.at(j, i) = G.at(i, j);
    }
  }
  return G;
}

arma::mat cross_gram(const Kernel& kernel, const arma::mat& A_rows, const arma::mat& B_rows) {
  check_memory(A_rows.n_rows, B_rows.n_rows);
  arma::mat a_scaled, b_scaled;
  const arma::mat& A = coordinates(kernel, A_rows, a_scaled);
  const arma::mat& B = coordinates(kernel, B_rows, b_scaled);
  arma::mat G = A * B.t();
  const arma::vec a_sq = squared_norms(A);
  const arma::vec b_sq = squared_norms(B);
  apply_kernel(
      kernel, G, A, a_sq, B, b_sq, [](arma::uword) { return arma::uword(0); }, false, nullptr);
  return G;
}

void cross_gram_into(const Kernel& kernel, const arma::mat& A_rows, const arma::vec& a_sq, const arma::mat& B_rows,
                     const arma::vec& b_sq, arma::mat& G) {
  G.set_size(A_rows.n_rows, B_rows.n_rows);
  if (G.n_elem == 0) return;
  // (B is scaled again for each block of A: 1 / (rows of A) of the product's work.)
  arma::mat a_scaled, b_scaled;
  const arma::mat& A = coordinates(kernel, A_rows, a_scaled);
  const arma::mat& B = coordinates(kernel, B_rows, b_scaled);
  const int m = static_cast<int>(A.n_rows), n = static_cast<int>(B.n_rows), p = static_cast<int>(A.n_cols);
  const double one = 1.0, zero = 0.0;
  lapack::dgemm("N", "T", &m, &n, &p, &one, A.memptr(), &m, B.memptr(), &n, &zero, G.memptr(), &m);
  apply_kernel(
      kernel, G, A, a_sq, B, b_sq, [](arma::uword) { return arma::uword(0); }, false, nullptr);
}

}  // namespace kreg
