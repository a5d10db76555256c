// Numbers as text, in the three forms kreg prints: for files (every bit, round trip), for
// echoing a value the user gave (the shortest text that reads back to it), and for people
// reading a summary or a warning (six significant digits).
#pragma once

#include <cmath>
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

/// A cell of a CSV or a number in a result file: 17 significant digits, so that it reads back
/// to the same bits; non-finite values become an empty field (read as missing by pandas and R).
inline std::string format_double(double value) {
  if (!std::isfinite(value)) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", value);
  return buf;
}

/// A number for a summary or a message: six significant digits ("40.8228", "1e-300"), and
/// "nan", "inf", "-inf" spelled out.
inline std::string readable_number(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", value);
  return buf;
}

}  // namespace kreg
