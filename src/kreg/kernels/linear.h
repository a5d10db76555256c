// Linear kernel: k = x^T x'. With p < n, krr and kgf solve the p x p primal system instead
// (the representer-theorem notes, the primal-dual identity). scikit-learn: DotProduct(sigma_0=0).
#pragma once

#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct LinearKernel {
  static constexpr KernelInput input = KernelInput::kDot;
  static constexpr bool length_scale = false;  ///< no bandwidth
  static KernelType type() { return {"linear", {}, input, {}, "x^T x'", "DotProduct(sigma_0=0)", true}; }
  explicit LinearKernel(const ParameterValues&) {}
  double operator()(double, double g) const { return g; }
};
inline const bool kLinearRegistered = register_kernel_type<LinearKernel>();

}  // namespace kreg
