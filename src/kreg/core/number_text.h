// Numbers in messages: the shortest text that reads back to the same double.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace kreg {

/// "0.1" rather than "0.10000000000000001"; still exact on reading back.
inline std::string number_text(double v) {
  char buf[32];
  for (int digits = 6; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

}  // namespace kreg
