// Versioned JSON form of a Model (format "kreg-model", format_version 2; version 1 is read too). Numbers are
// written in shortest round-trip form, so a saved model predicts bit for bit as the original.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "kreg/model/model.h"

namespace kreg {

inline constexpr const char* kModelFormatName = "kreg-model";
inline constexpr int kModelFormatVersion = 2;
/// The oldest version this kreg reads. Version 1 (kreg 0.1 before kernel combinations) differs
/// only in that its kernel is always a single kernel type.
inline constexpr int kOldestModelFormatVersion = 1;

nlohmann::ordered_json model_to_json(const Model& model);

/// Rebuilds a Model. Throws ModelFormatError naming `source` and the offending key when the
/// format name or version is unknown, a key is missing or ill-typed, or sizes disagree.
Model model_from_json(const nlohmann::json& j, const std::string& source);

/// Reads and parses `path` ("-" = standard input). ModelFormatError with line and column for
/// malformed JSON, and for what parse_json_text refuses (deep nesting, duplicate keys, ...).
Model load_model(const std::string& path);
/// The same from the text of a model file, named `source` in messages.
Model model_from_text(const std::string& text, const std::string& source);

}  // namespace kreg
