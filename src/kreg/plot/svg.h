// A standalone SVG document written element by element: real text (selectable, searchable),
// coordinates in pixels with two decimals, every attribute value escaped. The charts
// (chart.h) draw through it; nothing here knows about data.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace kreg {

/// `text` with &, <, >, " and ' written as XML entities.
std::string xml_escaped(const std::string& text);
/// A coordinate or length: at most two decimals, no trailing zeros ("12.5", "3", "-0.25").
std::string svg_number(double value);

/// How a stroke is drawn.
struct Stroke {
  std::string colour = "#000000";
  double width = 1.0;
  std::string dash;  ///< "" solid, else an SVG dasharray ("5 3")
};

class SvgDocument {
 public:
  /// An empty picture of `width` x `height` pixels on a white background; `font` is the
  /// font-family list every text inherits.
  SvgDocument(double width, double height, const std::string& font);

  /// A group; `id` may be empty. Groups nest; every open_group needs a close_group.
  void open_group(const std::string& id, const std::string& attributes = "");
  void close_group();

  void line(double x1, double y1, double x2, double y2, const Stroke& stroke, const std::string& id = "");
  /// A polyline through the points, not closed.
  void polyline(const std::vector<std::pair<double, double>>& points, const Stroke& stroke);
  void rect(double x, double y, double width, double height, const std::string& fill, const Stroke* stroke = nullptr);
  void circle(double cx, double cy, double r, const std::string& fill, const Stroke* stroke = nullptr,
              const std::string& id = "");
  /// Text at (x, y) (the baseline); `anchor` is start, middle or end; `attributes` are added
  /// as written (font-size, font-weight, transform, ...). A white halo behind the letters
  /// (`halo`) keeps a label legible where it crosses a line.
  void text(double x, double y, const std::string& content, const std::string& anchor,
            const std::string& attributes = "", bool halo = false);

  /// The finished document (closes it; call once).
  std::string finish();

 private:
  std::string body_;
  int open_groups_ = 0;
};

}  // namespace kreg
