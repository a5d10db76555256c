// Progress inside one long task: a kl1 path whose every point iterates for a while (FISTA to
// --max-iter on a large bandwidth) prints a line at least every --progress-every seconds, not
// only when a point ends: the solver's inner loop pulses the path's step.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <sstream>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

TEST(ProgressInsidePath, KL1PathPrintsAtLeastEveryIntervalWhilePointsIterate) {
  const std::string dir = scratch_dir();
  std::ostringstream csv;
  csv << "a,b,c,y\n";
  for (int i = 0; i < 300; ++i) {
    const double a = std::sin(0.37 * i), b = std::cos(0.11 * i), c = std::sin(0.017 * i * i);
    csv << a << "," << b << "," << c << "," << std::sin(3 * a) + b * b + 0.1 * c << "\n";
  }
  write_text(dir + "/d.csv", csv.str());
  const double every = 0.1;
  const CliResult r = run_cli({"path", "--data", dir + "/d.csv", "--method", "kl1", "--bandwidth", "9", "--solver",
                               "fista", "--lambda-grid", "logspace:-3:-2:8", "--max-iter", "40000", "--output",
                               dir + "/p.csv", "--progress", "--progress-every", "0.1"});
  ASSERT_EQ(r.status, 0) << r.err;
  static const std::regex line(R"(kreg path: kl1 path \(8 points\) (\d+)% \((\d+\.\d) s elapsed.*)");
  std::vector<double> elapsed = {0.0};
  double total = -1.0;
  std::istringstream in(r.err);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_match(l, m, line)) elapsed.push_back(std::stod(m[2]));
    static const std::regex done(R"(kreg path: kl1 path \(8 points\) done in (\d+\.\d) s)");
    if (std::regex_match(l, m, done)) total = std::stod(m[1]);
  }
  ASSERT_GT(total, 0.0) << r.err;
  elapsed.push_back(total);
  // Several lines while the points iterate, and no silence much longer than the interval (the
  // printed times have one decimal, and a loaded machine may delay a line a little).
  EXPECT_GE(elapsed.size(), 6u) << r.err;
  double longest = 0.0;
  for (std::size_t i = 1; i < elapsed.size(); ++i) longest = std::max(longest, elapsed[i] - elapsed[i - 1]);
  EXPECT_LE(longest, every + 0.5) << r.err;
}

}  // namespace
}  // namespace kreg::test
