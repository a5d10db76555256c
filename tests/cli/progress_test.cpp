// Progress on stderr: --progress prints plain lines with the step, its percentage, the time
// elapsed and an estimate of what is left; --quiet prints none; a run whose stderr is not a
// terminal prints none without --progress. A 1,500-row fit: its kernel matrix and Cholesky
// factorisation report at every percent with --progress-every 0.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <sstream>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

std::string make_data(const std::string& dir, int n) {
  std::ostringstream csv;
  csv << "x1,x2,x3,y\n";
  for (int i = 0; i < n; ++i) {
    const double a = std::sin(0.37 * i), b = std::cos(0.11 * i), c = std::sin(0.017 * i * i);
    csv << a << "," << b << "," << c << "," << a * b + 0.1 * c << "\n";
  }
  const std::string path = dir + "/d.csv";
  write_text(path, csv.str());
  return path;
}

int progress_lines(const std::string& err) {
  static const std::regex line(R"(kreg fit: [A-Za-z ]+ \d+% \(\d+\.\d s elapsed, about \d+\.\d s left\))");
  int n = 0;
  std::istringstream in(err);
  for (std::string l; std::getline(in, l);) n += std::regex_match(l, line);
  return n;
}

TEST(Progress, LinesWithProgressNoneWithQuietOrWithoutATerminal) {
  const std::string dir = scratch_dir();
  const std::string data = make_data(dir, 1500);
  const std::vector<std::string> fit = {"fit", "--data", data, "--model", dir + "/m.json"};
  auto run = [&fit](std::vector<std::string> extra) {
    std::vector<std::string> args = fit;
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 0) << r.err;
    return r.err;
  };
  const std::string with = run({"--progress", "--progress-every", "0"});
  EXPECT_GE(progress_lines(with), 3) << with;
  EXPECT_NE(with.find("kreg fit: kernel matrix done in "), std::string::npos) << with;
  EXPECT_NE(with.find("kreg fit: Cholesky factorisation done in "), std::string::npos) << with;
  EXPECT_EQ(with.find('\r'), std::string::npos) << "plain lines for logs";
  EXPECT_EQ(run({"--progress", "--progress-every", "0", "--quiet"}), "");
  EXPECT_EQ(progress_lines(run({})), 0);  // stderr here is not a terminal
}

TEST(Progress, ANegativeIntervalIsRefused) {
  const CliResult r =
      run_cli({"fit", "--data", source_path("data/sine_train.csv"), "--model", "-", "--progress-every", "-1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--progress-every: must be a number of seconds >= 0"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace kreg::test
