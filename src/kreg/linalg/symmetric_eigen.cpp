#include "kreg/linalg/symmetric_eigen.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "kreg/core/progress.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"
#include "kreg/linalg/tridiagonal_reduction.h"

namespace kreg {

namespace {
// Columns per back-transformation call (fixed, see above). Each call passes over all the
// reflectors: with 256 the back-transformation took 7-12% longer at n = 3,000, with 1,024 and
// more it is no faster on one thread and has fewer chunks to share.
constexpr int kColumnChunk = 512;

// As dsyevd/dsyevr: A is scaled by sigma when its largest entry lies outside
// [sqrt(smlnum), sqrt(bignum)], smlnum = safe minimum / precision; returns sigma.
double scale_into_safe_range(int n, double* A) {
  const double smlnum = lapack::dlamch("S") / lapack::dlamch("P"), bignum = 1.0 / smlnum;
  const double rmin = std::sqrt(smlnum), rmax = std::sqrt(bignum);
  const double anrm = lapack::dlansy("M", "L", &n, A, &n, nullptr);
  double sigma = 1.0;
  if (anrm > 0.0 && anrm < rmin) sigma = rmin / anrm;
  if (anrm > rmax) sigma = rmax / anrm;
  if (sigma != 1.0)
    for (int j = 0; j < n; ++j)
      for (int i = j; i < n; ++i) A[static_cast<std::size_t>(j) * n + i] *= sigma;
  return sigma;
}

// sigma A = Q T Q^T: T's diagonal to d, its subdiagonal to e, Q's reflectors to A's lower
// part and tau.
struct Reduction {
  double sigma = 1.0;
  std::vector<double> e, tau;
};

// Shares of an eigendecomposition's time, for its progress: the reduction to tridiagonal form
// (4/3 n^3 flops), the tridiagonal eigensolver, and the back-transformation (2 n^3 flops).
constexpr double kReductionShare = 0.45, kSolverShare = 0.15, kBackShare = 0.40;

int reduce(int n, double* A, double* d, Reduction& r, ProgressStep& progress) {
  r.sigma = scale_into_safe_range(n, A);
  r.e.assign(static_cast<std::size_t>(n), 0.0);
  r.tau.assign(static_cast<std::size_t>(n), 0.0);
  return tridiagonalize_lower(n, A, d, r.e.data(), r.tau.data(), &progress, kReductionShare);
}

// Z := Q Z for the n x n Z, Q from tridiagonalize's reflectors.
int back_transform(int n, const double* A, const double* tau, double* Z, ProgressStep& progress) {
  const int chunks = chunk_count(n, kColumnChunk);
  int failed = 0;
#pragma omp parallel num_threads(threads_for(chunks)) reduction(| : failed)
  {
    int cols = std::min(kColumnChunk, n), lwork = -1, info = 0;
    double query = 0.0;
    lapack::dormtr("L", "L", "N", &n, &cols, A, &n, tau, Z, &n, &query, &lwork, &info);
    lwork = std::max(1, static_cast<int>(query));
    std::vector<double> work(static_cast<std::size_t>(lwork));
#pragma omp for schedule(static)
    for (int c = 0; c < chunks; ++c) {
      const int first = c * kColumnChunk, width = std::min(kColumnChunk, n - first);
      lapack::dormtr("L", "L", "N", &n, &width, A, &n, tau, Z + static_cast<std::size_t>(first) * n, &n, work.data(),
                     &lwork, &info);
      failed |= info != 0 ? 1 : 0;
      progress.advance(kBackShare / chunks);
    }
  }
  return failed ? -1 : 0;
}

void unscale(int n, double* w, double sigma) {
  if (sigma != 1.0)
    for (int i = 0; i < n; ++i) w[i] /= sigma;
}
}  // namespace

int symmetric_eigen_dc(int n, double* A, double* w) {
  if (n == 0) return 0;
  const SingleBlasThread single;
  ProgressStep progress("eigendecomposition", 1.0);
  Reduction r;
  int info = reduce(n, A, w, r, progress);
  if (info != 0) return info;
  std::vector<double> Z(static_cast<std::size_t>(n) * n);
  {
    int lwork = -1, liwork = -1, iquery = 0;
    double query = 0.0;
    lapack::dstedc("I", &n, w, r.e.data(), Z.data(), &n, &query, &lwork, &iquery, &liwork, &info);
    lwork = std::max(1, static_cast<int>(query));
    liwork = std::max(1, iquery);
    std::vector<double> work(static_cast<std::size_t>(lwork));
    std::vector<int> iwork(static_cast<std::size_t>(liwork));
    lapack::dstedc("I", &n, w, r.e.data(), Z.data(), &n, work.data(), &lwork, iwork.data(), &liwork, &info);
    if (info != 0) return info;
    progress.advance(kSolverShare);
  }
  if ((info = back_transform(n, A, r.tau.data(), Z.data(), progress)) != 0) return info;
  std::copy(Z.begin(), Z.end(), A);
  unscale(n, w, r.sigma);
  return 0;
}

int symmetric_eigen_mrrr(int n, double* A, double* w, double* U) {
  if (n == 0) return 0;
  const SingleBlasThread single;
  ProgressStep progress("eigendecomposition", 1.0);
  Reduction r;
  int info = reduce(n, A, w, r, progress);
  if (info != 0) return info;
  {
    std::vector<double> d(w, w + n);
    r.e.push_back(0.0);  // dstemr uses e[n-1] as workspace
    std::vector<int> isuppz(2 * static_cast<std::size_t>(n));
    int found = 0, lwork = -1, liwork = -1, iquery = 0, tryrac = 1;
    const double zero = 0.0;
    const int izero = 0;
    double query = 0.0;
    lapack::dstemr("V", "A", &n, d.data(), r.e.data(), &zero, &zero, &izero, &izero, &found, w, U, &n, &n,
                   isuppz.data(), &tryrac, &query, &lwork, &iquery, &liwork, &info);
    lwork = std::max(1, static_cast<int>(query));
    liwork = std::max(1, iquery);
    std::vector<double> work(static_cast<std::size_t>(lwork));
    std::vector<int> iwork(static_cast<std::size_t>(liwork));
    lapack::dstemr("V", "A", &n, d.data(), r.e.data(), &zero, &zero, &izero, &izero, &found, w, U, &n, &n,
                   isuppz.data(), &tryrac, work.data(), &lwork, iwork.data(), &liwork, &info);
    if (info != 0) return info;
    progress.advance(kSolverShare);
  }
  if ((info = back_transform(n, A, r.tau.data(), U, progress)) != 0) return info;
  unscale(n, w, r.sigma);
  return 0;
}

}  // namespace kreg
