// Reading a number from text, as data cells, grid specifications and options need it: the
// whole text must be a decimal number (a leading '+' allowed; no hexadecimal, no spaces).
#pragma once

#include <string>

namespace kreg {

enum class NumberText {
  kNumber,      ///< a finite double (one too small for a double reads as the nearest, 0 or subnormal)
  kNotANumber,  ///< not a decimal number in full
  kNonFinite,   ///< inf or nan written out
  kOutOfRange   ///< beyond +-1.8e308
};

/// Reads [first, last) into value.
NumberText parse_number(const char* first, const char* last, double& value);

/// Parses a finite double from the whole of `text`; false otherwise.
bool parse_finite_double(const std::string& text, double& value);

}  // namespace kreg
