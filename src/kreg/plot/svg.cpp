// SVG elements as text.
#include "kreg/plot/svg.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace kreg {

std::string xml_escaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string svg_number(double value) {
  if (!std::isfinite(value)) throw std::logic_error("svg_number: a coordinate that is not finite");
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f", value);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

namespace {

std::string stroke_attributes(const Stroke& s) {
  std::string a = " stroke=\"" + xml_escaped(s.colour) + "\" stroke-width=\"" + svg_number(s.width) + "\"";
  if (!s.dash.empty()) a += " stroke-dasharray=\"" + xml_escaped(s.dash) + "\"";
  return a;
}

std::string id_attribute(const std::string& id) { return id.empty() ? "" : " id=\"" + xml_escaped(id) + "\""; }

}  // namespace

SvgDocument::SvgDocument(double width, double height, const std::string& font) {
  body_ = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
          svg_number(width) + "\" height=\"" + svg_number(height) + "\" viewBox=\"0 0 " + svg_number(width) + " " +
          svg_number(height) + "\" font-family=\"" + xml_escaped(font) + "\" font-size=\"12\">\n";
  rect(0, 0, width, height, "#ffffff");
}

void SvgDocument::open_group(const std::string& id, const std::string& attributes) {
  body_ += "<g" + id_attribute(id) + (attributes.empty() ? "" : " " + attributes) + ">\n";
  ++open_groups_;
}

void SvgDocument::close_group() {
  if (open_groups_ == 0) throw std::logic_error("SvgDocument: close_group without open_group");
  body_ += "</g>\n";
  --open_groups_;
}

void SvgDocument::line(double x1, double y1, double x2, double y2, const Stroke& stroke, const std::string& id) {
  body_ += "<line" + id_attribute(id) + " x1=\"" + svg_number(x1) + "\" y1=\"" + svg_number(y1) + "\" x2=\"" +
           svg_number(x2) + "\" y2=\"" + svg_number(y2) + "\"" + stroke_attributes(stroke) + "/>\n";
}

void SvgDocument::polyline(const std::vector<std::pair<double, double>>& points, const Stroke& stroke) {
  if (points.empty()) return;
  std::string p;
  for (const auto& [x, y] : points) p += (p.empty() ? "" : " ") + svg_number(x) + "," + svg_number(y);
  body_ += "<polyline points=\"" + p + "\" fill=\"none\"" + stroke_attributes(stroke) +
           " stroke-linejoin=\"round\"/>\n";
}

void SvgDocument::rect(double x, double y, double width, double height, const std::string& fill,
                       const Stroke* stroke) {
  body_ += "<rect x=\"" + svg_number(x) + "\" y=\"" + svg_number(y) + "\" width=\"" + svg_number(width) +
           "\" height=\"" + svg_number(height) + "\" fill=\"" + xml_escaped(fill) + "\"" +
           (stroke != nullptr ? stroke_attributes(*stroke) : std::string()) + "/>\n";
}

void SvgDocument::circle(double cx, double cy, double r, const std::string& fill, const Stroke* stroke,
                         const std::string& id) {
  body_ += "<circle" + id_attribute(id) + " cx=\"" + svg_number(cx) + "\" cy=\"" + svg_number(cy) + "\" r=\"" +
           svg_number(r) + "\" fill=\"" + xml_escaped(fill) + "\"" +
           (stroke != nullptr ? stroke_attributes(*stroke) : std::string()) + "/>\n";
}

void SvgDocument::text(double x, double y, const std::string& content, const std::string& anchor,
                       const std::string& attributes, bool halo) {
  body_ += "<text x=\"" + svg_number(x) + "\" y=\"" + svg_number(y) + "\" text-anchor=\"" + anchor + "\"" +
           (attributes.empty() ? "" : " " + attributes) +
           (halo ? " stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\" stroke-linejoin=\"round\"" : "") +
           ">" + xml_escaped(content) + "</text>\n";
}

std::string SvgDocument::finish() {
  while (open_groups_ > 0) close_group();
  body_ += "</svg>\n";
  return std::move(body_);
}

}  // namespace kreg
