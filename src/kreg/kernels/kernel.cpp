// Building kernels from settings and from model files; the text and JSON of base kernels.
#include "kreg/kernels/kernel.h"

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/kernels/kernel_expression.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/kernels/per_feature_bandwidth.h"

namespace kreg {

const std::vector<double>& KernelFunction::length_scales() const {
  static const std::vector<double> none;
  return none;
}

double Kernel::operator()(double sqdist, double dot) const {
  double out = 0.0;
  function_->evaluate(&sqdist, &dot, &out, 1);
  return out;
}

double KernelSettings::value(const std::string& key) const {
  const auto it = values.find(key);
  if (it != values.end()) return it->second;
  const KernelParameter* p = find_kernel_parameter(key);
  if (p == nullptr) throw ConfigError(key, "not a kernel parameter");
  return p->default_value;
}

namespace {

// Option values given one per feature are for a single kernel that takes them from the option:
// ConfigError naming the option otherwise.
void check_per_feature_use(const KernelNode& node, const KernelSettings& settings) {
  for (const auto& [key, list] : settings.per_feature) {
    const std::string given = std::to_string(list.size()) + " values, one per feature, ";
    if (node.type == nullptr)
      throw ConfigError(key, given + "are for a single kernel, not the combination '" + kernel_expression_text(node) +
                                 "': give one " + key + ", or fix each part's inline (gaussian(" + key + "=2))");
    for (const auto& [fixed_key, value] : node.fixed)
      if (fixed_key == key)
        throw ConfigError(key, given + "but '" + kernel_expression_text(node) + "' fixes its " + key +
                                   " inline: leave it out of the expression");
  }
}

Kernel build(const KernelNode& node, const KernelSettings& settings) {
  if (node.type != nullptr) {
    ParameterValues values;
    const std::vector<double>* per_feature = nullptr;
    for (const KernelParameter& p : node.type->parameters) {
      double v = NAN;
      bool fixed = false;
      for (const auto& [key, value] : node.fixed)
        if (key == p.key) v = value, fixed = true;
      if (!fixed && settings.per_feature_values(p.key) != nullptr) {
        per_feature = settings.per_feature_values(p.key);  // checked entry by entry below
        v = 1.0;
      } else if (!fixed) {
        v = settings.value(p.key);
        p.check(v);  // ConfigError naming the option; inline values were checked by the parser
      }
      values.push_back(v);
    }
    if (!settings.per_feature.empty() && per_feature == nullptr)  // given for a kernel without the parameter
      return per_feature_bandwidth_kernel(*node.type, values, settings.per_feature.begin()->second);
    if (per_feature != nullptr) return per_feature_bandwidth_kernel(*node.type, values, *per_feature);
    return Kernel(node.type->build(values));
  }
  std::vector<Kernel> parts;
  for (const KernelNode& part : node.parts) parts.push_back(build(part, settings));
  return Kernel(node.op->build(parts));
}

void collect_option_keys(const KernelNode& node, std::vector<std::string>& keys) {
  if (node.type == nullptr) {
    for (const KernelNode& part : node.parts) collect_option_keys(part, keys);
    return;
  }
  for (const KernelParameter& p : node.type->parameters) {
    bool fixed = false;
    for (const auto& f : node.fixed) fixed = fixed || f.first == p.key;
    bool seen = false;
    for (const auto& k : keys) seen = seen || k == p.key;
    if (!fixed && !seen) keys.push_back(p.key);
  }
}

// A model file's kernel; errors carry the key path inside the kernel object. A bandwidth may be a
// list (one per feature) in a single kernel, not in a part of a combination.
Kernel from_json(const nlohmann::json& j, const std::string& path, bool part) {
  const auto fail = [&path](const std::string& key, const std::string& what) -> ConfigError {
    return ConfigError(path + key, what);
  };
  if (!j.is_object()) throw fail("", "expected an object");
  if (!j.contains("name") || !j["name"].is_string()) throw fail("name", "expected a kernel name");
  const std::string name = j["name"].get<std::string>();
  for (const KernelOperator& op : kernel_operators()) {
    if (op.name != name) continue;
    if (!j.contains("parts") || !j["parts"].is_array() || j["parts"].size() < 2)
      throw fail("parts", "expected an array of at least two kernels");
    std::vector<Kernel> parts;
    for (std::size_t i = 0; i < j["parts"].size(); ++i)
      parts.push_back(from_json(j["parts"][i], path + "parts[" + std::to_string(i) + "].", true));
    return Kernel(op.build(parts));
  }
  const KernelType* type = find_kernel_type(name);
  if (type == nullptr || type->name != name) throw fail("name", "unknown kernel '" + name + "'");
  ParameterValues values;
  std::vector<double> per_feature;
  for (const KernelParameter& p : type->parameters) {
    if (!j.contains(p.key)) throw fail(p.key, "missing");
    const nlohmann::json& listed = j[p.key];
    const bool per_feature_key = p.key == bandwidth_parameter().key;
    // (A bandwidth listed once is that bandwidth: the same kernel.)
    const nlohmann::json& v = per_feature_key && listed.is_array() && listed.size() == 1 ? listed[0] : listed;
    if (v.is_array() && per_feature_key) {
      if (part) throw fail(p.key, "one value per feature is for a single kernel, not a part of a combination");
      if (v.empty()) throw fail(p.key, "expected a number, or a list of numbers (one per feature)");
      for (std::size_t d = 0; d < v.size(); ++d) {
        const std::string at = p.key + "[" + std::to_string(d) + "]";
        if (!v[d].is_number()) throw fail(at, "expected a number");
        per_feature.push_back(v[d].get<double>());
        try {
          p.check(per_feature.back());
        } catch (const ConfigError& e) {
          throw fail(at, e.problem());
        }
      }
      values.push_back(1.0);
      continue;
    }
    if (p.integer ? !v.is_number_integer() : !v.is_number())
      throw fail(p.key, p.integer ? "expected an integer" : "expected a number");
    const double value = v.get<double>();
    try {
      p.check(value);
    } catch (const ConfigError& e) {
      throw fail(p.key, e.problem());
    }
    values.push_back(value);
  }
  if (per_feature.empty()) return Kernel(type->build(values));
  try {
    return per_feature_bandwidth_kernel(*type, values, per_feature);
  } catch (const ConfigError& e) {
    throw fail(e.key(), e.problem());
  }
}

}  // namespace

Kernel make_kernel(const KernelSettings& settings) {
  const KernelNode node = parse_kernel_expression(settings.name);
  check_per_feature_use(node, settings);
  return build(node, settings);
}

std::string canonical_kernel_name(const std::string& expression) {
  return kernel_expression_text(parse_kernel_expression(expression));
}

std::vector<std::string> kernel_option_keys(const std::string& expression) {
  std::vector<std::string> keys;
  collect_option_keys(parse_kernel_expression(expression), keys);
  return keys;
}

Kernel kernel_from_json(const nlohmann::json& j) { return from_json(j, "", false); }

namespace detail {

std::string parameter_text(const KernelType& type, const ParameterValues& values) {
  std::string s = type.name;
  for (std::size_t i = 0; i < values.size(); ++i)
    s += (i ? "," : "(") + type.parameters[i].key + "=" + number_text(values[i]) + (i + 1 == values.size() ? ")" : "");
  return s;
}

nlohmann::ordered_json parameter_json(const KernelType& type, const ParameterValues& values) {
  nlohmann::ordered_json j;
  j["name"] = type.name;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (type.parameters[i].integer)
      j[type.parameters[i].key] = static_cast<long>(values[i]);
    else
      j[type.parameters[i].key] = values[i];
  }
  return j;
}

KernelSettings parameter_settings(const KernelType& type, const ParameterValues& values) {
  KernelSettings s;
  s.name = type.name;
  for (std::size_t i = 0; i < values.size(); ++i) s.set(type.parameters[i].key, values[i]);
  return s;
}

}  // namespace detail

}  // namespace kreg
