// A^{-1} from L and B B^T by independent column blocks on compute_threads() threads.
#include "kreg/linalg/cholesky_inverse.h"

#include <algorithm>
#include <cstddef>

#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

void cholesky_inverse_lower(const arma::mat& factor, arma::mat& inverse) {
  const int n = static_cast<int>(factor.n_rows);
  inverse.set_size(factor.n_rows, factor.n_rows);
  if (n == 0) return;
  const int blocks = chunk_count(n, kInverseBlock);
  const double one = 1.0;
  const SingleBlasThread single;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_for(blocks))
  for (int k = 0; k < blocks; ++k) {  // the largest solves first
    const int j = k * kInverseBlock, width = std::min(kInverseBlock, n - j), rows = n - j;
    double* X = inverse.memptr() + static_cast<std::size_t>(j) * n + j;  // rows j.., columns j..j+width
    for (int c = 0; c < width; ++c) {
      double* col = X + static_cast<std::size_t>(c) * n;
      std::fill(col, col + rows, 0.0);
      col[c] = 1.0;
    }
    const double* L = factor.memptr() + static_cast<std::size_t>(j) * n + j;
    lapack::dtrsm("L", "L", "N", "N", &rows, &width, &one, L, &n, X, &n);  // L_jj^{-1} E
    lapack::dtrsm("L", "L", "T", "N", &rows, &width, &one, L, &n, X, &n);  // L_jj^{-T} (L_jj^{-1} E)
  }
}

void lower_outer_product(const arma::mat& B, arma::mat& C) {
  const int n = static_cast<int>(B.n_rows), k = static_cast<int>(B.n_cols);
  C.set_size(B.n_rows, B.n_rows);
  if (n == 0) return;
  const int blocks = chunk_count(n, kInverseBlock);
  const double one = 1.0, zero = 0.0;
  const SingleBlasThread single;
  if (k == 0) {
    C.zeros();
    return;
  }
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_for(blocks))
  for (int b = 0; b < blocks; ++b) {  // the tallest column blocks first
    const int c0 = b * kInverseBlock, width = std::min(kInverseBlock, n - c0), rest = n - c0 - width;
    double* diagonal = C.memptr() + static_cast<std::size_t>(c0) * n + c0;
    lapack::dsyrk("L", "N", &width, &k, &one, B.memptr() + c0, &n, &zero, diagonal, &n);
    if (rest > 0)
      lapack::dgemm("N", "T", &rest, &width, &k, &one, B.memptr() + c0 + width, &n, B.memptr() + c0, &n, &zero,
                    diagonal + width, &n);
  }
}

void mirror_lower(arma::mat& A) {
  const arma::sword N = static_cast<arma::sword>(A.n_rows);
  constexpr arma::sword kTile = 64;
#pragma omp parallel for schedule(dynamic, 1) if (A.n_elem > (1u << 20))
  for (arma::sword bj = 0; bj < N; bj += kTile) {
    for (arma::sword bi = bj; bi < N; bi += kTile) {
      const arma::sword j_end = std::min(bj + kTile, N), i_end = std::min(bi + kTile, N);
      for (arma::sword j = bj; j < j_end; ++j)
        for (arma::sword i = std::max(bi, j + 1); i < i_end; ++i) A.at(j, i) = A.at(i, j);
    }
  }
}

}  // namespace kreg
