// A kernel as a value: built once from the user's settings (make_kernel), then used by the
// Gram matrices, the solvers and the model files without any name lookups. A kernel is a
// registered kernel type with its parameter values (kernel_type.h, one file per type:
// gaussian.h, polynomial.h, ...) or a combination of kernels by a registered operator
// (sum and product: kernel_combination.h).
//
// Kernels are functions of the squared distance d2 = ||x - x'||^2, of the dot product
// g = x^T x', or of both; evaluate() takes both arrays (null when the kernel does not read it).
// A radial kernel may have one bandwidth per feature (per_feature_bandwidth.h): it is then the
// kernel at bandwidth 1 of the rows with feature d divided by sigma_d, which the Gram matrices
// (gram.h) compute, so that evaluate() still takes the squared distances of those rows.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kreg/kernels/kernel_parameter.h"

namespace kreg {

/// What a kernel reads of a pair of points.
enum class KernelInput { kDistance, kDot, kBoth };

/// The interface of every kernel (base types and combinations).
class KernelFunction {
 public:
  virtual ~KernelFunction() = default;
  virtual KernelInput input() const = 0;
  /// out[i] = k(sqdist[i], dot[i]) for i < count. sqdist is null for kDot kernels, dot is null
  /// for kDistance kernels; out may be the same array as dot.
  virtual void evaluate(const double* sqdist, const double* dot, double* out, std::size_t count) const = 0;
  /// The expression with every parameter: "gaussian(bandwidth=2)+linear".
  virtual std::string text() const = 0;
  /// The model-file form: {"name": "gaussian", "bandwidth": 2} or {"name": "sum", "parts": [...]}.
  virtual nlohmann::ordered_json to_json() const = 0;
  /// True only for k(x, x') = x^T x' exactly (the primal p x p system applies).
  virtual bool is_linear() const { return false; }
  /// Settings that make_kernel() turns back into this kernel.
  virtual struct KernelSettings settings() const = 0;
  /// sigma_d, one per feature, when the kernel has one bandwidth per feature: it is evaluated on
  /// the rows with feature d divided by sigma_d (kernel_coordinates in gram.h). Empty otherwise.
  virtual const std::vector<double>& length_scales() const;
};

/// A built kernel (cheap to copy; immutable).
class Kernel {
 public:
  Kernel() = default;
  explicit Kernel(std::shared_ptr<const KernelFunction> function) : function_(std::move(function)) {}
  bool empty() const { return function_ == nullptr; }
  KernelInput input() const { return function_->input(); }
  bool reads_distance() const { return input() != KernelInput::kDot; }
  bool reads_dot() const { return input() != KernelInput::kDistance; }
  void evaluate(const double* sqdist, const double* dot, double* out, std::size_t count) const {
    function_->evaluate(sqdist, dot, out, count);
  }
  /// k for one pair (tests and checks; the Gram matrices evaluate whole columns).
  double operator()(double sqdist, double dot) const;
  std::string text() const { return function_->text(); }
  nlohmann::ordered_json to_json() const { return function_->to_json(); }
  bool is_linear() const { return function_->is_linear(); }
  KernelSettings settings() const;
  /// One bandwidth per feature (see KernelFunction::length_scales); empty for one bandwidth.
  const std::vector<double>& length_scales() const { return function_->length_scales(); }

 private:
  std::shared_ptr<const KernelFunction> function_;
};

/// The kernel a user asks for: an expression of kernel names, optionally with inline
/// parameters and combined by the registered operators ("gaussian", "rbf",
/// "gaussian(bandwidth=2)*periodic + linear"), and the values of the kernel options
/// (--bandwidth, --degree, ...) for every parameter the expression does not fix inline.
struct KernelSettings {
  std::string name = "gaussian";
  std::map<std::string, double> values;  ///< option values by key; a missing key has its default
  /// Option values given one per feature, in feature order, by key: the bandwidth sigma_d of each
  /// feature (--bandwidth 0.5,2,1.3). A key here stands in place of its entry in `values`.
  std::map<std::string, std::vector<double>> per_feature;

  /// The option value of `key`, or the parameter's default (for a key given per feature, see
  /// per_feature_values).
  double value(const std::string& key) const;
  /// The values of `key` one per feature; null when it has one value.
  const std::vector<double>* per_feature_values(const std::string& key) const {
    const auto it = per_feature.find(key);
    return it == per_feature.end() ? nullptr : &it->second;
  }
  /// One value for `key` (in place of any per-feature values).
  void set(const std::string& key, double v) {
    values[key] = v;
    per_feature.erase(key);
  }
};

inline KernelSettings Kernel::settings() const { return function_->settings(); }

/// Parses and checks the settings and builds the kernel. ConfigError with key `kernel` for the
/// expression, or the parameter's key for an option value out of range; for per-feature
/// bandwidths, key `bandwidth` when the expression is not a single kernel whose bandwidth is a
/// length scale taken from the option, or for an entry out of range (naming its position).
Kernel make_kernel(const KernelSettings& settings);
/// The settings' expression in canonical form: aliases resolved, no spaces, inline values as
/// given ("rbf + linear" -> "gaussian+linear"). ConfigError (key `kernel`) when it does not parse.
std::string canonical_kernel_name(const std::string& expression);
/// The option keys the expression takes its values from (parameters not fixed inline), each
/// once, in order of first use: "polynomial" -> {degree, offset}; "gaussian+linear" ->
/// {bandwidth}. These are the kernel columns of the cv tables and the grids cv offers.
std::vector<std::string> kernel_option_keys(const std::string& expression);
/// The kernel of a model file (what Kernel::to_json wrote; a bandwidth per feature is a list).
/// ConfigError whose key is the path inside `j` ("parts[1].bandwidth", "bandwidth[2]").
Kernel kernel_from_json(const nlohmann::json& j);

}  // namespace kreg
