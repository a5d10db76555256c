// Per-feature bandwidths: the kernel value, its text and model-file form, and the checks of the
// count against the features.
#include "kreg/kernels/per_feature_bandwidth.h"

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"

namespace kreg {

namespace {

// The index of the bandwidth among the type's parameters (the registry makes sure it has one).
std::size_t bandwidth_index(const KernelType& type) {
  for (std::size_t i = 0; i < type.parameters.size(); ++i)
    if (type.parameters[i].key == bandwidth_parameter().key) return i;
  return type.parameters.size();
}

// k_1 of the rows scaled by 1/sigma (kernel_coordinates): evaluate() is the unit kernel's.
class PerFeatureBandwidth final : public KernelFunction {
 public:
  PerFeatureBandwidth(const KernelType& type, ParameterValues values, std::vector<double> sigma)
      : type_(type), values_(std::move(values)), sigma_(std::move(sigma)) {
    values_[bandwidth_index(type_)] = 1.0;
    unit_ = Kernel(type_.build(values_));
  }
  KernelInput input() const override { return unit_.input(); }
  void evaluate(const double* sqdist, const double* dot, double* out, std::size_t count) const override {
    unit_.evaluate(sqdist, dot, out, count);
  }
  // "rational_quadratic(bandwidth=[0.5,2,1.3],shape=1)"
  std::string text() const override {
    std::string s = type_.name;
    for (std::size_t i = 0; i < values_.size(); ++i) {
      const KernelParameter& p = type_.parameters[i];
      const std::string v =
          i == bandwidth_index(type_) ? "[" + per_feature_text(sigma_) + "]" : number_text(values_[i]);
      s += (i ? "," : "(") + p.key + "=" + v + (i + 1 == values_.size() ? ")" : "");
    }
    return s;
  }
  // {"name": "gaussian", "bandwidth": [0.5, 2, 1.3]}: the bandwidth in its place, as a list.
  nlohmann::ordered_json to_json() const override {
    nlohmann::ordered_json j = detail::parameter_json(type_, values_);
    j[bandwidth_parameter().key] = sigma_;
    return j;
  }
  KernelSettings settings() const override {
    KernelSettings s = detail::parameter_settings(type_, values_);
    s.values.erase(bandwidth_parameter().key);
    s.per_feature[bandwidth_parameter().key] = sigma_;
    return s;
  }
  const std::vector<double>& length_scales() const override { return sigma_; }

 private:
  const KernelType& type_;
  ParameterValues values_;  ///< the bandwidth's entry is 1: unit_'s values
  std::vector<double> sigma_;
  Kernel unit_;
};

std::string joined_names(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// "x1, x2, x3" or, for many, the first ten and how many more.
std::string feature_list(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 10;
  if (names.size() <= kShown) return joined_names(names);
  return joined_names(std::vector<std::string>(names.begin(), names.begin() + kShown)) + " and " +
         std::to_string(names.size() - kShown) + " more";
}

}  // namespace

Kernel per_feature_bandwidth_kernel(const KernelType& type, ParameterValues values, const std::vector<double>& sigma) {
  const std::string key = bandwidth_parameter().key;
  if (!type.length_scale) {
    const bool has = bandwidth_index(type) < type.parameters.size();
    throw ConfigError(key, "one value per feature is for the kernels whose bandwidth is a length scale (" +
                               joined_names(length_scale_kernel_names()) + "); " + type.name +
                               (has ? " takes one bandwidth" : " has no bandwidth"));
  }
  if (sigma.empty()) throw ConfigError(key, "one value per feature: the list is empty");
  const KernelParameter& p = type.parameters[bandwidth_index(type)];
  for (std::size_t d = 0; d < sigma.size(); ++d) {
    try {
      p.check(sigma[d]);
    } catch (const ConfigError& e) {
      throw ConfigError(key,
                        "value " + std::to_string(d + 1) + " of " + std::to_string(sigma.size()) + " " + e.problem());
    }
  }
  return Kernel(std::make_shared<PerFeatureBandwidth>(type, std::move(values), sigma));
}

std::string per_feature_text(const std::vector<double>& values) {
  std::string s;
  for (std::size_t i = 0; i < values.size(); ++i) s += (i ? "," : "") + number_text(values[i]);
  return s;
}

std::string per_feature_count_problem(const Kernel& kernel, std::size_t features) {
  const std::size_t count = kernel.length_scales().size();
  if (count == 0 || count == features) return "";
  return std::to_string(count) + " values, one per feature, for " + std::to_string(features) +
         (features == 1 ? " feature" : " features");
}

void require_bandwidth_per_feature(const Kernel& kernel, const Dataset& data) {
  if (per_feature_count_problem(kernel, data.p()).empty()) return;
  const std::string columns = std::to_string(data.p()) + (data.p() == 1 ? " feature column" : " feature columns");
  throw ConfigError(bandwidth_parameter().key, std::to_string(kernel.length_scales().size()) +
                                                   " values, one per feature, but " + data.source + " has " + columns +
                                                   " (" + feature_list(data.feature_names) +
                                                   "): give one bandwidth, or one for each of them in this order");
}

}  // namespace kreg
