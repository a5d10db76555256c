#include "kreg/core/number_parse.h"

#include <charconv>
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

bool parse_finite_double(const std::string& text, double& value) {
  return parse_number(text.data(), text.data() + text.size(), value) == NumberText::kNumber;
}

}  // namespace kreg
