// The radial kernels of the Gaussian-process tuning as functions of the squared scaled distance
// s = ||(x - x') / sigma||^2 (sigma a bandwidth per feature, or one for all), with the factor
// g(s) = -2 dk/ds that gives their derivatives in the log bandwidths:
//   u = x / sigma (per feature), s = sum_d (u_d - u'_d)^2, ds / dlog sigma_d = -2 (u_d - u'_d)^2, so
//   dk / dlog sigma_d = g(s) (u_d - u'_d)^2   and, for one sigma,   dk / dlog sigma = g(s) s.
// With one sigma these are the formulas of src/kreg/kernels/ (r = sqrt(s)):
//   gaussian            k = exp(-s / 2)                        g = k
//   laplace             k = exp(-r)                            g = exp(-r) / r  (0 at r = 0)
//   matern32            k = (1 + t) exp(-t),       t = sqrt(3) r,   g = 3 exp(-t)
//   matern52            k = (1 + t + t^2/3) exp(-t), t = sqrt(5) r, g = (5/3)(1 + t) exp(-t)
//   cauchy              k = 1 / (1 + s)                        g = 2 k^2
//   rational_quadratic  k = (1 + s / (2a))^(-a), shape a > 0   g = k / (1 + s / (2a))
// Laplace's g is singular at r = 0, where (u_d - u'_d)^2 = 0 and the kernel is 1 at every
// sigma: its derivative there is 0, which is what g = 0 at r = 0 gives.
#pragma once

#include <cmath>
#include <optional>
#include <string>

#include "kreg/core/vector_exp.h"
#include "kreg/kernels/kernel.h"

namespace kreg {

enum class GpKernel { kGaussian, kLaplace, kMatern32, kMatern52, kCauchy, kRationalQuadratic };

/// A radial kernel of the tuning: its type and, for rational_quadratic, its shape a.
struct GpKernelShape {
  GpKernel kernel = GpKernel::kGaussian;
  double shape = 1.0;  ///< rational_quadratic's a (> 0); not read by the others
};

/// The --kernel name of the type ("gaussian", "matern52", ...).
std::string gp_kernel_name(GpKernel kernel);

/// The shape of the kernel that `settings` build when it is one radial type above; nothing for
/// any other kernel (linear, polynomial, periodic, sums and products). The settings are built
/// (make_kernel: its ConfigError for a bad value), so inline values ("rational_quadratic(shape=2)")
/// count.
std::optional<GpKernelShape> gp_kernel_shape(const KernelSettings& settings);

/// k and g of the table above at the squared scaled distance s >= 0.
struct GpKernelValue {
  double k = 0.0;
  double g = 0.0;
};

inline GpKernelValue gp_kernel_value(const GpKernelShape& shape, double s) {
  switch (shape.kernel) {
    case GpKernel::kGaussian: {
      const double k = kernel_exp(-0.5 * s);
      return {k, k};
    }
    case GpKernel::kLaplace: {
      const double r = std::sqrt(s), e = kernel_exp(-r);
      return {e, r > 0.0 ? e / r : 0.0};
    }
    case GpKernel::kMatern32: {
      const double t = std::sqrt(3.0 * s), e = kernel_exp(-t);
      return {(1.0 + t) * e, 3.0 * e};
    }
    case GpKernel::kMatern52: {
      const double t = std::sqrt(5.0 * s), e = kernel_exp(-t);
      return {(1.0 + t + t * t / 3.0) * e, (5.0 / 3.0) * (1.0 + t) * e};
    }
    case GpKernel::kCauchy: {
      const double k = 1.0 / (1.0 + s);
      return {k, 2.0 * k * k};
    }
    case GpKernel::kRationalQuadratic: {
      const double x = s / (2.0 * shape.shape), k = std::exp(-shape.shape * std::log1p(x));
      return {k, k / (1.0 + x)};
    }
  }
  return {NAN, NAN};  // not reached: every enumerator returns above
}

}  // namespace kreg
