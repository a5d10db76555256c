#include "kreg/core/number_parse.h"

#include <charconv>
#include <climits>
#include <cmath>
#include <cstdlib>

namespace kreg {

NumberText parse_number(const char* first, const char* last, double& value) {
  if (first != last && *first == '+') {  // from_chars rejects a leading '+'; CSV writers emit it
    ++first;
    if (first == last || *first == '-') return NumberText::kNotANumber;
  }
  if (first == last) return NumberText::kNotANumber;
  const auto [ptr, ec] = std::from_chars(first, last, value);
  if (ptr != last) return NumberText::kNotANumber;
  if (ec == std::errc::result_out_of_range) {
    // Too large is an error; too small rounds to the nearest double (0 or subnormal).
    const std::string copy(first, last);
    value = std::strtod(copy.c_str(), nullptr);
    return std::isinf(value) ? NumberText::kOutOfRange : NumberText::kNumber;
  }
  if (ec != std::errc()) return NumberText::kNotANumber;
  return std::isfinite(value) ? NumberText::kNumber : NumberText::kNonFinite;
}

IntegerText parse_decimal_integer(const std::string& text, long long low, long long high, long long& value) {
  const char* first = text.data();
  const char* const last = first + text.size();
  const bool negative = first != last && *first == '-';
  if (first != last && (*first == '+' || *first == '-')) ++first;
  if (first == last) return IntegerText::kNotAnInteger;
  for (const char* c = first; c != last; ++c)
    if (*c < '0' || *c > '9') return IntegerText::kNotAnInteger;
  // The magnitude as unsigned: every long long fits, and more digits than any holds is out of range.
  unsigned long long magnitude = 0;
  const auto [ptr, ec] = std::from_chars(first, last, magnitude, 10);
  if (ec == std::errc::result_out_of_range) return IntegerText::kOutOfRange;
  if (ec != std::errc() || ptr != last) return IntegerText::kNotAnInteger;
  constexpr unsigned long long kMostNegative = static_cast<unsigned long long>(LLONG_MAX) + 1ULL;
  if (negative ? magnitude > kMostNegative : magnitude > static_cast<unsigned long long>(LLONG_MAX))
    return IntegerText::kOutOfRange;
  value = negative ? (magnitude == kMostNegative ? LLONG_MIN : -static_cast<long long>(magnitude))
                   : static_cast<long long>(magnitude);
  return value < low || value > high ? IntegerText::kOutOfRange : IntegerText::kNumber;
}

bool parse_finite_double(const std::string& text, double& value) {
  return parse_number(text.data(), text.data() + text.size(), value) == NumberText::kNumber;
}

}  // namespace kreg
