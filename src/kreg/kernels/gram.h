// Gram matrices by BLAS-3: squared distances as ||a||^2 + ||b||^2 - 2 a^T b (clamped at 0),
// dot products as A B^T, then the kernel applied element-wise on all threads. A kernel with one
// bandwidth per feature measures the rows with feature d divided by sigma_d
// (kernel_coordinates); every routine here does so, and so must any other code that computes
// distances for a kernel.
#pragma once

#include <armadillo>

#include "kreg/kernels/kernel.h"

namespace kreg {

/// K(i, j) = k(A.row(i), A.row(j)) for A (n x p): one dsyrk (lower triangle) and a mirror;
/// the result is exactly symmetric with exact zero distances on the diagonal.
arma::mat gram(const Kernel& kernel, const arma::mat& A);

/// The lower triangle (diagonal included) of gram(kernel, A); the strict upper triangle is left
/// unset, for routines that read only the lower one (LAPACK with uplo "L"). `storage` is a
/// matrix whose memory is reused when it holds at least n x n elements (its values are
/// overwritten): tasks that build one Gram matrix after another skip the fresh pages' first
/// touch (page faults and zeroing: about 4% of cv's time at n = 2,000).
arma::mat gram_lower(const Kernel& kernel, const arma::mat& A, arma::mat storage = arma::mat());

/// K(i, j) = k(A.row(i), B.row(j)) for A (m x p), B (n x p): one dgemm.
arma::mat cross_gram(const Kernel& kernel, const arma::mat& A, const arma::mat& B);

/// The rows as the kernel measures them: A with column d divided by sigma_d when the kernel has
/// one bandwidth per feature (Kernel::length_scales), A itself otherwise (a copy either way).
/// ConfigError (key `bandwidth`) when the count of sigma_d is not A's number of columns.
arma::mat kernel_coordinates(const Kernel& kernel, const arma::mat& A);

/// The squared norms of the rows of kernel_coordinates(kernel, A), as cross_gram_into reads them.
arma::vec row_squared_norms(const Kernel& kernel, const arma::mat& A);

/// cross_gram(kernel, A, B) into G (resized; its memory reused when large enough), given the
/// rows' squared norms (row_squared_norms(kernel, .)) and without the memory check: for one
/// block of rows after another against a fixed B (the Nystrom solver's K_nm, never held whole).
/// Runs on the calling thread.
void cross_gram_into(const Kernel& kernel, const arma::mat& A, const arma::vec& a_sq, const arma::mat& B,
                     const arma::vec& b_sq, arma::mat& G);

}  // namespace kreg
