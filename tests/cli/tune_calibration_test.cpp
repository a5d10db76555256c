// Calibration of kreg's predictive intervals after `kreg fit --tune evidence`: on homoscedastic
// synthetic data (2,000 training rows, 10,000 test rows; y = sin(2 x1) + x2^2 / 2 + x3 / 2 +
// N(0, 0.3^2), x4 unused, x ~ U[-2, 2]^4) the central 95% interval of a new observation covers
// 93-97% of the test targets and the 50% interval 47-53% (the binomial standard error at 10,000
// rows is 0.22 and 0.5 percentage points).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// Uniform [0, 1) from the top 53 bits and Box-Muller normals: the same numbers on every platform.
struct Draws {
  std::mt19937_64 rng;
  explicit Draws(std::uint64_t seed) : rng(seed) {}
  double uniform() { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }
  double normal() {
    const double u = 1.0 - uniform(), v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * 3.141592653589793 * v);
  }
};

void write_data(const std::string& path, int n, Draws& draws) {
  std::ofstream f(path);
  f.precision(17);
  f << "x1,x2,x3,x4,y\n";
  for (int i = 0; i < n; ++i) {
    double x[4];
    for (double& v : x) v = -2.0 + 4.0 * draws.uniform();
    const double y = std::sin(2.0 * x[0]) + 0.5 * x[1] * x[1] + 0.5 * x[2] + 0.3 * draws.normal();
    f << x[0] << "," << x[1] << "," << x[2] << "," << x[3] << "," << y << "\n";
  }
}

// The share of rows of a predictions table (y,prediction,lower,upper) with lower <= y <= upper.
double coverage(const std::string& table) {
  std::istringstream in(table);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "y,prediction,lower,upper");
  int rows = 0, inside = 0;
  while (std::getline(in, line)) {
    std::istringstream cells(line);
    std::vector<double> v;
    for (std::string c; std::getline(cells, c, ',');) v.push_back(std::stod(c));
    if (v.size() != 4) continue;
    ++rows;
    inside += v[2] <= v[0] && v[0] <= v[3];
  }
  EXPECT_EQ(rows, 10000);
  return 100.0 * inside / std::max(rows, 1);
}

TEST(TuneCalibration, IntervalsAfterTheEvidenceCoverTheirLevel) {
  const std::string dir = scratch_dir();
  Draws draws(20261206);
  write_data(dir + "/train.csv", 2000, draws);
  write_data(dir + "/test.csv", 10000, draws);
  const CliResult fit = run_cli(
      {"fit", "--data", dir + "/train.csv", "--tune", "evidence", "--model", dir + "/m.json", "--quiet"});
  ASSERT_EQ(fit.status, 0) << fit.err;
  for (const auto& [level, low, high] : {std::tuple<const char*, double, double>{"0.95", 93.0, 97.0},
                                         std::tuple<const char*, double, double>{"0.5", 47.0, 53.0}}) {
    const CliResult pred = run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/test.csv", "--keep", "y",
                                    "--interval", level, "--quiet"});
    ASSERT_EQ(pred.status, 0) << pred.err;
    const double covered = coverage(pred.out);
    EXPECT_GE(covered, low) << "--interval " << level;
    EXPECT_LE(covered, high) << "--interval " << level;
    std::printf("  --interval %s covers %.2f%% of 10,000 test targets\n", level, covered);
  }
}

}  // namespace
}  // namespace kreg::test
