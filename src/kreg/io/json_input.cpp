// nlohmann's parser is iterative, so a deeply nested document cannot overflow the stack while
// parsing; the callback stops it at kMaxJsonDepth anyway, before anything downstream (type
// errors that print the value, recursive visitors) meets the depth.
#include "kreg/io/json_input.h"

#include <algorithm>
#include <cstring>
#include <istream>
#include <set>
#include <streambuf>
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

// The bytes of a source for the JSON parser, up to the first NUL byte, where reading stops with
// a JsonLimit naming its line and column: nlohmann's parser would take a NUL for the end of the
// text, accept what came before and never look at the rest.
class JsonBytes : public std::streambuf {
 public:
  explicit JsonBytes(ByteSource& source) : source_(source), buffer_(std::size_t(1) << 16) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    count(eback(), gptr());
    if (next_ == end_) {
      next_ = 0;
      end_ = source_.read(buffer_.data(), buffer_.size());
      if (end_ == 0) return traits_type::eof();
    }
    char* const first = buffer_.data() + next_;
    if (*first == '\0')
      throw JsonLimit{"invalid JSON: NUL byte at line " + std::to_string(line_) + ", column " +
                      std::to_string(column_ + 1) +
                      " (JSON text has none: is this a binary file, or one saved as UTF-16?)"};
    const void* nul = std::memchr(first, 0, end_ - next_);
    const std::size_t stop =
        nul != nullptr ? static_cast<std::size_t>(static_cast<const char*>(nul) - buffer_.data()) : end_;
    setg(first, first, buffer_.data() + stop);
    next_ = stop;
    return traits_type::to_int_type(*first);
  }

 private:
  // Lines and columns of the bytes read so far, for the message about a NUL.
  void count(const char* first, const char* last) {
    for (; first != last; ++first) {
      if (*first == '\n') {
        ++line_;
        column_ = 0;
      } else {
        ++column_;
      }
    }
  }

  ByteSource& source_;
  std::vector<char> buffer_;
  std::size_t next_ = 0, end_ = 0;  ///< the part of buffer_ not yet handed to the parser
  std::size_t line_ = 1, column_ = 0;
};

}  // namespace

std::string parse_json_source(ByteSource& source, nlohmann::json& out) {
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
      case json::parse_event_t::array_end:
      case json::parse_event_t::value:
        break;
    }
    return true;
  };
  JsonBytes bytes(source);
  std::istream in(&bytes);
  try {
    out = json::parse(in, check);
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

std::string parse_json_text(const std::string& text, nlohmann::json& out) {
  const auto source = memory_input(text, "text");
  return parse_json_source(*source, out);
}

std::string parse_json_file(const std::string& path, const std::string& kind, nlohmann::json& out) {
  const auto source = open_input(path, kind);
  return parse_json_source(*source, out);
}

std::string json_excerpt(const nlohmann::json& value) {
  std::string s = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

}  // namespace kreg
