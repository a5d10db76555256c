// kreg predict --std and --interval (model/predictive_spread.h) against scikit-learn's
// GaussianProcessRegressor(ConstantKernel(s2) * kernel(sigma), alpha = s2 lambda,
// optimizer=None).predict(return_std=True) with kreg's standardisation and the profiled s2
// (tests/fixtures/make_gp_predict_fixture.py): two data sets (3 and 8 features), Gaussian and
// Matern 5/2, one bandwidth and one per feature, two lambdas, 40 new rows each; and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

std::vector<std::vector<std::string>> read_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::istringstream cell_in(line);
    std::string cell;
    while (std::getline(cell_in, cell, ',')) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

double relative(double got, double want) { return std::abs(got - want) / std::max(std::abs(want), 1e-300); }

TEST(PredictSpread, StdAndIntervalEqualScikitLearnsGaussianProcess) {
  const std::string dir = scratch_dir();
  const double z95 = 1.959963984540054;  // the 0.975 quantile of N(0, 1)
  struct DataSet {
    const char *train, *target, *rows, *fixture;
  };
  for (const DataSet& set : {DataSet{"gp_synthetic.csv", "y", "gp_predict_rows.csv", "gp_predict_fixture.csv"},
                             DataSet{"gp_california.csv", "MedHouseVal", "gp_predict_rows_california.csv",
                                     "gp_predict_fixture_california.csv"}}) {
    SCOPED_TRACE(set.train);
    const auto fixture = read_rows(read_text(source_path(std::string("tests/fixtures/") + set.fixture)));
    std::size_t compared = 0;
    double worst_std = 0.0, worst_interval = 0.0;
    for (std::size_t first = 1; first < fixture.size(); first += 40) {
      const auto& c = fixture[first];  // kernel, sigma (| separated), lambda, row, prediction, std, observation_std
      std::string sigma = c[1];
      for (char& ch : sigma)
        if (ch == '|') ch = ',';
      SCOPED_TRACE(c[0] + " sigma " + sigma + " lambda " + c[2]);
      const CliResult fit = run_cli({"fit", "--data", source_path(std::string("tests/fixtures/") + set.train),
                                     "--target", set.target, "--kernel", c[0], "--bandwidth", sigma, "--lambda", c[2],
                                     "--lambda-scaling", "none", "--model", dir + "/m.json", "--quiet"});
      ASSERT_EQ(fit.status, 0) << fit.err;
      const CliResult pred = run_cli({"predict", "--model", dir + "/m.json", "--data",
                                      source_path(std::string("tests/fixtures/") + set.rows), "--std", "--interval",
                                      "0.95", "--quiet"});
      ASSERT_EQ(pred.status, 0) << pred.err;
      const auto out = read_rows(pred.out);
      ASSERT_EQ(out.size(), 41u);
      ASSERT_EQ(out[0], (std::vector<std::string>{"prediction", "std", "lower", "upper"}));
      for (std::size_t i = 0; i < 40; ++i) {
        const auto& want = fixture[first + i];
        const auto& got = out[i + 1];
        const double mean = std::stod(want[4]), sd = std::stod(want[5]), obs = std::stod(want[6]);
        EXPECT_LE(relative(std::stod(got[0]), mean), 1e-8) << "row " << i;
        EXPECT_LE(relative(std::stod(got[1]), sd), 1e-8) << "row " << i;
        EXPECT_LE(relative(std::stod(got[2]), mean - z95 * obs), 1e-8) << "row " << i;
        EXPECT_LE(relative(std::stod(got[3]), mean + z95 * obs), 1e-8) << "row " << i;
        worst_std = std::max(worst_std, relative(std::stod(got[1]), sd));
        worst_interval = std::max({worst_interval, relative(std::stod(got[2]), mean - z95 * obs),
                                   relative(std::stod(got[3]), mean + z95 * obs)});
        ++compared;
      }
    }
    EXPECT_EQ(compared, 320u);
    std::printf("  %s, %zu rows: largest relative difference of std %.2g, of the interval's ends %.2g\n", set.train,
                compared, worst_std, worst_interval);
  }
}

TEST(PredictSpread, RefusalsNameWhatToDo) {
  const std::string dir = scratch_dir();
  const std::string train = source_path("tests/fixtures/gp_synthetic.csv");
  const std::string rows = source_path("tests/fixtures/gp_predict_rows.csv");
  ASSERT_EQ(run_cli({"fit", "--data", train, "--target", "y", "--method", "kgd", "--t", "5", "--model",
                     dir + "/kgd.json", "--quiet"})
                .status,
            0);
  const CliResult kgd = run_cli({"predict", "--model", dir + "/kgd.json", "--data", rows, "--std"});
  EXPECT_EQ(kgd.status, 2);
  EXPECT_NE(kgd.err.find("a model of kgd (solver auto) has no Gaussian-process reading"), std::string::npos) << kgd.err;
  EXPECT_NE(kgd.err.find("models that have one: krr"), std::string::npos) << kgd.err;
  ASSERT_EQ(run_cli({"fit", "--data", train, "--target", "y", "--lambda", "0.1", "--model", dir + "/krr.json",
                     "--quiet"})
                .status,
            0);
  for (const char* level : {"0", "1", "1.5", "-0.2"}) {
    const CliResult r = run_cli({"predict", "--model", dir + "/krr.json", "--data", rows, "--interval", level});
    EXPECT_EQ(r.status, 2) << level;
    EXPECT_NE(r.err.find("--interval: must lie strictly between 0 and 1"), std::string::npos) << r.err;
  }
  const CliResult kept = run_cli({"predict", "--model", dir + "/krr.json", "--data", train, "--std", "--keep", "std"});
  EXPECT_EQ(kept.status, 2);
  // A 50% interval is narrower than a 95% one, and both contain the prediction.
  const CliResult half = run_cli({"predict", "--model", dir + "/krr.json", "--data", rows, "--interval", "0.5"});
  ASSERT_EQ(half.status, 0) << half.err;
  const auto h = read_rows(half.out);
  ASSERT_EQ(h[0], (std::vector<std::string>{"prediction", "lower", "upper"}));
  EXPECT_LT(std::stod(h[1][1]), std::stod(h[1][0]));
  EXPECT_GT(std::stod(h[1][2]), std::stod(h[1][0]));
}

}  // namespace
}  // namespace kreg::test
