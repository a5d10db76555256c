// Gram matrices by BLAS-3: squared distances as ||a||^2 + ||b||^2 - 2 a^T b (clamped at 0),
// dot products as A B^T, then the kernel applied element-wise on all threads.
#pragma once

#include <armadillo>

#include "kreg/kernels/kernel.h"

namespace kreg {

/// K(i, j) = k(A.row(i), A.row(j)) for A (n x p): one dsyrk (lower triangle) and a mirror;
/// the result is exactly symmetric with exact zero distances on the diagonal.
arma::mat gram(const Kernel& kernel, const arma::mat& A);

/// The lower triangle (diagonal included) of gram(kernel, A); the strict upper triangle is left
/// unset, for routines that read only the lower one (LAPACK with uplo "L").
arma::mat gram_lower(const Kernel& kernel, const arma::mat& A);

/// K(i, j) = k(A.row(i), B.row(j)) for A (m x p), B (n x p): one dgemm.
arma::mat cross_gram(const Kernel& kernel, const arma::mat& A, const arma::mat& B);

}  // namespace kreg
