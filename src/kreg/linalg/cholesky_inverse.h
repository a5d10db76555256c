// The inverse of a symmetric positive definite matrix from its Cholesky factor, and the
// symmetric product B B^T, both by column blocks that are independent single-threaded
// BLAS-3 calls shared among threads: the bits do not depend on the thread count (blas_threads.h).
#pragma once

#include <armadillo>

namespace kreg {

/// Columns of one task of cholesky_inverse_lower() and lower_outer_product().
inline constexpr int kInverseBlock = 128;

/// The lower triangle (diagonal included) of A^{-1} for A = L L^T, L the lower triangle of
/// `factor` (n x n; its upper triangle is not read), into `inverse` (resized to n x n; it must
/// not be `factor`). Of its strict upper triangle only the parts inside the diagonal blocks are
/// written (with A^{-1}'s values); the rest is left as it was.
///
/// Why blocks of columns suffice: column block J = [j, j + b) of A^{-1} is L^{-T} (L^{-1} E_J);
/// L^{-1} E_J is zero above row j, and rows j.. of L^{-T} w involve only rows j.. of w, so rows
/// j.. of A^{-1} E_J are L_jj^{-T} L_jj^{-1} E_J[j:] with L_jj = L[j:, j:]: two triangular solves
/// of (n - j) x b, 2 (n - j)^2 b flops, 2 n^3 / 3 in all, as many as LAPACK's dpotri.
void cholesky_inverse_lower(const arma::mat& factor, arma::mat& inverse);

/// The lower triangle (diagonal included) of C = B B^T for B (n x k), into `C` (resized to
/// n x n; its strict upper triangle is not written; it must not be B): per column block, dsyrk on
/// its diagonal block and dgemm below it, n^2 k flops in all.
void lower_outer_product(const arma::mat& B, arma::mat& C);

/// Copies the lower triangle of the square A into its upper triangle (64 x 64 tiles).
void mirror_lower(arma::mat& A);

}  // namespace kreg
