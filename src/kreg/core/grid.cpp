// Grid text -> values.
#include "kreg/core/grid.h"

#include <cmath>
#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/core/number_parse.h"

namespace kreg {

namespace {
std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream is(s);
  while (std::getline(is, item, sep)) {
    const auto b = item.find_first_not_of(" \t"), e = item.find_last_not_of(" \t");
    out.push_back(b == std::string::npos ? "" : item.substr(b, e - b + 1));
  }
  return out;
}
}  // namespace

std::vector<double> logspace(double a, double b, int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) {
    const double e = n == 1 ? a : a + (b - a) * i / (n - 1);
    v.push_back(std::pow(10.0, e));
  }
  return v;
}

std::vector<double> parse_grid(const std::string& text, const std::string& key) {
  const auto bad = [&](const std::string& why) {
    return ConfigError(key, why + " in grid '" + text + "' (use logspace:a:b:n, linspace:a:b:n or a,b,c)");
  };
  std::vector<double> values;
  if (text.rfind("logspace:", 0) == 0 || text.rfind("linspace:", 0) == 0) {
    const auto parts = split(text.substr(9), ':');
    double a = 0, b = 0, n = 0;
    if (parts.size() != 3 || !parse_finite_double(parts[0], a) || !parse_finite_double(parts[1], b) ||
        !parse_finite_double(parts[2], n))
      throw bad("expected three numbers a:b:n");
    if (n < 1 || n != std::floor(n) || n > 1e6) throw bad("n must be a whole number from 1 to 1e6");
    if (text[0] == 'l' && text[1] == 'o') {
      values = logspace(a, b, static_cast<int>(n));
    } else {
      for (int i = 0; i < static_cast<int>(n); ++i) values.push_back(n == 1 ? a : a + (b - a) * i / (n - 1));
    }
  } else {
    const auto items = split(text, ',');
    if (items.size() > 1000000) throw bad("more than 1e6 values");
    for (const auto& item : items) {
      double v = 0;
      if (!parse_finite_double(item, v)) throw bad("'" + item + "' is not a number");
      values.push_back(v);
    }
  }
  if (values.empty()) throw bad("no values");
  for (double v : values)
    if (!std::isfinite(v)) throw bad("non-finite value");
  return values;
}

}  // namespace kreg
