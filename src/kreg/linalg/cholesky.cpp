// Blocked Cholesky, dpotrs and dpocon on the caller's matrix; failure is reported, never patched.
#include "kreg/linalg/cholesky.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/core/progress.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

namespace {
constexpr int kBlock = 256;      // the factor's rounding depends on it, never on the threads
constexpr int kPanelRows = 512;  // row chunk of the panel's triangular solve
}  // namespace

int cholesky_lower(int n, double* A, int lda) {
  const double one = 1.0, minus_one = -1.0;
  const SingleBlasThread single;
  auto at = [A, lda](int i, int j) { return A + static_cast<std::size_t>(j) * lda + i; };
  // Work of the step at column k: its trailing update, (rows below)^2 * kb.
  double work = 0.0;
  for (int k = 0; k < n; k += kBlock) {
    const double below = std::max(0, n - k - kBlock);
    work += below * below * std::min(kBlock, n - k);
  }
  ProgressStep progress("Cholesky factorisation", work);
  for (int k = 0; k < n; k += kBlock) {
    const int kb = std::min(kBlock, n - k), below = n - k - kb;
    int info = 0;
    lapack::dpotrf("L", &kb, at(k, k), &lda, &info);  // L11 L11^T = A11
    if (info != 0) return info + k;
    if (below == 0) break;
    const int panels = chunk_count(below, kPanelRows), blocks = chunk_count(below, kBlock);
#pragma omp parallel num_threads(threads_for(blocks))
    {
#pragma omp for schedule(static)
      for (int c = 0; c < panels; ++c) {  // L21 = A21 L11^-T
        const int r = k + kb + c * kPanelRows, rows = std::min(kPanelRows, n - r);
        lapack::dtrsm("R", "L", "T", "N", &rows, &kb, &one, at(k, k), &lda, at(r, k), &lda);
      }
      // (the loop's barrier: L21 is complete) A22 -= L21 L21^T, one column block at a time.
#pragma omp for schedule(dynamic, 1)
      for (int b = 0; b < blocks; ++b) {
        const int c0 = k + kb + b * kBlock, width = std::min(kBlock, n - c0), rest = n - c0 - width;
        lapack::dsyrk("L", "N", &width, &kb, &minus_one, at(c0, k), &lda, &one, at(c0, c0), &lda);
        if (rest > 0)
          lapack::dgemm("N", "T", &rest, &width, &kb, &minus_one, at(c0 + width, k), &lda, at(c0, k), &lda, &one,
                        at(c0 + width, c0), &lda);
      }
    }
    progress.advance(static_cast<double>(below) * below * kb);
  }
  return 0;
}

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
  const int info = cholesky_lower(n, A.memptr(), n);
  if (info > 0)
    throw NumericalError(what + " is not numerically positive definite (Cholesky failed at column " +
                         std::to_string(info) + " of " + std::to_string(n) +
                         "); use a larger --lambda or check the kernel");
  if (info < 0) throw NumericalError(what + ": dpotrf rejected argument " + std::to_string(-info));
  CholeskyFactor f;
  // dpocon's estimate goes through OpenBLAS's dasum, whose kernel first steps to an aligned
  // address: its rounding depends on where `work` lies, so the work array starts on 64 bytes.
  std::vector<double> work(3 * static_cast<std::size_t>(n) + 8);
  double* aligned = work.data() + (8 - (reinterpret_cast<std::uintptr_t>(work.data()) / 8) % 8) % 8;
  std::vector<int> iwork(static_cast<std::size_t>(n));
  int estimate_info = 0;
  {
    const SingleBlasThread single;
    lapack::dpocon("L", &n, A.memptr(), &n, &anorm, &f.rcond, aligned, iwork.data(), &estimate_info);
  }
  f.factor = std::move(A);
  return f;
}

arma::vec CholeskyFactor::solve(const arma::vec& b) const {
  arma::vec x = b;
  const int n = static_cast<int>(factor.n_rows);
  const int nrhs = 1;
  int info = 0;
  const SingleBlasThread single;
  lapack::dpotrs("L", &n, &nrhs, factor.memptr(), &n, x.memptr(), &n, &info);
  if (info != 0) throw NumericalError("dpotrs failed with info " + std::to_string(info));
  return x;
}

}  // namespace kreg
