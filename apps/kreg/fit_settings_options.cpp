// Registration and conversion of the fit options, row by row of the settings table.
#include "fit_settings_options.h"

#include "kreg/core/suggest.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg::cli {

std::string option_of_key(const std::string& key) {
  std::string flag = "--" + key;
  for (char& c : flag)
    if (c == '_') c = '-';
  return flag;
}

namespace {

std::string joined(const std::vector<std::string>& names, const char* sep) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : sep) + n;
  return s;
}

// The methods `--method` offers in this scope.
std::vector<std::string> scoped_method_names(SettingScope scope) {
  std::vector<std::string> names;
  for (const MethodInfo& m : method_registry())
    if (scope != SettingScope::kKernelRidge || m.loo_shortcut) names.push_back(m.name);
  return names;
}

// The kernel names and their aliases (combinations are not listed).
std::vector<std::string> kernel_choices() {
  std::vector<std::string> names = kernel_names();
  for (const KernelType& t : kernel_types())
    for (const auto& alias : t.aliases) names.push_back(alias);
  return names;
}

std::string method_help(SettingScope scope) {
  if (scope == SettingScope::kKernelRidge)
    return "regression method: " + joined(scoped_method_names(scope), ", ") +
           " (the methods with a leave-one-out shortcut)";
  return "regression method: " + joined(scoped_method_names(scope), "|");
}

std::string kernel_help(const char* base) {
  std::string s = std::string(base) + ". Kernels: " + joined(kernel_names(), "|");
  for (const KernelType& t : kernel_types())
    for (const auto& alias : t.aliases) s += "; " + alias + " = " + t.name;
  std::string ops;
  for (const KernelOperator& op : kernel_operators())
    ops += (ops.empty() ? "" : ", ") + std::string(1, op.symbol) + " (" + op.name + ")";
  return s + "; operators: " + (ops.empty() ? "none" : ops);
}

// "...; or one per feature, comma-separated in feature order (gaussian, laplace, ...)".
std::string per_feature_help(const KernelParameter& p) {
  return p.help + "; or one per feature, comma-separated in feature order (" +
         joined(length_scale_kernel_names(), ", ") + ")";
}

}  // namespace

void FitSettingsOptions::register_on(OptionSet& o, Scope scope) {
  for (const SettingField& f : fit_settings_table()) {
    if (scope == Scope::kKernelRidge && f.scope != Scope::kKernelRidge) continue;
    const std::string flag = option_of_key(f.key);
    switch (f.type) {
      case SettingType::kNumber:
        o.add(flag, values.*f.number, setting_help(f));
        break;
      case SettingType::kInteger:
        o.add(flag, values.*f.integer, setting_help(f));
        break;
      case SettingType::kFlag:
        o.add_flag(flag, values.*f.flag, setting_help(f));
        break;
      case SettingType::kText:
        if (f.text == &FitSettings::method)
          o.add_choice(flag, values.*f.text, scoped_method_names(scope), method_help(scope));
        else if (f.choices != nullptr)
          o.add_choice(flag, values.*f.text, f.choices(), setting_help(f));
        else
          o.add(flag, values.*f.text, setting_help(f));
        break;
      case SettingType::kChoice:
        choices[f.key] = f.get_choice(values);
        o.add_choice(flag, choices[f.key], f.choices(), setting_help(f));
        break;
      case SettingType::kKernel:
        o.add_choice(flag, kernel, kernel_choices(), kernel_help(f.help));
        for (const KernelParameter* p : kreg::kernel_parameters()) {
          if (p->integer) {
            kernel_integers[p->key] = static_cast<int>(p->default_value);
            o.add(option_of_key(p->key), kernel_integers[p->key], p->help);
          } else if (takes_per_feature_values(*p)) {
            kernel_lists[p->key] = {p->default_value};
            o.add_number_list(option_of_key(p->key), kernel_lists[p->key], per_feature_help(*p));
          } else {
            kernel_values[p->key] = p->default_value;
            o.add(option_of_key(p->key), kernel_values[p->key], p->help);
          }
        }
        break;
    }
  }
}

void FitSettingsOptions::reset() {
  values = FitSettings{};
  for (auto& [key, text] : choices)
    for (const SettingField& f : fit_settings_table())
      if (key == f.key) text = f.get_choice(values);
  kernel = values.kernel.name;
  for (auto& [key, v] : kernel_values) v = find_kernel_parameter(key)->default_value;
  for (auto& [key, v] : kernel_lists) v = {find_kernel_parameter(key)->default_value};
  for (auto& [key, v] : kernel_integers) v = static_cast<int>(find_kernel_parameter(key)->default_value);
}

FitSettings FitSettingsOptions::to_settings(Kernel* parsed_kernel) const {
  FitSettings s = values;
  for (const SettingField& f : fit_settings_table()) {
    if (f.type != SettingType::kChoice) continue;
    const auto it = choices.find(f.key);
    if (it == choices.end()) continue;  // not offered: keeps its default
    set_choice(f, s, canonical_name(it->second, f.choices()));
  }
  s.kernel.name = canonical_kernel_name(kernel);  // "RBF + Linear" -> "gaussian+linear"
  canonicalize_names(s);                          // "KRR" -> "krr", "FISTA" -> "fista"
  s.kernel.values = kernel_values;
  for (const auto& [key, v] : kernel_integers) s.kernel.set(key, v);
  for (const auto& [key, v] : kernel_lists) {
    if (v.size() == 1)
      s.kernel.set(key, v.front());  // one value: the same for every feature
    else
      s.kernel.per_feature[key] = v;
  }
  Kernel parsed = validate(s);
  if (parsed_kernel != nullptr) *parsed_kernel = std::move(parsed);
  return s;
}

}  // namespace kreg::cli
