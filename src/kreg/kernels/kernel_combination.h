// Sums and products of kernels, as kernels: "gaussian+linear" (trend + smooth deviation),
// "gaussian*periodic" (a seasonal pattern that changes slowly). Both keep positive
// semi-definiteness (the Schur product theorem for products). Each part takes the kernel
// options it has (--bandwidth, --period, ...), or fixes its own: "gaussian(bandwidth=0.5) +
// gaussian(bandwidth=5)". '*' binds tighter than '+'; parentheses group.
// scikit-learn: Sum(k1, k2) = k1 + k2 and Product(k1, k2) = k1 * k2.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kreg/kernels/kernel_type.h"

namespace kreg {

// The combination of `parts` by Op (std::plus or std::multiplies); `op` names it.
template <class Op>
class KernelCombination final : public KernelFunction {
 public:
  KernelCombination(std::vector<Kernel> parts, const KernelOperator& op) : parts_(std::move(parts)), op_(op) {
    bool distance = false, dot = false;
    for (const Kernel& k : parts_) distance = distance || k.reads_distance(), dot = dot || k.reads_dot();
    input_ = distance && dot ? KernelInput::kBoth : (distance ? KernelInput::kDistance : KernelInput::kDot);
  }
  KernelInput input() const override { return input_; }
  // Every part into its own buffer first: `out` may be the array `dot`.
  void evaluate(const double* sqdist, const double* dot, double* out, std::size_t count) const override {
    std::vector<double> acc(count), part(count);
    const Op op;
    for (std::size_t k = 0; k < parts_.size(); ++k) {
      const Kernel& p = parts_[k];
      double* target = k == 0 ? acc.data() : part.data();
      p.evaluate(p.reads_distance() ? sqdist : nullptr, p.reads_dot() ? dot : nullptr, target, count);
      if (k > 0)
        for (std::size_t i = 0; i < count; ++i) acc[i] = op(acc[i], part[i]);
    }
    std::copy(acc.begin(), acc.end(), out);
  }
  std::string text() const override {
    std::string s;
    for (const Kernel& p : parts_) {
      const std::string t = p.text();
      s += (s.empty() ? "" : std::string(1, op_.symbol)) + (needs_group(t) ? "(" + t + ")" : t);
    }
    return s;
  }
  nlohmann::ordered_json to_json() const override {
    nlohmann::ordered_json j;
    j["name"] = op_.name;
    j["parts"] = nlohmann::ordered_json::array();
    for (const Kernel& p : parts_) j["parts"].push_back(p.to_json());
    return j;
  }
  KernelSettings settings() const override { return KernelSettings{text(), {}}; }

 private:
  // A part joined by an operator of lower precedence than ours is written in parentheses.
  bool needs_group(const std::string& t) const {
    int depth = 0;
    for (char c : t) {
      depth += c == '(' ? 1 : (c == ')' ? -1 : 0);
      if (depth > 0) continue;
      for (const KernelOperator& o : kernel_operators())
        if (o.symbol == c && o.precedence < op_.precedence) return true;
    }
    return false;
  }

  std::vector<Kernel> parts_;
  const KernelOperator& op_;
  KernelInput input_;
};

template <class Op>
KernelOperator combination_operator(char symbol, const char* name, int precedence, const char* help) {
  KernelOperator op{symbol, name, precedence, help, nullptr};
  op.build = [symbol](const std::vector<Kernel>& parts) -> std::shared_ptr<const KernelFunction> {
    for (const KernelOperator& o : kernel_operators())
      if (o.symbol == symbol) return std::make_shared<KernelCombination<Op>>(parts, o);
    return nullptr;
  };
  return op;
}

inline const bool kKernelSumRegistered =
    detail::add_kernel_operator(combination_operator<std::plus<double>>('+', "sum", 1, "k1 + k2 (scikit-learn's Sum)"));
inline const bool kKernelProductRegistered = detail::add_kernel_operator(
    combination_operator<std::multiplies<double>>('*', "product", 2, "k1 * k2 (scikit-learn's Product)"));

}  // namespace kreg
