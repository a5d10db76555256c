// Rational quadratic kernel: k = (1 + r^2 / (2 a sigma^2))^(-a), shape a > 0: a scale mixture of
// Gaussian kernels, which it approaches as a -> infinity (a = 1 with sigma / sqrt(2) is the
// Cauchy kernel). scikit-learn: RationalQuadratic(length_scale=sigma, alpha=a).
#pragma once

#include <cmath>

#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct RationalQuadraticKernel {
  static constexpr KernelInput input = KernelInput::kDistance;
  static constexpr bool length_scale = true;  ///< k(r; sigma) = k(r / sigma; 1): sigma may be one per feature
  static void check_shape(double a) { check_positive("shape", a); }
  static KernelType type() {
    return {"rational_quadratic",
            {},
            input,
            {bandwidth_parameter(),
             {"shape", "a", 1.0, 0.0, false, Simpler::kNeither, "rational quadratic kernel shape a > 0", check_shape}},
            "(1 + r^2 / (2 a sigma^2))^(-a)",
            "RationalQuadratic(length_scale=sigma, alpha=a)"};
  }
  explicit RationalQuadraticKernel(const ParameterValues& v) : two_a_sigma2(2.0 * v[1] * v[0] * v[0]), shape(v[1]) {}
  // exp(-a log1p(x)) rather than pow(1 + x, -a): exact for small x at any shape.
  double operator()(double d2, double) const { return std::exp(-shape * std::log1p(d2 / two_a_sigma2)); }
  double two_a_sigma2, shape;
};
inline const bool kRationalQuadraticRegistered = register_kernel_type<RationalQuadraticKernel>();

}  // namespace kreg
