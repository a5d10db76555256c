// JSON read from users' files (configs, models) with limits that keep a hostile or broken file
// from crashing kreg or flooding the terminal: at most 64 levels of nesting, no duplicate keys
// (a JSON parser would keep one silently), numbers within the range of a double.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace kreg {

inline constexpr int kMaxJsonDepth = 64;

/// Parses `text`; on failure returns a one-line reason ("invalid JSON: parse error at line 3,
/// column 5: ...", "nested deeper than 64 levels", "duplicate key 'lambda'", "number out of
/// range: '1e999'") and leaves `out` unspecified; returns "" on success.
std::string parse_json_text(const std::string& text, nlohmann::json& out);

/// The whole content of `path` ("-" = standard input; gzip data is decompressed). Throws
/// DataError when it cannot be read.
std::string read_input_text(const std::string& path, const std::string& kind = "file");

/// `value` as a short one-line JSON text for messages (at most about 60 characters).
std::string json_excerpt(const nlohmann::json& value);

}  // namespace kreg
