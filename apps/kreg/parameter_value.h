// A kernel parameter's value as the cv and loo reports write it: integers (degree) without a
// decimal point, in table cells and in JSON (where a config reads it back as an integer).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "kreg/core/number_text.h"
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

}  // namespace kreg::cli
