// roff escapes.
#include "roff.h"

#include <cstdio>

namespace kreg::docgen {

namespace {
// The code point of the UTF-8 sequence at s[i] (advancing i past it); U+FFFD for a broken one.
unsigned next_code_point(const std::string& s, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = byte(i);
  const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  unsigned cp = extra == 3 ? c & 0x07u : extra == 2 ? c & 0x0Fu : extra == 1 ? c & 0x1Fu : c;
  ++i;
  for (int k = 0; k < extra; ++k, ++i) {
    if (i >= s.size() || (byte(i) & 0xC0u) != 0x80u) return 0xFFFD;
    cp = (cp << 6) | (byte(i) & 0x3Fu);
  }
  return cp;
}
}  // namespace

std::string roff_text(const std::string& text) {
  std::string out;
  if (!text.empty() && (text[0] == '.' || text[0] == '\'')) out = "\\&";
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (static_cast<unsigned char>(c) >= 0x80) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\[u%04X]", next_code_point(text, i));
      out += buf;
      continue;
    }
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else if (c == '|')
      out += "|\\:";  // a place to break "a|b|c|..." lists
    else
      out += c;
    ++i;
  }
  return out;
}

std::string roff_bold(const std::string& text) { return "\\fB" + roff_text(text) + "\\fR"; }

std::string roff_italic(const std::string& text) { return "\\fI" + roff_text(text) + "\\fR"; }

}  // namespace kreg::docgen
