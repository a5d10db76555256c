// Primal ridge by one p x p Cholesky factorisation.
#include "kreg/solvers/linear_primal.h"

#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/inverse_trace.h"

namespace kreg {

PrimalSolution solve_linear_primal(const arma::mat& Z, const arma::vec& y, double lambda) {
  arma::mat A = Z.t() * Z;
  A.diag() += lambda;
  const CholeskyFactor chol = cholesky_in_place(std::move(A), "Z^T Z + lambda I");
  PrimalSolution s;
  s.beta = chol.solve(Z.t() * y);
  s.fitted = Z * s.beta;
  s.rcond = chol.rcond;
  s.df = static_cast<double>(Z.n_cols) - lambda * inverse_trace(chol);
  return s;
}

}  // namespace kreg
