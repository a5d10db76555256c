// A kernel parameter's value as the cv and loo reports write it: integers (degree) without a
// decimal point, in table cells and in JSON (where a config reads it back as an integer); values
// given one per feature (bandwidth) as one quoted cell and as a JSON list.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "kreg/core/number_text.h"
#include "kreg/io/table_writer.h"
#include "kreg/kernels/kernel.h"
#include "kreg/kernels/kernel_parameter.h"

namespace kreg::cli {

/// The value as a table cell: "3" for an integer parameter, else 17 significant digits.
inline std::string parameter_cell(const KernelParameter& p, double v) {
  return p.integer ? std::to_string(static_cast<long>(v)) : format_double(v);
}

/// The value as JSON: an integer for an integer parameter, else a number.
inline nlohmann::ordered_json parameter_json(const KernelParameter& p, double v) {
  return p.integer ? nlohmann::ordered_json(static_cast<long>(v)) : nlohmann::ordered_json(v);
}

/// p's value in `kernel` as a table cell: values given one per feature in one quoted field
/// ("\"0.5,2,1.3000000000000000\""), else parameter_cell of its value.
inline std::string parameter_cell(const KernelParameter& p, const KernelSettings& kernel) {
  const std::vector<double>* values = kernel.per_feature_values(p.key);
  if (values == nullptr) return parameter_cell(p, kernel.value(p.key));
  std::string s;
  for (double v : *values) s += (s.empty() ? "" : ",") + format_double(v);
  return csv_field(s);
}

/// p's value in `kernel` as JSON: a list of values given one per feature, else parameter_json.
inline nlohmann::ordered_json parameter_json(const KernelParameter& p, const KernelSettings& kernel) {
  const std::vector<double>* values = kernel.per_feature_values(p.key);
  return values == nullptr ? parameter_json(p, kernel.value(p.key)) : nlohmann::ordered_json(*values);
}

/// p's value in `kernel` for a summary: "0.5" or, one per feature, "0.5,2,1.3" (six digits each).
inline std::string parameter_text(const KernelParameter& p, const KernelSettings& kernel) {
  const std::vector<double>* values = kernel.per_feature_values(p.key);
  if (values == nullptr) return readable_number(kernel.value(p.key));
  std::string s;
  for (double v : *values) s += (s.empty() ? "" : ",") + readable_number(v);
  return s;
}

}  // namespace kreg::cli
