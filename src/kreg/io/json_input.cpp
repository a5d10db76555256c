// nlohmann's parser is iterative, so a deeply nested document cannot overflow the stack while
// parsing; the callback stops it at kMaxJsonDepth anyway, before anything downstream (type
// errors that print the value, recursive visitors) meets the depth.
#include "kreg/io/json_input.h"

#include <set>
#include <vector>

#include "kreg/core/errors.h"
#include "kreg/io/byte_source.h"

namespace kreg {

namespace {

struct JsonLimit {
  std::string reason;
};

// Cuts a message down to its first 200 characters and drops nlohmann's "[json.exception...] ".
std::string clean(const std::string& what) {
  const auto pos = what.find("] ");
  std::string s = pos == std::string::npos ? what : what.substr(pos + 2);
  if (s.size() > 200) s = s.substr(0, 197) + "...";
  return s;
}

}  // namespace

std::string parse_json_text(const std::string& text, nlohmann::json& out) {
  using nlohmann::json;
  std::vector<std::set<std::string>> keys;  // the keys seen so far in each open object
  const json::parser_callback_t check = [&keys](int depth, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (depth >= kMaxJsonDepth) throw JsonLimit{"nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
        if (event == json::parse_event_t::object_start) keys.emplace_back();
        break;
      case json::parse_event_t::key:
        if (!keys.empty() && !keys.back().insert(parsed.get<std::string>()).second) {
          std::string key = parsed.get<std::string>();
          if (key.size() > 40) key = key.substr(0, 37) + "...";
          throw JsonLimit{"duplicate key '" + key + "' (a JSON object names each key once)"};
        }
        break;
      case json::parse_event_t::object_end:
        if (!keys.empty()) keys.pop_back();
        break;
      default:
        break;
    }
    return true;
  };
  try {
    out = json::parse(text, check);
  } catch (const JsonLimit& limit) {
    return limit.reason;
  } catch (const json::parse_error& e) {
    return "invalid JSON: " + clean(e.what());
  } catch (const json::out_of_range& e) {  // 406: a number beyond the range of a double
    std::string what = clean(e.what());
    const auto q = what.find('\'');
    return q == std::string::npos ? what : "number out of range: " + what.substr(q);
  } catch (const json::exception& e) {
    return clean(e.what());
  }
  return "";
}

std::string read_input_text(const std::string& path, const std::string& kind) {
  auto source = open_input(path, kind);
  std::string text;
  char buffer[1 << 16];
  for (std::size_t got; (got = source->read(buffer, sizeof buffer)) > 0;) text.append(buffer, got);
  return text;
}

std::string json_excerpt(const nlohmann::json& value) {
  std::string s = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

}  // namespace kreg
