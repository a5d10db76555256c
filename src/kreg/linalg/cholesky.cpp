// dpotrf / dpotrs / dpocon on the caller's matrix; failure is reported, never patched.
#include "kreg/linalg/cholesky.h"

#include <cmath>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

CholeskyFactor cholesky_in_place(arma::mat A, const std::string& what) {
  if (A.n_rows != A.n_cols) throw NumericalError(what + ": matrix is not square");
  const int n = static_cast<int>(A.n_rows);
  // 1-norm of the symmetric matrix (from its lower triangle) for the condition estimate.
  double anorm = 0.0;
  {
    arma::vec colsum(A.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < A.n_cols; ++j)
      for (arma::uword i = j; i < A.n_rows; ++i) {
        const double v = std::abs(A.at(i, j));
        colsum(j) += v;
        if (i != j) colsum(i) += v;
      }
    anorm = colsum.empty() ? 0.0 : colsum.max();
  }
  // NaN or inf (a kernel that overflowed) would reach LAPACK, which prints its own complaint.
  if (!std::isfinite(anorm))
    throw NumericalError(what + " has entries that are not finite; check --bandwidth and the scale of the data");
  int info = 0;
  lapack::dpotrf("L", &n, A.memptr(), &n, &info);
  if (info > 0)
    throw NumericalError(what + " is not numerically positive definite (Cholesky failed at column " +
                         std::to_string(info) + " of " + std::to_string(n) +
                         "); use a larger --lambda or check the kernel");
  if (info < 0) throw NumericalError(what + ": dpotrf rejected argument " + std::to_string(-info));
  CholeskyFactor f;
  std::vector<double> work(3 * static_cast<std::size_t>(n));
  std::vector<int> iwork(static_cast<std::size_t>(n));
  lapack::dpocon("L", &n, A.memptr(), &n, &anorm, &f.rcond, work.data(), iwork.data(), &info);
  f.factor = std::move(A);
  return f;
}

arma::vec CholeskyFactor::solve(const arma::vec& b) const {
  arma::vec x = b;
  const int n = static_cast<int>(factor.n_rows);
  const int nrhs = 1;
  int info = 0;
  lapack::dpotrs("L", &n, &nrhs, factor.memptr(), &n, x.memptr(), &n, &info);
  if (info != 0) throw NumericalError("dpotrs failed with info " + std::to_string(info));
  return x;
}

}  // namespace kreg
