// JSON read from users' files (configs, models) with limits that keep a hostile or broken file
// from crashing kreg or flooding the terminal: at most 64 levels of nesting, no duplicate keys
// (a JSON parser would keep one silently), numbers within the range of a double, no NUL byte;
// read as a stream, so that a file's size costs no memory beyond the document it holds.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "kreg/io/byte_source.h"

namespace kreg {

inline constexpr int kMaxJsonDepth = 64;

/// Parses the JSON document that `source` yields, reading it as it goes (the text is never held
/// whole); on failure returns a one-line reason ("invalid JSON: parse error at line 3, column 5:
/// ...", "invalid JSON: NUL byte at line 2, column 7 (...)", "nested deeper than 64 levels",
/// "duplicate key 'lambda'", "number out of range: '1e999'") and leaves `out` unspecified;
/// returns "" on success. Only whitespace may follow the value; a NUL byte anywhere is refused
/// where it is, at once (a JSON parser would take it for the end of the text and ignore the
/// rest). Throws DataError when the source cannot be read.
std::string parse_json_source(ByteSource& source, nlohmann::json& out);

/// parse_json_source of the bytes of `text`.
std::string parse_json_text(const std::string& text, nlohmann::json& out);

/// parse_json_source of the file `path` ("-" = standard input; gzip data is decompressed).
/// Throws DataError "<path>: cannot open <kind> for reading: ..." when it cannot be opened.
std::string parse_json_file(const std::string& path, const std::string& kind, nlohmann::json& out);

/// `value` as a short one-line JSON text for messages (at most about 60 characters).
std::string json_excerpt(const nlohmann::json& value);

}  // namespace kreg
