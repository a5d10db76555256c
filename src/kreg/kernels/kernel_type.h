// Kernel types and operators, and their registration. A kernel type is one small struct in
// its own header (gaussian.h is the model to copy):
//
//   struct MyKernel {
//     static constexpr KernelInput input = KernelInput::kDistance;  // what it reads
//     static constexpr bool length_scale = true;  // k(r; sigma, ...) = k(r / sigma; 1, ...)
//     static KernelType type();             // name, parameters, help, scikit-learn's name
//     explicit MyKernel(const ParameterValues& v);  // values in the order of type().parameters
//     double operator()(double sqdist, double dot) const;  // the formula
//   };
//   inline const bool kMyKernelRegistered = register_kernel_type<MyKernel>();
//
// and its header is included in kernel_catalog.cpp only (that include is the registration; its
// place fixes the order of the help).
// Everything else (the --kernel name, the options and cv grids of its parameters, checks,
// model files, the Gram matrices) follows from that.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kreg/core/cpu_dispatch.h"
#include "kreg/kernels/kernel.h"

namespace kreg {

struct KernelType {
  std::string name;                  ///< the --kernel name
  std::vector<std::string> aliases;  ///< other tools' names ("rbf")
  KernelInput input = KernelInput::kDistance;
  std::vector<KernelParameter> parameters;
  std::string formula;  ///< for the help and docs
  std::string sklearn;  ///< the scikit-learn equivalent with its parameter mapping
  bool linear = false;  ///< k(x, x') = x^T x' exactly
  /// Its bandwidth is a length scale, k(r; sigma, ...) = k(r / sigma; 1, ...), so that it may be
  /// one value per feature, sigma_d dividing feature d (automatic relevance determination);
  /// from the struct's `length_scale` (the radial kernels; not periodic, whose sigma scales sin^2).
  bool length_scale = false;
  std::function<std::shared_ptr<const KernelFunction>(const ParameterValues&)> build;
};

/// A binary operator of the kernel expressions ("+": sum, "*": product). Operators of higher
/// precedence bind tighter; equal ones group from the left.
struct KernelOperator {
  char symbol = '+';
  std::string name;  ///< the model-file name: {"name": "sum", "parts": [...]}
  int precedence = 1;
  std::string help;
  std::function<std::shared_ptr<const KernelFunction>(const std::vector<Kernel>& parts)> build;
};

/// The registered types and operators, in registration order.
const std::deque<KernelType>& kernel_types();
const std::deque<KernelOperator>& kernel_operators();
/// The type named `name` or one of its aliases, in any letter case ("RBF", "Gaussian"); null
/// when there is none.
const KernelType* find_kernel_type(const std::string& name);
/// The parameter of every registered type with this key; null when no type has it.
const KernelParameter* find_kernel_parameter(const std::string& key);
/// Every parameter key of the registered types, each once, in registration order.
std::vector<const KernelParameter*> kernel_parameters();
/// The kernel names, in registration order.
std::vector<std::string> kernel_names();
/// The names of the kernels whose bandwidth may be one value per feature (length_scale), in
/// registration order.
std::vector<std::string> length_scale_kernel_names();
/// True for the parameter that may be given one value per feature: the bandwidth, when a
/// registered kernel has it as a length scale.
bool takes_per_feature_values(const KernelParameter& parameter);

namespace detail {
bool add_kernel_type(KernelType type);
bool add_kernel_operator(KernelOperator op);

// The KernelFunction of a registered struct K: whole arrays through K's inline formula.
template <class K>
class BasicKernel final : public KernelFunction {
 public:
  BasicKernel(const ParameterValues& values, const KernelType& type) : k_(values), values_(values), type_(type) {}
  KernelInput input() const override { return K::input; }
  // The formula over the array, in a copy for AVX2 chosen at run time (cpu_dispatch.h).
  void evaluate(const double* sqdist, const double* dot, double* out, std::size_t count) const override {
    KREG_DISPATCH_CALL(evaluate_body, evaluate_avx2, (k_, sqdist, dot, out, count));
  }
  std::string text() const override;
  nlohmann::ordered_json to_json() const override;
  bool is_linear() const override { return type_.linear; }
  KernelSettings settings() const override;

 private:
  KREG_ALWAYS_INLINE static inline void evaluate_body(const K& k, const double* sqdist, const double* dot, double* out,
                                                      std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      double d2 = 0.0, g = 0.0;
      if constexpr (K::input != KernelInput::kDot) d2 = sqdist[i];
      if constexpr (K::input != KernelInput::kDistance) g = dot[i];
      out[i] = k(d2, g);
    }
  }
#if KREG_DISPATCH
  KREG_AVX2 static void evaluate_avx2(const K& k, const double* sqdist, const double* dot, double* out,
                                      std::size_t count) {
    evaluate_body(k, sqdist, dot, out, count);
  }
#endif

  K k_;
  ParameterValues values_;
  const KernelType& type_;
};

std::string parameter_text(const KernelType& type, const ParameterValues& values);
nlohmann::ordered_json parameter_json(const KernelType& type, const ParameterValues& values);
KernelSettings parameter_settings(const KernelType& type, const ParameterValues& values);

template <class K>
std::string BasicKernel<K>::text() const {
  return parameter_text(type_, values_);
}
template <class K>
nlohmann::ordered_json BasicKernel<K>::to_json() const {
  return parameter_json(type_, values_);
}
template <class K>
KernelSettings BasicKernel<K>::settings() const {
  return parameter_settings(type_, values_);
}
}  // namespace detail

/// Registers K (see the top of this file); returns true so that it can initialise a constant.
template <class K>
bool register_kernel_type() {
  static_assert(!K::length_scale || K::input == KernelInput::kDistance, "a length scale divides distances");
  KernelType type = K::type();
  type.input = K::input;
  type.length_scale = K::length_scale;
  const std::string name = type.name;
  type.build = [name](const ParameterValues& values) -> std::shared_ptr<const KernelFunction> {
    return std::make_shared<detail::BasicKernel<K>>(values, *find_kernel_type(name));
  };
  return detail::add_kernel_type(std::move(type));
}

}  // namespace kreg
