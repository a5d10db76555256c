// One axis of a chart: its scale (linear, or log for lambda, t and bandwidths), the range it
// shows, the map from values to pixels and its ticks (decades on a log axis, 1-2-5 steps on a
// linear one) with their labels.
#pragma once

#include <string>
#include <vector>

namespace kreg {

enum class Scale { kLinear, kLog };

struct Axis {
  Scale scale = Scale::kLinear;
  double lo = 0.0, hi = 1.0;             ///< the values at the two ends
  double pixel_lo = 0.0, pixel_hi = 1.0;  ///< their pixel coordinates (pixel_hi < pixel_lo for a y axis)

  /// An axis showing every value that it can show (shows()), with 4% of the span to spare at
  /// each end (of log10 of the values on a log scale). One distinct value is shown in the middle
  /// of a span of half a decade each side (log) or of 5% of the value each side (linear).
  static Axis fitted(const std::vector<double>& values, Scale scale, double pixel_lo, double pixel_hi);

  /// Whether `value` can be placed: finite, and positive on a log axis.
  bool shows(double value) const;
  /// The pixel coordinate of `value` (linear in log10(value) on a log axis).
  double pixel(double value) const;
  /// The ticks inside [lo, hi]: every decade on a log axis (every second, third, ... when
  /// there are more than eight), with 2 and 5 times the decades when fewer than three decades
  /// fall inside; multiples of a 1, 2 or 5 step on a linear axis, five to ten of them.
  std::vector<double> ticks() const;
  /// How a tick reads: "0.01", "1000", "2.5"; on a log axis reaching beyond 10^±3, every decade
  /// as a power of ten ("10⁻⁵", "10⁰", "10²").
  std::string tick_label(double value) const;
};

/// The scale that suits values spanning orders of magnitude: log when every finite value is
/// positive and the largest is at least `ratio` times the smallest, linear otherwise.
Scale scale_for(const std::vector<double>& values, double ratio);

}  // namespace kreg
