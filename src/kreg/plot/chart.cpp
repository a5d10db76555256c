// Layout and drawing of a Chart: title on top, panels side by side, each with a frame, grid
// lines, ticks, axis labels, its series, marked choices and a legend under it, notes at the
// bottom. Text widths are estimated at 0.6 em per character (DejaVu Sans and Arial are close).
#include "kreg/plot/chart.h"

#include <algorithm>
#include <cmath>

#include "kreg/core/number_text.h"
#include "kreg/plot/svg.h"

namespace kreg {

const std::vector<std::string>& chart_palette() {
  static const std::vector<std::string> colours = {"#0072B2", "#D55E00", "#009E73", "#E69F00",
                                                   "#CC79A7", "#56B4E9", "#000000"};
  return colours;
}

namespace {

constexpr double kTitleSize = 15, kLabelSize = 12, kTickSize = 11, kLegendSize = 11, kNoteSize = 11;
constexpr double kLegendRow = 16, kNoteRow = 15;
constexpr double kLeftMargin = 70, kRightMargin = 18, kTop = 44, kBelowAxis = 46;
const char* const kFont = "DejaVu Sans, Helvetica, Arial, sans-serif";

std::size_t characters(const std::string& s) {
  std::size_t n = 0;
  for (const unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}
double text_width(const std::string& s, double size) { return 0.6 * size * static_cast<double>(characters(s)); }

std::string size_attribute(double size) { return "font-size=\"" + svg_number(size) + "\""; }

// Legend entries laid out in rows of at most `width` pixels: the row of each entry.
std::vector<int> legend_rows(const ChartPanel& panel, double width, int& rows) {
  std::vector<int> row_of;
  double x = 0;
  rows = 0;
  for (const ChartSeries& s : panel.series) {
    if (s.name.empty()) {
      row_of.push_back(-1);
      continue;
    }
    const double w = 24 + text_width(s.name, kLegendSize) + 16;
    if (rows == 0 || (x + w > width && x > 0)) {
      ++rows;
      x = 0;
    }
    row_of.push_back(rows - 1);
    x += w;
  }
  return row_of;
}

struct Frame {
  double left, right, top, bottom;
};

std::vector<double> all_x(const ChartPanel& p) {
  std::vector<double> v;
  for (const ChartSeries& s : p.series) v.insert(v.end(), s.x.begin(), s.x.end());
  for (const ChartMarker& m : p.markers) v.push_back(m.x);
  return v;
}
std::vector<double> all_y(const ChartPanel& p) {
  std::vector<double> v;
  for (const ChartSeries& s : p.series) {
    v.insert(v.end(), s.y.begin(), s.y.end());
    v.insert(v.end(), s.lower.begin(), s.lower.end());
    v.insert(v.end(), s.upper.begin(), s.upper.end());
  }
  for (const ChartMarker& m : p.markers) v.push_back(m.y);
  return v;
}

void draw_axis(SvgDocument& svg, const Axis& axis, bool horizontal, const Frame& f, const std::string& prefix) {
  svg.open_group(prefix + (horizontal ? "xaxis" : "yaxis"),
                 std::string("data-scale=\"") + (axis.scale == Scale::kLog ? "log" : "linear") + "\"");
  const Stroke grid{"#e8e8e8", 1.0, ""}, tick{"#555555", 1.0, ""};
  for (const double v : axis.ticks()) {
    const double p = axis.pixel(v);
    const std::string id = prefix + (horizontal ? "xtick-" : "ytick-") + number_text(v);
    if (horizontal) {
      svg.line(p, f.top, p, f.bottom, grid);
      svg.line(p, f.bottom, p, f.bottom + 5, tick, id);
      svg.text(p, f.bottom + 18, axis.tick_label(v), "middle", size_attribute(kTickSize));
    } else {
      svg.line(f.left, p, f.right, p, grid);
      svg.line(f.left - 5, p, f.left, p, tick, id);
      svg.text(f.left - 8, p + 4, axis.tick_label(v), "end", size_attribute(kTickSize));
    }
  }
  svg.close_group();
}

void draw_series(SvgDocument& svg, const ChartSeries& s, const Axis& x, const Axis& y, std::size_t count) {
  const Stroke stroke{s.colour, s.width, s.dash};
  if (!s.lower.empty()) {  // error bars first, under the line
    const Stroke bar{s.colour, 1.0, ""};
    if (s.points) svg.open_group("", "stroke-opacity=\"0.55\"");  // bars under a cloud of points
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (!x.shows(s.x[i]) || !y.shows(s.lower[i]) || !y.shows(s.upper[i])) continue;
      const double px = x.pixel(s.x[i]), lo = y.pixel(s.lower[i]), hi = y.pixel(s.upper[i]);
      svg.line(px, lo, px, hi, bar);
      if (count <= 60) {
        svg.line(px - 3, lo, px + 3, lo, bar);
        svg.line(px - 3, hi, px + 3, hi, bar);
      }
    }
    if (s.points) svg.close_group();
  }
  if (s.line) {
    std::vector<std::pair<double, double>> run;
    for (std::size_t i = 0; i <= s.x.size(); ++i) {
      const bool ok = i < s.x.size() && x.shows(s.x[i]) && y.shows(s.y[i]);
      if (ok) run.emplace_back(x.pixel(s.x[i]), y.pixel(s.y[i]));
      if (!ok || i == s.x.size()) {
        if (run.size() >= 2) svg.polyline(run, stroke);
        if (run.size() == 1 && !s.points) svg.circle(run[0].first, run[0].second, 2.5, s.colour);
        run.clear();
      }
    }
  }
  if (s.points) {
    const double r = count > 1000 ? 1.6 : (count > 200 ? 2.2 : 3.0);
    svg.open_group("", "fill-opacity=\"0.75\"");
    for (std::size_t i = 0; i < s.x.size(); ++i)
      if (x.shows(s.x[i]) && y.shows(s.y[i])) svg.circle(x.pixel(s.x[i]), y.pixel(s.y[i]), r, s.colour);
    svg.close_group();
  }
}

void draw_panel(SvgDocument& svg, const ChartPanel& panel, const Frame& f, std::size_t index, double legend_width) {
  const std::string prefix = "p" + std::to_string(index + 1) + "-";
  std::vector<double> xs = all_x(panel), ys = all_y(panel);
  if (panel.diagonal) {
    xs.insert(xs.end(), ys.begin(), ys.end());
    ys = xs;
  }
  const Axis x = Axis::fitted(xs, panel.x_scale, f.left, f.right);
  const Axis y = Axis::fitted(ys, panel.y_scale, f.bottom, f.top);
  draw_axis(svg, x, true, f, prefix);
  draw_axis(svg, y, false, f, prefix);
  const Stroke frame{"#666666", 1.0, ""};
  svg.rect(f.left, f.top, f.right - f.left, f.bottom - f.top, "none", &frame);
  svg.text((f.left + f.right) / 2, f.bottom + 36, panel.x_label, "middle", size_attribute(kLabelSize));
  const double ly = (f.top + f.bottom) / 2, lx = f.left - 54;
  svg.text(lx, ly, panel.y_label, "middle",
           size_attribute(kLabelSize) + " transform=\"rotate(-90 " + svg_number(lx) + " " + svg_number(ly) + ")\"");

  const Stroke reference{"#888888", 1.0, "5 4"};
  if (panel.diagonal) {
    const double a = std::max(x.lo, y.lo), b = std::min(x.hi, y.hi);
    if (a < b) svg.line(x.pixel(a), y.pixel(a), x.pixel(b), y.pixel(b), reference);
  }
  if (panel.zero_line && y.lo < 0 && y.hi > 0) svg.line(f.left, y.pixel(0), f.right, y.pixel(0), reference);

  std::size_t count = 0;
  for (const ChartSeries& s : panel.series) count = std::max(count, s.x.size());
  for (const ChartSeries& s : panel.series) draw_series(svg, s, x, y, count);

  for (std::size_t k = 0; k < panel.markers.size(); ++k) {
    const ChartMarker& m = panel.markers[k];
    if (!x.shows(m.x)) continue;
    const double px = x.pixel(m.x);
    svg.line(px, f.top, px, f.bottom, Stroke{m.colour, 1.2, "4 3"});
    const bool right_half = px > (f.left + f.right) / 2;
    // The label at the top of the panel, or at its foot where the marked point would be under it.
    double label_y = f.top + 15 + 15 * static_cast<double>(k);
    if (y.shows(m.y) && y.pixel(m.y) < label_y + 8) label_y = f.bottom - 8 - 15 * static_cast<double>(k);
    svg.text(right_half ? px - 5 : px + 5, label_y, m.label, right_half ? "end" : "start",
             size_attribute(kLegendSize) + " fill=\"" + m.colour + "\"", true);
    if (y.shows(m.y)) {
      const Stroke ring{m.colour, 2.0, ""};
      svg.circle(px, y.pixel(m.y), 5, "none", &ring, prefix + m.id);
    }
  }

  int rows = 0;
  const std::vector<int> row_of = legend_rows(panel, legend_width, rows);
  double x_at = f.left;
  int row = -1;
  for (std::size_t i = 0; i < panel.series.size(); ++i) {
    if (row_of[i] < 0) continue;
    const ChartSeries& s = panel.series[i];
    if (row_of[i] != row) {
      row = row_of[i];
      x_at = f.left;
    }
    const double yy = f.bottom + kBelowAxis + 8 + kLegendRow * row;
    if (s.line) svg.line(x_at, yy - 4, x_at + 18, yy - 4, Stroke{s.colour, s.width, s.dash});
    if (s.points || !s.line) svg.circle(x_at + 9, yy - 4, 3, s.colour);
    svg.text(x_at + 24, yy, s.name, "start", size_attribute(kLegendSize));
    x_at += 24 + text_width(s.name, kLegendSize) + 16;
  }
}

}  // namespace

std::string draw_chart(const Chart& chart, int width, int height) {
  const double W = width, H = height;
  SvgDocument svg(W, H, kFont);
  double title_size = kTitleSize;
  std::string title = chart.title;
  while (title_size > 9 && text_width(title, title_size) > W - 20) title_size -= 0.5;
  while (characters(title) > 4 && text_width(title, title_size) > W - 20) {  // still too long: shortened
    std::size_t cut = title.size() - 1;
    while (cut > 0 && (static_cast<unsigned char>(title[cut]) & 0xC0) == 0x80) --cut;
    title = title.substr(0, cut);
    while (!title.empty() && title.back() == ' ') title.pop_back();
    if (title.size() >= 3 && title.compare(title.size() - 3, 3, "…") == 0) title.resize(title.size() - 3);
    title += "…";
  }
  svg.text(W / 2, 26, title, "middle", size_attribute(title_size) + " font-weight=\"bold\"");

  const std::size_t np = std::max<std::size_t>(chart.panels.size(), 1);
  const double pw = W / static_cast<double>(np);
  int legend_rows_max = 0;
  for (const ChartPanel& p : chart.panels) {
    int rows = 0;
    legend_rows(p, pw - kLeftMargin - kRightMargin, rows);
    legend_rows_max = std::max(legend_rows_max, rows);
  }
  const double notes_height = chart.notes.empty() ? 0 : 8 + kNoteRow * static_cast<double>(chart.notes.size());
  const double bottom = H - notes_height - kLegendRow * legend_rows_max - kBelowAxis - 8;
  for (std::size_t i = 0; i < chart.panels.size(); ++i) {
    const double x0 = pw * static_cast<double>(i);
    const Frame f{x0 + kLeftMargin, x0 + pw - kRightMargin, kTop, bottom};
    svg.open_group("p" + std::to_string(i + 1));
    draw_panel(svg, chart.panels[i], f, i, f.right - f.left);
    svg.close_group();
  }
  for (std::size_t k = 0; k < chart.notes.size(); ++k)
    svg.text(12, H - 8 - kNoteRow * static_cast<double>(chart.notes.size() - 1 - k), chart.notes[k], "start",
             size_attribute(kNoteSize) + " fill=\"#444444\"");
  return svg.finish();
}

}  // namespace kreg
