// The kernels of SPEC §5 / seed 002 Table 5, one small value type each. Radial kernels are
// functions of the squared distance d2 = ||x - x'||^2 (r = sqrt(d2), sigma = bandwidth);
// dot-product kernels are functions of g = x^T x'. This is the only file with the formulas.
#pragma once

#include <cmath>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace kreg {

/// exp(-r^2 / (2 sigma^2))
struct GaussianKernel {
  double bandwidth = 1.0;
  double of_sqdist(double d2) const { return std::exp(-d2 / (2.0 * bandwidth * bandwidth)); }
};
/// Matern nu = 1/2: exp(-r / sigma)
struct LaplaceKernel {
  double bandwidth = 1.0;
  double of_sqdist(double d2) const { return std::exp(-std::sqrt(d2) / bandwidth); }
};
/// Matern nu = 3/2: (1 + sqrt(3) r / sigma) exp(-sqrt(3) r / sigma)
struct Matern32Kernel {
  double bandwidth = 1.0;
  double of_sqdist(double d2) const {
    const double u = std::sqrt(3.0 * d2) / bandwidth;
    return (1.0 + u) * std::exp(-u);
  }
};
/// Matern nu = 5/2: (1 + sqrt(5) r / sigma + 5 r^2 / (3 sigma^2)) exp(-sqrt(5) r / sigma)
struct Matern52Kernel {
  double bandwidth = 1.0;
  double of_sqdist(double d2) const {
    const double u = std::sqrt(5.0 * d2) / bandwidth;
    return (1.0 + u + u * u / 3.0) * std::exp(-u);
  }
};
/// (1 + r^2 / sigma^2)^-1
struct CauchyKernel {
  double bandwidth = 1.0;
  double of_sqdist(double d2) const { return 1.0 / (1.0 + d2 / (bandwidth * bandwidth)); }
};
/// x^T x'
struct LinearKernel {
  double of_dot(double g) const { return g; }
};
/// (x^T x' + c)^d, integer d >= 1, offset c >= 0 (psd for c >= 0)
struct PolynomialKernel {
  int degree = 2;
  double offset = 1.0;
  double of_dot(double g) const {
    const double b = g + offset;
    double v = 1.0;
    for (int i = 0; i < degree; ++i) v *= b;  // exact integer power, no pow() rounding
    return v;
  }
};

using Kernel = std::variant<GaussianKernel, LaplaceKernel, Matern32Kernel, Matern52Kernel, CauchyKernel, LinearKernel,
                            PolynomialKernel>;

/// The settings a user gives for a kernel; make_kernel() checks and converts them.
struct KernelSettings {
  std::string name = "gaussian";  ///< one of kernel_names()
  double bandwidth = 1.0;         ///< sigma > 0 for the radial kernels
  int degree = 2;                 ///< polynomial degree, 1..20
  double offset = 1.0;            ///< polynomial offset c >= 0
};

/// "gaussian", "laplace", "matern32", "matern52", "cauchy", "linear", "polynomial".
const std::vector<std::string>& kernel_names();
/// Other names for kernels, as other tools call them: (alias, kernel name).
const std::vector<std::pair<std::string, std::string>>& kernel_aliases();
/// The kernel name an alias stands for ("rbf" -> "gaussian"); other names unchanged.
std::string canonical_kernel_name(const std::string& name);
/// Checks the settings (ConfigError naming `bandwidth`, `degree`, `offset` or `kernel`);
/// accepts the aliases.
Kernel make_kernel(const KernelSettings& settings);
/// The settings that make_kernel() turns back into `kernel` (for model files and tables).
KernelSettings kernel_settings(const Kernel& kernel);
std::string kernel_name(const Kernel& kernel);
/// True for the kernels that depend on x only through distances (they have a bandwidth).
bool is_radial(const Kernel& kernel);

}  // namespace kreg
