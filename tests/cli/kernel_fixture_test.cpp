// Every kernel against an independent numpy computation (tests/fixtures/make_kernel_fixture.py,
// output stored in kernel_predictions.csv): KRR on 300 California-housing rows, predictions on
// the next 100, through `kreg fit` + `kreg predict`. Tolerance: relative 1e-9 of the case's
// largest |prediction| (the raw-scale case has predictions down to 1e-124, where only an
// absolute scale makes sense).
#include <gtest/gtest.h>

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
  std::vector<std::string> fit_args;
  std::vector<double> expected;  // by test row
};

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream is(line);
  while (std::getline(is, item, ',')) out.push_back(item);
  if (!line.empty() && line.back() == ',') out.push_back("");
  return out;
}

std::map<std::string, FixtureCase> load_fixture() {
  std::ifstream in(source_path("tests/fixtures/kernel_predictions.csv"));
  std::string line;
  std::getline(in,
               line);  // header: case,kernel,bandwidth,degree,offset,lambda,lambda_scaling,standardize,row,prediction
  std::map<std::string, FixtureCase> cases;
  while (std::getline(in, line)) {
    const auto f = split(line);
    if (f.size() != 10) continue;
    FixtureCase& c = cases[f[0]];
    if (c.fit_args.empty()) {
      c.fit_args = {"--kernel", f[1], "--lambda", f[5], "--lambda-scaling", f[6], "--standardize", f[7]};
      if (!f[2].empty()) c.fit_args.insert(c.fit_args.end(), {"--bandwidth", f[2]});
      if (!f[3].empty()) c.fit_args.insert(c.fit_args.end(), {"--degree", f[3]});
      if (!f[4].empty()) c.fit_args.insert(c.fit_args.end(), {"--offset", f[4]});
    }
    c.expected.push_back(std::stod(f[9]));
  }
  return cases;
}

TEST(KernelFixture, EveryKernelMatchesNumpyToRelative1e9) {
  const auto cases = load_fixture();
  ASSERT_EQ(cases.size(), 9u);
  for (const auto& [name, c] : cases) {
    SCOPED_TRACE(name);
    ASSERT_EQ(c.expected.size(), 100u);
    const std::string dir = scratch_dir();
    std::vector<std::string> args = {"fit",           "--data",      source_path("tests/fixtures/california_train.csv"),
                                     "--target",      "MedHouseVal", "--model",
                                     dir + "/m.json", "--quiet"};
    args.insert(args.end(), c.fit_args.begin(), c.fit_args.end());
    const CliResult fit = run_cli(args);
    ASSERT_EQ(fit.status, 0) << fit.err;
    const CliResult pred = run_cli({"predict", "--model", dir + "/m.json", "--data",
                                    source_path("tests/fixtures/california_test.csv"), "--output", dir + "/p.csv"});
    ASSERT_EQ(pred.status, 0) << pred.err;
    const CsvTable p = read_csv_table(dir + "/p.csv");
    ASSERT_EQ(p.n_rows(), 100u);
    double scale = 0.0;
    for (double v : c.expected) scale = std::max(scale, std::abs(v));
    double worst = 0.0;
    for (std::size_t i = 0; i < 100; ++i) worst = std::max(worst, std::abs(p.at(i, 0) - c.expected[i]) / scale);
    EXPECT_LE(worst, 1e-9);
    std::printf("  %-18s max relative difference %.3g\n", name.c_str(), worst);
  }
}

}  // namespace
}  // namespace kreg::test
