#include "kreg/linalg/symmetric_times.h"

#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

void symmetric_times(const arma::mat& K, const arma::vec& x, arma::vec& out) {
  if (K.n_rows >= SmallProblemBlasThreads::kSmallProblem) {
    out = K * x;
    return;
  }
  const SmallProblemBlasThreads one_thread(K.n_rows);  // a no-op inside the solvers' own guard
  out.set_size(K.n_rows);
  const int n = static_cast<int>(K.n_rows), one = 1;
  const double a = 1.0, b = 0.0;
  lapack::dsymv("U", &n, &a, K.memptr(), &n, x.memptr(), &one, &b, out.memptr(), &one);
}

}  // namespace kreg
