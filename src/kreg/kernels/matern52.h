// Matern kernel, nu = 5/2 (Allerbo 2023, Table 5):
// k = (1 + sqrt(5) r / sigma + 5 r^2 / (3 sigma^2)) exp(-sqrt(5) r / sigma).
// scikit-learn: Matern(length_scale=sigma, nu=2.5).
#pragma once

#include <cmath>

#include "kreg/core/vector_exp.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct Matern52Kernel {
  static constexpr KernelInput input = KernelInput::kDistance;
  static constexpr bool length_scale = true;  ///< k(r; sigma) = k(r / sigma; 1): sigma may be one per feature
  static KernelType type() {
    return {"matern52",
            {},
            input,
            {bandwidth_parameter()},
            "(1 + sqrt(5) r / sigma + 5 r^2 / (3 sigma^2)) exp(-sqrt(5) r / sigma)",
            "Matern(length_scale=sigma, nu=2.5)"};
  }
  explicit Matern52Kernel(const ParameterValues& v) : bandwidth(v[0]), scale(std::sqrt(5.0) / v[0]) {}
  double operator()(double d2, double) const {
    const double u = std::sqrt(d2) * scale;
    return (1.0 + u + u * u / 3.0) * kernel_exp(-u);
  }
  double bandwidth;
  double scale;  ///< sqrt(5) / sigma
};
inline const bool kMatern52Registered = register_kernel_type<Matern52Kernel>();

}  // namespace kreg
