// kreg plot and --plot: every kind of picture from fresh kreg outputs on the bundled California
// housing sample, checked as XML, rendered by rsvg-convert and found non-blank
// (tests/plot/check_svg.py); --plot writing the same bytes as kreg plot on the table; the
// marked choices read back through the axes (svg_readback.h) landing within a pixel of the
// values the commands chose; and bad tables refused with one line, or drawn.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "svg_readback.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string kTrain = source_path("tests/fixtures/california_train.csv");
const std::string kTest = source_path("tests/fixtures/california_test.csv");

// The fresh outputs every test reads, made once.
struct Outputs {
  std::string dir;
  Outputs() : dir(scratch_dir()) {
    const std::vector<std::string> data = {"--data", kTrain, "--target", "MedHouseVal"};
    auto run = [&](std::vector<std::string> args) {
      args.insert(args.begin() + 1, data.begin(), data.end());
      const CliResult r = run_cli(args);
      if (r.status != 0) throw std::runtime_error("kreg " + args.front() + " failed: " + r.err);
    };
    run({"cv", "--bandwidth", "4", "--lambda-grid", "logspace:-4:1:11", "--folds", "5", "--output", at("cv1.csv"),
         "--best", at("cv1_best.json"), "--plot", at("cv1_direct.svg")});
    run({"cv", "--bandwidth-grid", "logspace:-0.5:1.5:5", "--lambda-grid", "logspace:-4:1:11", "--folds", "5",
         "--output", at("cv2.csv"), "--best", at("cv2_best.json"), "--plot", at("cv2_direct.svg")});
    for (const std::string method : {"krr", "kgd", "kl1"})
      run({"path", "--method", method, "--bandwidth", "4", "--validation", kTest, "--output",
           at("path_" + method + ".csv"), "--plot", at("path_" + method + "_direct.svg")});
    run({"loo", "--bandwidth", "4", "--output", at("loo.csv"), "--best", at("loo_best.json"), "--plot",
         at("loo_direct.svg")});
    run({"fit", "--tune", "evidence", "--model", at("model.json")});
    for (const auto& [name, extra] : std::vector<std::pair<std::string, std::vector<std::string>>>{
             {"pred.csv", {}}, {"pred_interval.csv", {"--interval", "0.9"}}}) {
      std::vector<std::string> args = {"predict", "--model", at("model.json"), "--data", kTest, "--keep",
                                       "MedHouseVal", "--output", at(name)};
      args.insert(args.end(), extra.begin(), extra.end());
      const CliResult r = run_cli(args);
      if (r.status != 0) throw std::runtime_error("kreg predict failed: " + r.err);
    }
    // kreg plot on each table: TABLE.svg.
    for (const auto& [table, extra] : plotted()) {
      std::vector<std::string> args = {"plot", at(table), "--output", at(table + ".svg")};
      args.insert(args.end(), extra.begin(), extra.end());
      const CliResult r = run_cli(args);
      if (r.status != 0) throw std::runtime_error("kreg plot " + table + " failed: " + r.err);
    }
  }
  // The tables drawn by kreg plot, with the options each needs.
  static std::vector<std::pair<std::string, std::vector<std::string>>> plotted() {
    return {{"cv1.csv", {}},     {"cv2.csv", {}},      {"path_krr.csv", {}},
            {"path_kgd.csv", {}}, {"path_kl1.csv", {}}, {"loo.csv", {}},
            {"pred.csv", {"--target", "MedHouseVal"}},  // named; the next: the one kept column, found
            {"pred_interval.csv", {}}};
  }
  std::string at(const std::string& name) const { return dir + "/" + name; }
};

const Outputs& outputs() {
  static const Outputs o;
  return o;
}

CliResult plot(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"plot"};
  all.insert(all.end(), args.begin(), args.end());
  return run_cli(all);
}

std::string check_picture(const std::string& svg) {
  const std::string log = svg + ".check";
  const std::string command =
      "/usr/bin/python3 " + source_path("tests/plot/check_svg.py") + " '" + svg + "' > '" + log + "' 2>&1";
  const int status = std::system(command.c_str());
  return (status == 0 ? "" : "FAILED: ") + read_text(log);
}

