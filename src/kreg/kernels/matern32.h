// Matern kernel, nu = 3/2 (Allerbo 2023, Table 5): k = (1 + sqrt(3) r / sigma) exp(-sqrt(3) r /
// sigma). scikit-learn: Matern(length_scale=sigma, nu=1.5).
#pragma once

#include <cmath>

#include "kreg/core/vector_exp.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct Matern32Kernel {
  static constexpr KernelInput input = KernelInput::kDistance;
  static constexpr bool length_scale = true;  ///< k(r; sigma) = k(r / sigma; 1): sigma may be one per feature
  static KernelType type() {
    return {"matern32",
            {},
            input,
            {bandwidth_parameter()},
            "(1 + sqrt(3) r / sigma) exp(-sqrt(3) r / sigma)",
            "Matern(length_scale=sigma, nu=1.5)"};
  }
  explicit Matern32Kernel(const ParameterValues& v) : bandwidth(v[0]), scale(std::sqrt(3.0) / v[0]) {}
  double operator()(double d2, double) const {
    const double u = std::sqrt(d2) * scale;
    return (1.0 + u) * kernel_exp(-u);
  }
  double bandwidth;
  double scale;  ///< sqrt(3) / sigma
};
inline const bool kMatern32Registered = register_kernel_type<Matern32Kernel>();

}  // namespace kreg
