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

enum class IntegerText {
  kNumber,        ///< a whole number from low to high
  kNotAnInteger,  ///< not an optional sign and decimal digits in full
  kOutOfRange     ///< decimal digits, but below low or above high
};

/// Reads the whole of `text` as a decimal integer: an optional '+' or '-', then digits 0-9
/// (leading zeros read in decimal: "010" is ten, never octal; no "0x", no exponent, no spaces).
/// A value outside [low, high] is kOutOfRange, never clamped.
IntegerText parse_decimal_integer(const std::string& text, long long low, long long high, long long& value);

}  // namespace kreg
