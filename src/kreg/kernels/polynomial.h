// Polynomial kernel: k = (x^T x' + c)^d, integer degree d in 1..20, offset c >= 0 (positive
// semi-definite for c >= 0). scikit-learn: KernelRidge(kernel="poly", degree=d, gamma=1, coef0=c).
#pragma once

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct PolynomialKernel {
  static constexpr KernelInput input = KernelInput::kDot;
  static constexpr bool length_scale = false;  ///< no bandwidth
  static void check_degree(double d) {
    if (!(d >= 1.0 && d <= 20.0) || d != std::floor(d))
      throw ConfigError("degree", "must be an integer in 1..20, got " + number_text(d));
  }
  static void check_offset(double c) {
    if (!(c >= 0.0 && std::isfinite(c)))
      throw ConfigError("offset", "must be a finite number >= 0 (a negative offset is not psd), got " + number_text(c));
  }
  static KernelType type() {
    return {"polynomial",
            {"poly"},
            input,
            {{"degree", "d", 2.0, 1.0, true, Simpler::kSmaller, "polynomial kernel degree, 1..20", check_degree},
             {"offset", "c", 1.0, 0.0, false, Simpler::kLarger, "polynomial kernel offset c >= 0", check_offset}},
            "(x^T x' + c)^d",
            "KernelRidge(kernel=\"poly\", degree=d, gamma=1, coef0=c)"};
  }
  explicit PolynomialKernel(const ParameterValues& v) : degree(static_cast<int>(v[0])), offset(v[1]) {}
  double operator()(double, double g) const {
    const double b = g + offset;
    double v = 1.0;
    for (int i = 0; i < degree; ++i) v *= b;  // exact integer power, no pow() rounding
    return v;
  }
  int degree;
  double offset;
};
inline const bool kPolynomialRegistered = register_kernel_type<PolynomialKernel>();

}  // namespace kreg
