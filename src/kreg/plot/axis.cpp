// Axis ranges, pixel maps and ticks.
#include "kreg/plot/axis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kreg {

namespace {

constexpr double kPad = 0.04;

// The coordinate in which the axis is linear.
double coordinate(Scale scale, double v) { return scale == Scale::kLog ? std::log10(v) : v; }
double from_coordinate(Scale scale, double c) { return scale == Scale::kLog ? std::pow(10.0, c) : c; }

// 1, 2 or 5 times a power of ten, the smallest not below `raw`.
double nice_step(double raw) {
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= raw * (1 - 1e-9)) return m * decade;
  return 10.0 * decade;
}

std::string superscript(long k) {
  static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string s = k < 0 ? "⁻" : "";
  const std::string plain = std::to_string(k < 0 ? -k : k);
  for (const char c : plain) s += digits[c - '0'];
  return s;
}

}  // namespace

Axis Axis::fitted(const std::vector<double>& values, Scale scale, double pixel_lo, double pixel_hi) {
  Axis a;
  a.scale = scale;
  a.pixel_lo = pixel_lo;
  a.pixel_hi = pixel_hi;
  double lo = INFINITY, hi = -INFINITY;
  for (const double v : values) {
    if (!a.shows(v)) continue;
    lo = std::min(lo, coordinate(scale, v));
    hi = std::max(hi, coordinate(scale, v));
  }
  if (lo > hi) {  // nothing to show: a unit range
    lo = 0.0;
    hi = 1.0;
  } else if (hi - lo <= 1e-9 * std::max({scale == Scale::kLog ? 1.0 : 0.0, std::fabs(lo), std::fabs(hi)})) {
    // One value, or values that differ in their last digits only: shown as one.
    lo = hi = (lo + hi) / 2;
    const double half = scale == Scale::kLog ? 0.5 : (lo == 0.0 ? 0.5 : 0.05 * std::fabs(lo));
    lo -= half;
    hi += half;
  } else {
    const double pad = kPad * (hi - lo);
    lo -= pad;
    hi += pad;
  }
  a.lo = from_coordinate(scale, lo);
  a.hi = from_coordinate(scale, hi);
  return a;
}

bool Axis::shows(double value) const { return std::isfinite(value) && (scale == Scale::kLinear || value > 0.0); }

double Axis::pixel(double value) const {
  const double c0 = coordinate(scale, lo), c1 = coordinate(scale, hi);
  return pixel_lo + (coordinate(scale, value) - c0) / (c1 - c0) * (pixel_hi - pixel_lo);
}

std::vector<double> Axis::ticks() const {
  std::vector<double> out;
  if (scale == Scale::kLog) {
    const long k0 = static_cast<long>(std::ceil(std::log10(lo) - 1e-9));
    const long k1 = static_cast<long>(std::floor(std::log10(hi) + 1e-9));
    const long decades = k1 - k0 + 1;
    if (decades >= 3) {
      const long every = decades > 8 ? (decades + 7) / 8 : 1;
      for (long k = k0; k <= k1; ++k)
        if ((k - k0) % every == 0) out.push_back(std::pow(10.0, static_cast<double>(k)));
      return out;
    }
    for (long k = k0 - 1; k <= k1; ++k)
      for (const double m : {1.0, 2.0, 5.0}) {
        const double v = m * std::pow(10.0, static_cast<double>(k));
        if (v >= lo * (1 - 1e-12) && v <= hi * (1 + 1e-12)) out.push_back(v);
      }
    if (out.size() >= 2) return out;
    out.clear();  // less than a factor 2.5 of range: linear steps read better
  }
  const double step = nice_step((hi - lo) / 6.0);
  // (fitted() keeps hi - lo above 1e-9 of the values, so there are at most a dozen steps)
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + 1e-9 * step && out.size() < 24; k += 1.0) {
    const double v = k * step;
    out.push_back(std::fabs(v) < 1e-12 * step ? 0.0 : v);
  }
  return out;
}

namespace {

// A tick of a log axis that is not a power of ten in powers style (2, 5 times one): three
// significant digits, plainly from 10^-3 to 10^4 ("0.002", "5000"), else as m×10^k ("5×10⁴"),
// never in C's exponent form ("5e+04").
std::string log_tick_text(double value) {
  char buf[48];
  const double k = std::floor(std::log10(std::fabs(value)) + 1e-9);
  if (k >= -3 && k < 4) {
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(std::max(0.0, 2.0 - k)), value);
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
      s.erase(s.find_last_not_of('0') + 1);
      if (s.back() == '.') s.pop_back();
    }
    return s;
  }
  std::snprintf(buf, sizeof buf, "%.3g", value / std::pow(10.0, k));
  return std::string(buf) + "×10" + superscript(static_cast<long>(k));
}

}  // namespace

std::string Axis::tick_label(double value) const {
  char buf[48];
  if (scale == Scale::kLog) {
    const double k = std::round(std::log10(value));
    const bool decade = std::fabs(value / std::pow(10.0, k) - 1.0) < 1e-9;
    // Powers of ten for every decade when the axis reaches beyond 10^-3 or 10^3.
    const bool powers = std::log10(lo) < -3.5 || std::log10(hi) > 3.5;
    if (decade && (powers || std::fabs(k) > 3)) return "10" + superscript(static_cast<long>(k));
    return log_tick_text(value);
  }
  // Enough decimals for the step between ticks.
  const std::vector<double> t = ticks();
  const double step = t.size() >= 2 ? t[1] - t[0] : std::fabs(hi - lo);
  const double magnitude = std::max(std::fabs(lo), std::fabs(hi));
  if (magnitude >= 1e6 || (magnitude > 0 && magnitude < 1e-4)) {
    std::snprintf(buf, sizeof buf, "%.3g", value);
    return buf;
  }
  const int decimals = step > 0 ? std::max(0, static_cast<int>(std::ceil(-std::log10(step) - 1e-9))) : 0;
  std::snprintf(buf, sizeof buf, "%.*f", std::min(decimals, 10), value);
  std::string s = buf;
  if (s == "-0" || s.find_first_not_of("-0.") == std::string::npos) s = "0";
  return s;
}

Scale scale_for(const std::vector<double>& values, double ratio) {
  double lo = INFINITY, hi = -INFINITY;
  for (const double v : values) {
    if (!std::isfinite(v)) continue;
    if (v <= 0.0) return Scale::kLinear;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return lo <= hi && hi >= ratio * lo ? Scale::kLog : Scale::kLinear;
}

}  // namespace kreg
