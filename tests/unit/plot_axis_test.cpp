// The pieces of kreg's pictures: XML escaping and numbers in SVG, the axes' maps and ticks
// (checked against the definition of a log scale: equal ratios, equal distances), and the
// recognition of kreg's tables by their columns.
#include <gtest/gtest.h>

#include <cmath>

#include "kreg/plot/axis.h"
#include "kreg/plot/plot_table.h"
#include "kreg/plot/svg.h"

namespace kreg {
namespace {

TEST(PlotSvg, EscapesTextAndWritesShortNumbers) {
  EXPECT_EQ(xml_escaped("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  EXPECT_EQ(svg_number(12.5), "12.5");
  EXPECT_EQ(svg_number(3.0), "3");
  EXPECT_EQ(svg_number(-0.001), "0");
  EXPECT_EQ(svg_number(1.005e3), "1005");
  SvgDocument doc(100, 50, "sans-serif");
  doc.text(1, 2, "λ < 1", "start");
  const std::string svg = doc.finish();
  EXPECT_NE(svg.find(">λ &lt; 1</text>"), std::string::npos);
  EXPECT_EQ(svg.rfind("</svg>\n"), svg.size() - 7);
}

TEST(PlotAxis, LogAxisPutsEqualRatiosAtEqualDistances) {
  const Axis a = Axis::fitted({1e-4, 1e-2, 10.0}, Scale::kLog, 100, 700);
  EXPECT_NEAR(a.pixel(1e-3) - a.pixel(1e-4), a.pixel(1.0) - a.pixel(0.1), 1e-9);
  EXPECT_NEAR(a.pixel(10.0) - a.pixel(1e-4), 600.0 / 1.08, 1e-9);  // 4% of the span spare at each end
  const std::vector<double> ticks = a.ticks();
  ASSERT_EQ(ticks.size(), 6u);  // 1e-4 ... 10, every decade
  EXPECT_DOUBLE_EQ(ticks.front(), 1e-4);
  EXPECT_EQ(a.tick_label(1e-4), "10⁻⁴");
  EXPECT_EQ(a.tick_label(0.01), "10⁻²");  // one style for every decade of an axis that needs powers
  EXPECT_EQ(a.tick_label(10.0), "10¹");
  const Axis b = Axis::fitted({0.01, 100.0}, Scale::kLog, 0, 100);
  EXPECT_EQ(b.tick_label(0.01), "0.01");
  EXPECT_EQ(b.tick_label(100.0), "100");
  EXPECT_FALSE(a.shows(0.0));
  EXPECT_FALSE(a.shows(NAN));
}

// A log axis of less than three decades has ticks at 1, 2 and 5 times a power of ten: written
// plainly from 10^-3 to 10^4, beyond that as m×10^k, never in C's exponent form.
TEST(PlotAxis, ShortLogAxisTicksAreNeverInExponentForm) {
  const Axis large = Axis::fitted({1.5e4, 1.2e5}, Scale::kLog, 0, 600);
  std::vector<std::string> labels;
  for (const double v : large.ticks()) labels.push_back(large.tick_label(v));
  EXPECT_EQ(labels, (std::vector<std::string>{"2×10⁴", "5×10⁴", "10⁵"}));
  const Axis mid = Axis::fitted({0.0015, 0.012}, Scale::kLog, 0, 600);
  labels.clear();
  for (const double v : mid.ticks()) labels.push_back(mid.tick_label(v));
  EXPECT_EQ(labels, (std::vector<std::string>{"0.002", "0.005", "0.01"}));
  const Axis thousands = Axis::fitted({1500.0, 9000.0}, Scale::kLog, 0, 600);
  EXPECT_EQ(thousands.tick_label(5000.0), "5000");
  EXPECT_EQ(thousands.tick_label(2000.0), "2000");
  const Axis tiny = Axis::fitted({1.5e-6, 9e-6}, Scale::kLog, 0, 600);
  EXPECT_EQ(tiny.tick_label(5e-6), "5×10⁻⁶");
}

TEST(PlotAxis, ShortLogRangesAndLinearAxesGetReadableTicks) {
  const Axis narrow = Axis::fitted({2.0, 9.0}, Scale::kLog, 0, 100);  // less than a decade: 2 and 5 too
  const std::vector<double> t = narrow.ticks();
  EXPECT_GE(t.size(), 2u);
  for (const double v : t) EXPECT_TRUE(v >= narrow.lo && v <= narrow.hi) << v;
  const Axis linear = Axis::fitted({0.0, 0.93}, Scale::kLinear, 0, 100);
  const std::vector<double> lt = linear.ticks();
  EXPECT_GE(lt.size(), 5u);
  EXPECT_LE(lt.size(), 11u);
  EXPECT_NEAR(lt[1] - lt[0], 0.2, 1e-12);
  EXPECT_EQ(linear.tick_label(0.4), "0.4");
  const Axis single = Axis::fitted({5.0}, Scale::kLinear, 0, 100);  // one value: in the middle
  EXPECT_NEAR(single.pixel(5.0), 50.0, 1e-9);
  // Values one rounding apart are one value (and the ticks end: a span of 1e-17 would otherwise
  // ask for steps too small to count in).
  for (const Scale scale : {Scale::kLinear, Scale::kLog}) {
    const Axis close = Axis::fitted({0.3, std::nextafter(0.3, 1.0)}, scale, 0, 100);
    EXPECT_NEAR(close.pixel(0.3), 50.0, 1e-6);
    EXPECT_GE(close.ticks().size(), 1u);
    EXPECT_LE(close.ticks().size(), 24u);
  }
  EXPECT_EQ(scale_for({1e-3, 1.0}, 20.0), Scale::kLog);
  EXPECT_EQ(scale_for({0.0, 1.0}, 20.0), Scale::kLinear);
  EXPECT_EQ(scale_for({1.0, 3.0}, 20.0), Scale::kLinear);
}

TEST(PlotKindRecognition, EachKregTableIsKnownByItsColumns) {
  EXPECT_EQ(recognise_plot_kind({"bandwidth", "lambda", "mean_mse", "se_mse", "fold_sd_mse"}), PlotKind::kCv);
  EXPECT_EQ(recognise_plot_kind({"lambda", "df", "train_mse", "train_r2"}), PlotKind::kPath);
  EXPECT_EQ(recognise_plot_kind({"lambda", "df", "loo_mse", "loo_se", "gcv"}), PlotKind::kLoo);
  EXPECT_EQ(recognise_plot_kind({"MedHouseVal", "prediction", "std"}), PlotKind::kPredictions);
  EXPECT_FALSE(recognise_plot_kind({"x1", "x2", "y"}).has_value());
  EXPECT_EQ(parse_plot_kind("loo"), PlotKind::kLoo);
  EXPECT_FALSE(parse_plot_kind("heatmap").has_value());
}

}  // namespace
}  // namespace kreg
