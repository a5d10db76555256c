// Laplace kernel, Matern nu = 1/2 (Allerbo 2023, Table 5): k = exp(-r / sigma).
// scikit-learn: Matern(length_scale=sigma, nu=0.5), or KernelRidge(kernel="laplacian",
// gamma=1/sigma) with the l1 distance in place of r (not the same kernel for p > 1).
#pragma once

#include <cmath>

#include "kreg/core/vector_exp.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct LaplaceKernel {
  static constexpr KernelInput input = KernelInput::kDistance;
  static constexpr bool length_scale = true;  ///< k(r; sigma) = k(r / sigma; 1): sigma may be one per feature
  static KernelType type() {
    return {"laplace",
            {"laplacian"},
            input,
            {bandwidth_parameter()},
            "exp(-r / sigma)",
            "Matern(length_scale=sigma, nu=0.5)"};
  }
  explicit LaplaceKernel(const ParameterValues& v) : bandwidth(v[0]), scale(-1.0 / v[0]) {}
  double operator()(double d2, double) const { return kernel_exp(std::sqrt(d2) * scale); }
  double bandwidth;
  double scale;  ///< -1 / sigma
};
inline const bool kLaplaceRegistered = register_kernel_type<LaplaceKernel>();

}  // namespace kreg