nlohmann::json read_json(const std::string& path) { return nlohmann::json::parse(read_text(path)); }

// The values of `column` in a kreg CSV (read by the test, not by kreg).
std::vector<double> csv_column(const std::string& path, const std::string& column) {
  std::istringstream in(read_text(path));
  std::string line, cell;
  std::getline(in, line);
  std::istringstream header(line);
  long index = -1, i = 0;
  while (std::getline(header, cell, ',')) {
    if (cell == column) index = i;
    ++i;
  }
  std::vector<double> v;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    for (long c = 0; c <= index && std::getline(row, cell, ','); ++c)
      if (c == index) v.push_back(cell.empty() ? NAN : std::stod(cell));
  }
  return v;
}

TEST(PlotCli, EveryKindIsValidXmlRendersAndIsNotBlank) {
  const Outputs& o = outputs();
  for (const auto& [table, extra] : Outputs::plotted()) {
    const std::string check = check_picture(o.at(table + ".svg"));
    EXPECT_EQ(check.rfind("FAILED", 0), std::string::npos) << check;
    std::cout << check;
  }
  for (const std::string direct : {"cv1_direct", "cv2_direct", "path_krr_direct", "path_kl1_direct", "loo_direct"}) {
    const std::string check = check_picture(o.at(direct + ".svg"));
    EXPECT_EQ(check.rfind("FAILED", 0), std::string::npos) << check;
  }
}

TEST(PlotCli, PlotOptionWritesTheSameFileAsKregPlotOnTheTable) {
  const Outputs& o = outputs();
  struct Case {
    std::string name, method;
  };
  for (const Case& c : std::vector<Case>{{"cv1", "krr"},
                                         {"cv2", "krr"},
                                         {"path_krr", "krr"},
                                         {"path_kgd", "kgd"},
                                         {"path_kl1", "kl1"},
                                         {"loo", "krr"}}) {
    const std::string svg = o.at(c.name + "_again.svg");
    const CliResult r = plot({o.at(c.name + ".csv"), "--data", kTrain, "--method", c.method, "--kernel", "gaussian",
                              "--output", svg});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string direct = read_text(o.at(c.name + "_direct.svg"));
    EXPECT_FALSE(direct.empty()) << c.name;
    EXPECT_EQ(read_text(svg), direct) << c.name << ": --plot and kreg plot differ";
  }
}

// |pixel of the chosen value - marker centre| on the axis read back from the ticks.
double pixel_gap(const AxisReadback& axis, double chosen, double centre) {
  return std::fabs(axis.pixel_of(chosen) - centre);
}

