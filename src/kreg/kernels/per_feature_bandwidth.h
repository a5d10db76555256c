// A radial kernel with one bandwidth per feature (automatic relevance determination):
//   k(x, x') = k_1(||(x - x') / sigma||),   sigma = (sigma_1, ..., sigma_p), divided entry-wise,
// where k_1 is the kernel at bandwidth 1. For a kernel whose bandwidth is a length scale,
// k(r; sigma) = k(r / sigma; 1) (KernelType::length_scale), all sigma_d equal to s give the kernel
// at bandwidth s. The kernel value evaluates k_1; the Gram matrices (gram.h) divide feature d of
// the rows by sigma_d first, so that no formula changes and the distances still come from one
// BLAS-3 product. scikit-learn: an array length_scale in RBF, Matern and RationalQuadratic.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg {

/// The kernel of `type` with `values` (in the order of its parameters; the bandwidth's entry is
/// not read) and the bandwidths `sigma`, one per feature (at least two). ConfigError with key
/// `bandwidth` when the type's bandwidth is no length scale, or for an entry that the bandwidth's
/// check refuses, naming its position ("value 2 of 3 must be a finite number > 0, got -1").
Kernel per_feature_bandwidth_kernel(const KernelType& type, ParameterValues values, const std::vector<double>& sigma);

/// "0.5,2,1.3": each value in its shortest exact form, comma-separated (messages, summaries).
std::string per_feature_text(const std::vector<double>& values);

/// "" when `kernel` has no per-feature bandwidths or one per feature of `features`; else the
/// problem: "3 values, one per feature, for 2 features".
std::string per_feature_count_problem(const Kernel& kernel, std::size_t features);

/// Throws ConfigError (key `bandwidth`) unless the kernel has no per-feature bandwidths or one
/// per feature column of `data`: "3 values, one per feature, but train.csv has 2 feature columns
/// (x1, x2)". Called where a kernel first meets the rows (fit, path, cv, loo, the default grids).
void require_bandwidth_per_feature(const Kernel& kernel, const Dataset& data);

}  // namespace kreg
