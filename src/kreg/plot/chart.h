// A chart as data: a title, one or more panels side by side (each with its axes, curves,
// points, error bars and marked choices), and notes under them; draw_chart lays it out and
// writes it as SVG. The kinds of picture (cv, path, loo, predictions) build a Chart from a table.
//
// Ids in the SVG, for readers and tests (N = the panel, from 1): the tick marks are lines with
// id "pN-xtick-V" / "pN-ytick-V" (V the tick's value, x1 or y1 its pixel), inside groups
// "pN-xaxis" / "pN-yaxis" whose data-scale is "linear" or "log"; a marked choice is a circle
// with id "pN-<marker id>".
#pragma once

#include <string>
#include <vector>

#include "kreg/plot/axis.h"

namespace kreg {

/// The Okabe-Ito colours, safe for the common forms of colour blindness, in the order charts
/// use them (blue, vermillion, bluish green, orange, reddish purple, sky blue, black).
const std::vector<std::string>& chart_palette();
/// The colour of curves drawn for context only.
inline const char* kContextColour = "#bbbbbb";

struct ChartSeries {
  std::string name;                  ///< legend entry; "" for none
  std::vector<double> x, y;          ///< a value that the axis cannot show breaks the line
  std::vector<double> lower, upper;  ///< error bars (empty: none)
  std::string colour = "#0072B2";
  std::string dash;     ///< "" solid, else an SVG dasharray
  bool line = true;     ///< joined by a line
  bool points = false;  ///< a dot at each point
  double width = 1.8;
};

struct ChartMarker {
  std::string id;     ///< the circle's id is "pN-" + id
  double x = 0.0;
  double y = 0.0;     ///< the marked point; its label is written at the top of the panel
  std::string label;  ///< "min: lambda 0.0251"
  std::string colour = "#000000";
};

struct ChartPanel {
  std::string x_label, y_label;
  Scale x_scale = Scale::kLinear, y_scale = Scale::kLinear;
  std::vector<ChartSeries> series;
  std::vector<ChartMarker> markers;
  bool diagonal = false;   ///< the line y = x, and one range for both axes
  bool zero_line = false;  ///< the line y = 0
};

struct Chart {
  std::string title;
  std::vector<ChartPanel> panels;
  std::vector<std::string> notes;  ///< lines under the panels
};

/// The chart as a standalone SVG document of `width` x `height` pixels.
std::string draw_chart(const Chart& chart, int width, int height);

}  // namespace kreg