TEST(PlotCli, MarkedChoicesSitWithinAPixelOfTheChosenValues) {
  const Outputs& o = outputs();
  // cv, one bandwidth: the min and 1se lambdas of the best file.
  {
    const std::string svg = read_text(o.at("cv1.csv.svg"));
    const nlohmann::json best = read_json(o.at("cv1_best.json"));
    const AxisReadback x = read_axis(svg, 1, 'x'), y = read_axis(svg, 1, 'y');
    EXPECT_TRUE(x.log);
    for (const auto& [id, key] : {std::pair<std::string, std::string>{"min", "min"}, {"1se", "one_se"}}) {
      const auto [cx, cy] = marker_centre(svg, "p1-" + id);
      const double lambda = best[key]["lambda"].get<double>();
      EXPECT_LE(pixel_gap(x, lambda, cx), 1.0) << id << ": marker at lambda " << x.value_at(cx) << ", chosen " << lambda;
      EXPECT_LE(pixel_gap(y, best[key]["mean_mse"].get<double>(), cy), 1.0) << id;
      std::cout << "cv " << id << ": lambda chosen " << lambda << ", read back " << x.value_at(cx) << "\n";
    }
  }
  // cv, bandwidth x lambda: lambda on the first panel, bandwidth on the second.
  {
    const std::string svg = read_text(o.at("cv2.csv.svg"));
    const nlohmann::json best = read_json(o.at("cv2_best.json"));
    const AxisReadback x1 = read_axis(svg, 1, 'x'), x2 = read_axis(svg, 2, 'x');
    for (const auto& [id, key] : {std::pair<std::string, std::string>{"min", "min"}, {"1se", "one_se"}}) {
      const double lambda = best[key]["lambda"].get<double>(), bandwidth = best[key]["bandwidth"].get<double>();
      const double cx1 = marker_centre(svg, "p1-" + id).first, cx2 = marker_centre(svg, "p2-" + id).first;
      EXPECT_LE(pixel_gap(x1, lambda, cx1), 1.0) << id << ": lambda " << x1.value_at(cx1) << " vs " << lambda;
      EXPECT_LE(pixel_gap(x2, bandwidth, cx2), 1.0) << id << ": bandwidth " << x2.value_at(cx2) << " vs " << bandwidth;
      std::cout << "cv2 " << id << ": lambda " << lambda << " read " << x1.value_at(cx1) << ", bandwidth " << bandwidth
                << " read " << x2.value_at(cx2) << "\n";
    }
  }
  // loo: the min-LOO lambda of the best file; the GCV minimiser and the evidence maximiser
  // found here from the table's columns.
  {
    const std::string svg = read_text(o.at("loo.csv.svg"));
    const nlohmann::json best = read_json(o.at("loo_best.json"));
    const std::vector<double> lambdas = csv_column(o.at("loo.csv"), "lambda");
    const std::vector<double> gcv = csv_column(o.at("loo.csv"), "gcv");
    const std::vector<double> evidence = csv_column(o.at("loo.csv"), "log_evidence");
    std::size_t g = 0, e = 0;
    for (std::size_t i = 0; i < lambdas.size(); ++i) {
      if (gcv[i] < gcv[g]) g = i;
      if (evidence[i] > evidence[e]) e = i;
    }
    const AxisReadback x1 = read_axis(svg, 1, 'x'), x2 = read_axis(svg, 2, 'x'), y2 = read_axis(svg, 2, 'y');
    EXPECT_LE(pixel_gap(x1, best["selection"]["min"]["lambda"].get<double>(), marker_centre(svg, "p1-loo").first), 1.0);
    EXPECT_LE(pixel_gap(x1, lambdas[g], marker_centre(svg, "p1-gcv").first), 1.0);
    const auto [ex, ey] = marker_centre(svg, "p2-evidence");
    EXPECT_LE(pixel_gap(x2, lambdas[e], ex), 1.0);
    EXPECT_LE(pixel_gap(y2, evidence[e], ey), 1.0);
  }
  // A path with the cv best file: its choices marked at their lambdas.
  {
    const std::string svg_path = o.at("path_marked.svg");
    const CliResult r = plot({o.at("path_krr.csv"), "--best", o.at("cv1_best.json"), "--output", svg_path});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string svg = read_text(svg_path);
    const nlohmann::json best = read_json(o.at("cv1_best.json"));
    const AxisReadback x = read_axis(svg, 1, 'x');
    EXPECT_LE(pixel_gap(x, best["min"]["lambda"].get<double>(), marker_centre(svg, "p1-min").first), 1.0);
    EXPECT_LE(pixel_gap(x, best["one_se"]["lambda"].get<double>(), marker_centre(svg, "p1-1se").first), 1.0);
    EXPECT_NE(svg.find("krr"), std::string::npos) << "the best file's method is in the title";
  }
}

// One line "kreg: error: ..." with exit status 2, containing `words`.
void expect_refused(const CliResult& r, const std::string& words) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err.rfind("kreg: error:", 0), 0u) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(words), std::string::npos) << "expected '" << words << "' in: " << r.err;
}

