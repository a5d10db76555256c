// Gaussian kernel (Allerbo 2023, Table 5): k = exp(-r^2 / (2 sigma^2)), r = ||x - x'||.
// scikit-learn: RBF(length_scale=sigma), or KernelRidge(kernel="rbf", gamma=1/(2 sigma^2)).
#pragma once

#include <cmath>

#include "kreg/core/vector_exp.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct GaussianKernel {
  static constexpr KernelInput input = KernelInput::kDistance;
  static constexpr bool length_scale = true;  ///< k(r; sigma) = k(r / sigma; 1): sigma may be one per feature
  static KernelType type() {
    return {"gaussian", {"rbf"}, input, {bandwidth_parameter()}, "exp(-r^2 / (2 sigma^2))", "RBF(length_scale=sigma)"};
  }
  explicit GaussianKernel(const ParameterValues& v) : bandwidth(v[0]), scale(-0.5 / (v[0] * v[0])) {}
  // A product, not a division per entry: vector division is several times slower.
  double operator()(double d2, double) const { return kernel_exp(d2 * scale); }
  double bandwidth;
  double scale;  ///< -1 / (2 sigma^2)
};
inline const bool kGaussianRegistered = register_kernel_type<GaussianKernel>();

}  // namespace kreg
