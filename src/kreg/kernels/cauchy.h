// Cauchy kernel (Allerbo 2023, Table 5): k = 1 / (1 + r^2 / sigma^2).
// scikit-learn: RationalQuadratic(length_scale=sigma / sqrt(2), alpha=1).
#pragma once

#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct CauchyKernel {
  static constexpr KernelInput input = KernelInput::kDistance;
  static constexpr bool length_scale = true;  ///< k(r; sigma) = k(r / sigma; 1): sigma may be one per feature
  static KernelType type() {
    return {"cauchy",
            {},
            input,
            {bandwidth_parameter()},
            "1 / (1 + r^2 / sigma^2)",
            "RationalQuadratic(length_scale=sigma/sqrt(2), alpha=1)"};
  }
  explicit CauchyKernel(const ParameterValues& v) : bandwidth(v[0]) {}
  double operator()(double d2, double) const { return 1.0 / (1.0 + d2 / (bandwidth * bandwidth)); }
  double bandwidth;
};
inline const bool kCauchyRegistered = register_kernel_type<CauchyKernel>();

}  // namespace kreg
