#include "kreg/linalg/matrix_vector.h"

#include <algorithm>

#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

namespace {
// Chunk sizes are constants: a chunk's rounding depends on its bounds, never on the threads.
constexpr int kRowChunk = 512;     // rows of A x (a multiple of the dgemv kernels' 4 or 8 rows)
constexpr int kColumnChunk = 256;  // columns of A^T x

// out = op(A) x, op = A ("N") or A^T ("T"), in chunks of out's entries: rows of A, or columns.
void product_in_chunks(const char* trans, int chunk, const arma::mat& A, const arma::vec& x, arma::vec& out) {
  const bool transposed = trans[0] == 'T';
  const int m = static_cast<int>(A.n_rows), n = static_cast<int>(A.n_cols), inc = 1;
  const int length = transposed ? n : m;
  out.set_size(static_cast<arma::uword>(length));
  if (length == 0) return;
  if ((transposed ? m : n) == 0) {
    out.zeros();
    return;
  }
  const double one = 1.0, zero = 0.0;
  const int chunks = chunk_count(length, chunk);
  const SingleBlasThread single;
#pragma omp parallel for schedule(static) num_threads(threads_for(chunks))
  for (int c = 0; c < chunks; ++c) {
    const int first = c * chunk, size = std::min(chunk, length - first);
    const double* block = transposed ? A.memptr() + static_cast<std::size_t>(first) * m : A.memptr() + first;
    lapack::dgemv(trans, transposed ? &m : &size, transposed ? &size : &n, &one, block, &m, x.memptr(), &inc, &zero,
                  out.memptr() + first, &inc);
  }
}
}  // namespace

void times(const arma::mat& A, const arma::vec& x, arma::vec& out) { product_in_chunks("N", kRowChunk, A, x, out); }

void times_t(const arma::mat& A, const arma::vec& x, arma::vec& out) {
  product_in_chunks("T", kColumnChunk, A, x, out);
}

void symmetric_times(const arma::mat& K, const arma::vec& x, arma::vec& out) {
  if (K.n_rows >= kSmallSymmetric) {
    times_t(K, x, out);
    return;
  }
  const SingleBlasThread single;
  out.set_size(K.n_rows);
  const int n = static_cast<int>(K.n_rows), one = 1;
  const double a = 1.0, b = 0.0;
  lapack::dsymv("U", &n, &a, K.memptr(), &n, x.memptr(), &one, &b, out.memptr(), &one);
}

}  // namespace kreg
