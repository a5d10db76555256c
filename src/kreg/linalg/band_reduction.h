// Reduction of a symmetric matrix to banded form, A = Q B Q^T with B symmetric of half-bandwidth
// kd (LAPACK's dsytrd_sy2sb: the first, BLAS-3 stage of the two-stage tridiagonalisation of
// Bischof, Lang & Sun 2000 and Haidar, Ltaief & Dongarra 2011). It serves a whole lambda grid:
//   (A + lambda I)^{-1} y = Q (B + lambda I)^{-1} Q^T y,
// where B + lambda I is positive definite exactly when A + lambda I is (they are similar), and
// its banded Cholesky factorisation costs n kd^2 flops against n^3 / 3 for A + lambda I.
// The reduction costs (4/3) n^3 flops in matrix-matrix products, applying Q or Q^T to an n x m
// block 2 n^2 m more; on one core it takes about two Cholesky factorisations of A (docs/benchmarks.md).
// Orthogonal transformations: backward stable, like the eigendecomposition.
// BLAS and LAPACK run on the calling thread's single OpenBLAS thread (blas_threads.h).
#pragma once

#include <armadillo>

namespace kreg {

class BandReduction {
 public:
  /// The half-bandwidth: the reduction took the same time from 32 to 128 at n = 1,600 (0.14 to
  /// 0.15 s on one core), the banded factorisation and solve per shift (n kd^2 flops) 0.4 ms at 32
  /// and 0.8 ms at 64.
  static constexpr int kDefaultHalfBandwidth = 32;

  /// Reduces the symmetric A (lower triangle read; taken by value: pass std::move(A) to reduce in
  /// place, without an n x n copy).
  explicit BandReduction(arma::mat A, int half_bandwidth = kDefaultHalfBandwidth);

  arma::uword n() const { return reflectors_.n_rows; }

  /// C := Q^T C, in place, for C with n rows.
  void apply_qt(arma::mat& C) const { apply(C, "T"); }
  /// C := Q C, in place, for C with n rows.
  void apply_q(arma::mat& C) const { apply(C, "N"); }

  /// Solves (B + shift I) z = b in place of b; false when B + shift I is not numerically
  /// positive definite (b is then unspecified).
  bool solve_shifted(double shift, double* b) const;

  /// Gives up the n x n storage the reduction was made in (for the next one to reuse); the
  /// reduction is unusable afterwards.
  arma::mat take_storage() { return std::move(reflectors_); }

 private:
  void apply(arma::mat& C, const char* trans) const;

  arma::mat reflectors_;  ///< A after dsytrd_sy2sb: Q's reflectors below the kd-th subdiagonal
  arma::mat band_;        ///< B in LAPACK's lower band storage, (kd + 1) x n
  arma::vec tau_;         ///< the reflectors' factors, n - kd of them
  int kd_ = 0;
};

}  // namespace kreg
