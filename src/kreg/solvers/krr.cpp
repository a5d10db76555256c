// KRR by one Cholesky factorisation; no inverse is formed.
#include "kreg/solvers/krr.h"

#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/inverse_trace.h"

namespace kreg {

KrrSolution solve_krr(arma::mat K, const arma::vec& y, double lambda, bool with_df) {
  const double n = static_cast<double>(K.n_rows);
  K.diag() += lambda;
  const CholeskyFactor chol = cholesky_in_place(std::move(K), "K + lambda I");
  KrrSolution s;
  s.alpha = chol.solve(y);
  s.fitted = y - lambda * s.alpha;  // (K + lambda I) alpha = y  =>  K alpha = y - lambda alpha
  s.rcond = chol.rcond;
  if (with_df) s.df = n - lambda * inverse_trace(chol);  // tr K (K + lambda I)^{-1}
  return s;
}

}  // namespace kreg
