// Solves with the principal block K_AA of a symmetric positive definite K when the complement
// I of the set A is small, through G = K^{-1} and a factor of G_II (the Schur complement
// identity K_AA^{-1} = G_AA - G_AI G_II^{-1} G_IA).
//
// For x supported on A with K_AA x_A = b_A: K x = [b_A; w_I] with w_I = K_IA x_A, so
// x = G [b_A; w_I], and x_I = 0 reads G_II w_I = -(G b~)_I, b~ being b on A and 0 on I. With
// r = G b~ known (the homotopies keep it up to date by adding one column of G per event),
//   w_I = -G_II^{-1} r_I,   x = r + G_{:,I} w_I:
// a solve with the small factor (|I|^2) and one pass over |I| columns of G (n |I|), where a
// factor of K_AA costs |A|^2 per solve and |A| |I| for the product K_IA x_A. Late in a path
// whose set has grown to most of the points that is several times less. G itself costs one
// Cholesky factorisation and inverse of K (n^3 flops, BLAS-3) and 8 n^2 bytes; it is only as
// accurate as K is well-conditioned, so it is refused below a reciprocal condition number.
#pragma once

#include <armadillo>
#include <functional>
#include <vector>

#include "kreg/linalg/updatable_cholesky.h"

namespace kreg {

class ComplementSystem {
 public:
  /// G = K^{-1}. False, holding nothing, when K is not numerically positive definite or LAPACK's
  /// estimate of its reciprocal condition number is below `min_rcond`. `release`, if given, is
  /// called once the condition number has passed, before G is allocated: there the caller frees
  /// what the late phase replaces, so that K's factor and G are not held beside it.
  bool start(const arma::mat& K, double min_rcond, const std::function<void()>& release = {});

  /// G = K^{-1} (symmetric, both triangles).
  const arma::mat& inverse() const { return G_; }

  /// The complement I, in the order of the small factor.
  const std::vector<arma::uword>& complement() const { return complement_; }

  /// A fresh factor of G_II for the complement `I` (BLAS-3). False when G_II is not numerically
  /// positive definite.
  bool reset(const std::vector<arma::uword>& I);

  /// i joins the complement (leaves A). False, changing nothing, when G_II would be numerically
  /// singular.
  bool add(arma::uword i);

  /// i leaves the complement (joins A).
  void remove(arma::uword i);

  /// x with G_II x = b (b and x by complement order).
  void solve_small(const double* b, double* x) const;

  /// out += G_{:,I} w (w by complement order; out of length n).
  void add_columns(const double* w, double* out) const;

  /// out1 += G_{:,I} w1 and out2 += G_{:,I} w2 in one pass over the columns.
  void add_columns_pair(const double* w1, const double* w2, double* out1, double* out2) const;

 private:
  arma::mat G_;
  UpdatableCholesky factor_{1e-13};
  std::vector<arma::uword> complement_;
  std::vector<double> column_;
};

}  // namespace kreg
