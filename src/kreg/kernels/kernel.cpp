// Kernel names, validation of their parameters, and the reverse mapping for model files.
#include "kreg/kernels/kernel.h"

#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/suggest.h"

namespace kreg {

const std::vector<std::string>& kernel_names() {
  static const std::vector<std::string> names = {"gaussian", "laplace", "matern32",  "matern52",
                                                 "cauchy",   "linear",  "polynomial"};
  return names;
}

const std::vector<std::pair<std::string, std::string>>& kernel_aliases() {
  // scikit-learn's names (KernelRidge(kernel=...), sklearn.metrics.pairwise).
  static const std::vector<std::pair<std::string, std::string>> aliases = {
      {"rbf", "gaussian"}, {"laplacian", "laplace"}, {"poly", "polynomial"}};
  return aliases;
}

std::string canonical_kernel_name(const std::string& name) {
  for (const auto& [alias, canonical] : kernel_aliases())
    if (name == alias) return canonical;
  return name;
}

Kernel make_kernel(const KernelSettings& s_in) {
  KernelSettings s = s_in;
  s.name = canonical_kernel_name(s.name);
  const bool radial = s.name != "linear" && s.name != "polynomial";
  if (radial && !(s.bandwidth > 0.0 && std::isfinite(s.bandwidth)))
    throw ConfigError("bandwidth: must be a finite number > 0, got " + number_text(s.bandwidth));
  // The formulas divide by sigma^2, which must neither underflow to 0 nor overflow.
  if (radial && !(s.bandwidth >= 1e-150 && s.bandwidth <= 1e150))
    throw ConfigError("bandwidth: must lie between 1e-150 and 1e150 (its square must be a normal number), got " +
                      number_text(s.bandwidth));
  if (s.name == "gaussian") return GaussianKernel{s.bandwidth};
  if (s.name == "laplace") return LaplaceKernel{s.bandwidth};
  if (s.name == "matern32") return Matern32Kernel{s.bandwidth};
  if (s.name == "matern52") return Matern52Kernel{s.bandwidth};
  if (s.name == "cauchy") return CauchyKernel{s.bandwidth};
  if (s.name == "linear") return LinearKernel{};
  if (s.name == "polynomial") {
    if (s.degree < 1 || s.degree > 20)
      throw ConfigError("degree: must be an integer in 1..20, got " + std::to_string(s.degree));
    if (!(s.offset >= 0.0 && std::isfinite(s.offset)))
      throw ConfigError("offset: must be a finite number >= 0 (a negative offset is not psd), got " +
                        number_text(s.offset));
    return PolynomialKernel{s.degree, s.offset};
  }
  std::string valid;
  std::vector<std::string> known = kernel_names();
  for (const auto& n : kernel_names()) valid += (valid.empty() ? "" : ", ") + n;
  for (const auto& [alias, name] : kernel_aliases()) {
    known.push_back(alias);
    valid += ", " + alias + " (= " + name + ")";
  }
  throw ConfigError("kernel: unknown kernel '" + s.name + "'" + did_you_mean(s.name, known) + "; valid: " + valid);
}

std::string kernel_name(const Kernel& kernel) { return kernel_names()[kernel.index()]; }

bool is_radial(const Kernel& kernel) {
  return !std::holds_alternative<LinearKernel>(kernel) && !std::holds_alternative<PolynomialKernel>(kernel);
}

KernelSettings kernel_settings(const Kernel& kernel) {
  KernelSettings s;
  s.name = kernel_name(kernel);
  std::visit(
      [&s](const auto& k) {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, PolynomialKernel>) {
          s.degree = k.degree;
          s.offset = k.offset;
        } else if constexpr (!std::is_same_v<K, LinearKernel>) {
          s.bandwidth = k.bandwidth;
        }
      },
      kernel);
  return s;
}

}  // namespace kreg
