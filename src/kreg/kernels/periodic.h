// Periodic (exp-sine-squared) kernel: k = exp(-2 sin^2(pi r / p) / sigma^2), period p > 0 and
// bandwidth sigma > 0 (MacKay 1998). Positive semi-definite for one feature (time, angle); with
// several features r is the Euclidean distance and the Gram matrix need not be psd (kreg says so
// when it is not). scikit-learn: ExpSineSquared(length_scale=sigma, periodicity=p).
#pragma once

#include <cmath>

#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct PeriodicKernel {
  static constexpr KernelInput input = KernelInput::kDistance;
  static constexpr bool length_scale = false;  ///< sigma scales sin^2, not r: one bandwidth only
  static void check_period(double p) { check_positive("period", p); }
  static KernelType type() {
    return {"periodic",
            {},
            input,
            {bandwidth_parameter(),
             {"period", "p", 1.0, 0.0, false, Simpler::kNeither, "periodic kernel period p > 0", check_period}},
            "exp(-2 sin^2(pi r / p) / sigma^2)",
            "ExpSineSquared(length_scale=sigma, periodicity=p)"};
  }
  explicit PeriodicKernel(const ParameterValues& v) : bandwidth(v[0]), period(v[1]) {}
  double operator()(double d2, double) const {
    const double s = std::sin(M_PI * std::sqrt(d2) / period);
    return std::exp(-2.0 * s * s / (bandwidth * bandwidth));
  }
  double bandwidth, period;
};
inline const bool kPeriodicRegistered = register_kernel_type<PeriodicKernel>();

}  // namespace kreg
