// ||L^{-1}||_F^2 by independent column blocks of L^{-1}.
#include "kreg/linalg/inverse_trace.h"

#include <algorithm>
#include <vector>

#include "kreg/core/progress.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

double inverse_trace(const CholeskyFactor& f) {
  const int n = static_cast<int>(f.factor.n_rows);
  if (n == 0) return 0.0;
  const int b = kInverseTraceBlock, blocks = chunk_count(n, b);
  const double one = 1.0;
  const SingleBlasThread single;
  double work = 0.0;  // flops of block j: (n - j)^2 * width
  for (int j = 0; j < n; j += b) work += static_cast<double>(n - j) * (n - j) * std::min(b, n - j);
  ProgressStep progress("degrees of freedom", work);
  std::vector<double> block_sums(static_cast<std::size_t>(blocks), 0.0);
#pragma omp parallel num_threads(threads_for(blocks))
  {
    std::vector<double> x(static_cast<std::size_t>(n) * b);
#pragma omp for schedule(dynamic, 1)
    for (int k = 0; k < blocks; ++k) {  // the largest solves first
      const int j = k * b, width = std::min(b, n - j), rows = n - j;
      std::fill(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(rows) * width, 0.0);
      for (int c = 0; c < width; ++c) x[static_cast<std::size_t>(c) * rows + c] = 1.0;
      const double* L = f.factor.memptr() + static_cast<std::size_t>(j) * n + j;
      lapack::dtrsm("L", "L", "N", "N", &rows, &width, &one, L, &n, x.data(), &rows);
      double sum = 0.0;
      for (std::size_t i = 0; i < static_cast<std::size_t>(rows) * width; ++i) sum += x[i] * x[i];
      block_sums[static_cast<std::size_t>(k)] = sum;
      progress.advance(static_cast<double>(rows) * rows * width);
    }
  }
  double trace = 0.0;
  for (double s : block_sums) trace += s;
  return trace;
}

}  // namespace kreg
