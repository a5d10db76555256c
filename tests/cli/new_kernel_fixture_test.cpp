// The rational quadratic, periodic and combined kernels against an independent numpy
// computation (tests/fixtures/make_new_kernel_fixture.py, output in new_kernel_fixture.tsv):
// fit + predict through a model file, and cv's mean validation MSE over grids of the new
// parameters (bandwidth, shape, period) with fixed folds. Tolerance: relative 1e-9 of the
// case's largest |value|.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "cli_runner.h"
#include "kreg/data/csv_table.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

struct FixtureCase {
  std::vector<std::string> arguments;  // the first is the data set
  std::vector<std::string> keys;
  std::vector<double> values;
};

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream is(text);
  while (std::getline(is, item, sep))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::map<std::string, FixtureCase> load(const std::string& kind) {
  std::ifstream in(source_path("tests/fixtures/new_kernel_fixture.tsv"));
  std::string line;
  std::getline(in, line);  // header: kind, case, arguments, key, value
  std::map<std::string, FixtureCase> cases;
  while (std::getline(in, line)) {
    const auto f = split(line, '\t');
    if (f.size() != 5 || f[0] != kind) continue;
    FixtureCase& c = cases[f[1]];
    c.arguments = split(f[2], ' ');
    c.keys.push_back(f[3]);
    c.values.push_back(std::stod(f[4]));
  }
  return cases;
}

double largest(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

TEST(NewKernelFixture, FitAndPredictMatchNumpyToRelative1e9) {
  const auto cases = load("fit");
  ASSERT_EQ(cases.size(), 5u);
  for (const auto& [name, c] : cases) {
    SCOPED_TRACE(name);
    const bool california = c.arguments.at(0) == "california";
    const std::string train = california ? "california_train.csv" : "seasonal_train.csv";
    const std::string test = california ? "california_test.csv" : "seasonal_test.csv";
    const std::string dir = scratch_dir();
    std::vector<std::string> args = {"fit",
                                     "--data",
                                     source_path("tests/fixtures/" + train),
                                     "--target",
                                     california ? "MedHouseVal" : "y",
                                     "--model",
                                     dir + "/m.json",
                                     "--quiet"};
    args.insert(args.end(), c.arguments.begin() + 1, c.arguments.end());
    const CliResult fit = run_cli(args);
    ASSERT_EQ(fit.status, 0) << fit.err;
    const CliResult pred = run_cli({"predict", "--model", dir + "/m.json", "--data",
                                    source_path("tests/fixtures/" + test), "--output", dir + "/p.csv"});
    ASSERT_EQ(pred.status, 0) << pred.err;
    const CsvTable p = read_csv_table(dir + "/p.csv");
    ASSERT_EQ(p.n_rows(), c.values.size());
    double worst = 0.0;
    for (std::size_t i = 0; i < c.values.size(); ++i) worst = std::max(worst, std::abs(p.at(i, 0) - c.values[i]));
    worst /= largest(c.values);
    EXPECT_LE(worst, 1e-9);
    std::printf("  %-24s max relative difference %.3g\n", name.c_str(), worst);
  }
}

TEST(NewKernelFixture, CvOverTheNewParametersMatchesNumpyToRelative1e9) {
  const auto cases = load("cv");
  ASSERT_EQ(cases.size(), 3u);
  for (const auto& [name, c] : cases) {
    SCOPED_TRACE(name);
    const std::string dir = scratch_dir();
    std::vector<std::string> args = {"cv",
                                     "--data",
                                     source_path("tests/fixtures/seasonal.csv"),
                                     "--target",
                                     "y",
                                     "--fold-column",
                                     "fold",
                                     "--output",
                                     dir + "/cv.csv",
                                     "--model",
                                     dir + "/m.json",
                                     "--quiet"};
    args.insert(args.end(), c.arguments.begin() + 1, c.arguments.end());
    const CliResult cv = run_cli(args);
    ASSERT_EQ(cv.status, 0) << cv.err;
    const CsvTable t = read_csv_table(dir + "/cv.csv");
    ASSERT_EQ(t.n_rows(), c.values.size());
    const long mse_col = t.find("mean_mse");
    ASSERT_GE(mse_col, 0);
    double worst = 0.0;
    for (std::size_t k = 0; k < c.keys.size(); ++k) {
      // "bandwidth=0.3;shape=0.5;lambda=0.01": the row with these values in these columns.
      bool found = false;
      for (std::size_t row = 0; row < t.n_rows() && !found; ++row) {
        bool match = true;
        for (const std::string& pair : split(c.keys[k], ';')) {
          const auto eq = pair.find('=');
          const long col = t.find(pair.substr(0, eq));
          ASSERT_GE(col, 0) << "no column " << pair.substr(0, eq);
          match = match && t.at(row, static_cast<std::size_t>(col)) == std::stod(pair.substr(eq + 1));
        }
        if (match) {
          found = true;
          worst = std::max(worst, std::abs(t.at(row, static_cast<std::size_t>(mse_col)) - c.values[k]));
        }
      }
      EXPECT_TRUE(found) << "no cv row for " << c.keys[k];
    }
    worst /= largest(c.values);
    EXPECT_LE(worst, 1e-9);
    std::printf("  %-24s %zu grid points, max relative difference %.3g\n", name.c_str(), c.keys.size(), worst);
    // The refit of the best point is a model that predicts.
    const CliResult pred = run_cli({"predict", "--model", dir + "/m.json", "--data",
                                    source_path("tests/fixtures/seasonal_test.csv"), "--output", dir + "/p.csv"});
    EXPECT_EQ(pred.status, 0) << pred.err;
  }
}

}  // namespace
}  // namespace kreg::test