TEST(PlotCli, BadTablesAreRefusedInOneLineOrDrawn) {
  const std::string dir = scratch_dir();
  const std::string svg = dir + "/p.svg";
  const std::string cv_header = "bandwidth,lambda,mean_mse,se_mse,fold_sd_mse,mean_r2,fold_sd_r2\n";
  auto table = [&](const std::string& name, const std::string& text) {
    write_text(dir + "/" + name, text);
    return dir + "/" + name;
  };
  // Not a kreg table: the kinds are listed.
  expect_refused(plot({kTrain, "--output", svg}), "cv (mean_mse and se_mse)");
  EXPECT_FALSE(file_exists(svg));
  // A header without rows.
  expect_refused(plot({table("empty.csv", cv_header), "--output", svg}), "no data rows");
  // A kind named whose columns are missing.
  expect_refused(plot({table("cv.csv", cv_header + "1,0.1,0.5,0.1,0.2,0.6,0.1\n1,1,0.4,0.1,0.2,0.7,0.1\n"), "--kind",
                       "loo", "--output", svg}),
                 "needs the column loo_mse");
  expect_refused(plot({dir + "/cv.csv", "--kind", "heatmap", "--output", svg}), "expected cv, path, loo or predictions");
  // An infinite cell: kreg writes non-finite values as empty cells, so "inf" is not its table.
  expect_refused(plot({table("inf.csv", cv_header + "1,0.1,inf,0.1,0.2,0.6,0.1\n"), "--output", svg}), "inf.csv:2");
  // Nothing finite to draw.
  expect_refused(plot({table("nan.csv", cv_header + "1,0.1,,0.1,0.2,0.6,0.1\n1,1,,0.1,0.2,0.7,0.1\n"), "--output", svg}),
                 "no row has a finite mean_mse");
  // A column before the scores that no kernel has.
  expect_refused(plot({table("odd.csv", "colour,lambda,mean_mse,se_mse\n1,0.1,0.5,0.1\n"), "--output", svg}),
                 "'colour'");
  // Predictions without actual values, and a size out of range.
  expect_refused(plot({table("pred.csv", "prediction\n1\n2\n"), "--output", svg}), "predictions only");
  expect_refused(plot({table("pred2.csv", "prediction,a,b\n1,2,3\n2,3,4\n"), "--output", svg}), "--target NAME (one of: a, b)");
  expect_refused(plot({table("cv1.csv", cv_header + "1,0.1,0.5,0.1,0.2,0.6,0.1\n"), "--width", "10", "--output", svg}),
                 "--width");
  EXPECT_FALSE(file_exists(svg));

  // One row: a picture with the point marked.
  ASSERT_EQ(plot({table("one.csv", cv_header + "1,0.1,0.5,0.1,0.2,0.6,0.1\n"), "--output", svg}).status, 0);
  EXPECT_EQ(check_picture(svg).rfind("FAILED", 0), std::string::npos) << check_picture(svg);
  EXPECT_NE(read_text(svg).find("id=\"p1-min\""), std::string::npos);
  // Missing values: left out, counted in a note, the rest drawn.
  ASSERT_EQ(plot({table("some_nan.csv", cv_header + "1,0.01,0.6,0.1,0.2,0.6,0.1\n1,0.1,,,,,\n1,1,0.4,0.1,0.2,0.7,0.1\n"),
                  "--output", svg})
                .status,
            0);
  EXPECT_EQ(check_picture(svg).rfind("FAILED", 0), std::string::npos);
  EXPECT_NE(read_text(svg).find("1 of 3 grid points have no finite mean_mse and are left out"), std::string::npos);
  // A path with a point at t = 0 on a log axis: left out and said.
  ASSERT_EQ(plot({table("path.csv",
                        "t,df,train_mse,train_r2,val_mse,val_r2,alpha_norm,nonzero\n0,0,1,0,,,0,0\n1,2,0.5,0.5,,,1,40\n"
                        "10,5,0.3,0.7,,,2,40\n100,9,0.2,0.8,,,3,40\n"),
                  "--output", svg})
                .status,
            0);
  EXPECT_NE(read_text(svg).find("1 point at t = 0 cannot be drawn on the log axis"), std::string::npos);
}

}  // namespace
}  // namespace kreg::test
