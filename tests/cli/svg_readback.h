// Reading a kreg picture back: an axis from its tick marks (value and pixel of each, and its
// scale), and a marked choice's centre. The map from pixels to values is rebuilt from the
// ticks alone, independently of the plotting code's own transform.
#pragma once

#include <cmath>
#include <regex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace kreg::test {

struct AxisReadback {
  bool log = false;
  std::vector<std::pair<double, double>> ticks;  ///< (value, pixel)

  double coordinate(double v) const { return log ? std::log10(v) : v; }
  /// The pixel of `value`, by the line through the first and last tick.
  double pixel_of(double value) const {
    const auto& [v0, p0] = ticks.front();
    const auto& [v1, p1] = ticks.back();
    return p0 + (coordinate(value) - coordinate(v0)) / (coordinate(v1) - coordinate(v0)) * (p1 - p0);
  }
  /// The value at `pixel`.
  double value_at(double pixel) const {
    const auto& [v0, p0] = ticks.front();
    const auto& [v1, p1] = ticks.back();
    const double c = coordinate(v0) + (pixel - p0) / (p1 - p0) * (coordinate(v1) - coordinate(v0));
    return log ? std::pow(10.0, c) : c;
  }
};

/// The axis `axis` ('x' or 'y') of panel `panel` (1, 2, ...).
inline AxisReadback read_axis(const std::string& svg, int panel, char axis) {
  AxisReadback a;
  const std::string p = "p" + std::to_string(panel) + "-";
  std::smatch m;
  const std::regex group("<g id=\"" + p + axis + "axis\" data-scale=\"(log|linear)\">");
  if (!std::regex_search(svg, m, group)) throw std::runtime_error("no axis " + p + axis);
  a.log = m[1] == "log";
  const std::regex tick("<line id=\"" + p + axis + "tick-([^\"]+)\" x1=\"([^\"]+)\" y1=\"([^\"]+)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tick); it != std::sregex_iterator(); ++it)
    a.ticks.emplace_back(std::stod((*it)[1]), std::stod((*it)[axis == 'x' ? 2 : 3]));
  if (a.ticks.size() < 2) throw std::runtime_error("axis " + p + axis + " has fewer than two ticks");
  return a;
}

/// The centre of the marker circle `id` ("p1-min").
inline std::pair<double, double> marker_centre(const std::string& svg, const std::string& id) {
  std::smatch m;
  const std::regex circle("<circle id=\"" + id + "\" cx=\"([^\"]+)\" cy=\"([^\"]+)\"");
  if (!std::regex_search(svg, m, circle)) throw std::runtime_error("no marker " + id);
  return {std::stod(m[1]), std::stod(m[2])};
}

}  // namespace kreg::test
