// Refuses training points on which a kernel overflows. For a positive semi-definite kernel
// |k(z, z')| <= sqrt(k(z, z) k(z', z')), so the Gram matrix is finite exactly when k(z, z) is
// for every point: one O(n p) pass decides it before any Gram matrix is built. Only kernels of
// the dot product (linear, polynomial) can overflow on finite points.
#pragma once

#include <armadillo>

#include "kreg/data/dataset.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/kernel.h"

namespace kreg {

/// Throws DataError naming data.source, the first training row (1-based: rows(i) + 1, or i + 1
/// without `rows`) where k(z, z) is not finite and its largest feature, when `kernel` overflows
/// on the points Z (the rows of data.X, standardised as `mode` says).
void require_finite_kernel(const Kernel& kernel, const arma::mat& Z, const Dataset& data, StandardizeMode mode,
                           const arma::uvec* rows = nullptr);

}  // namespace kreg
