// `kreg path` and `kreg loo` end to end: each path row's validation MSE equals that of
// `kreg fit` + `kreg predict` at the same lambda or t; loo's brute-force check agrees; grids
// from configs; bad grids are refused like any bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "kreg/data/csv_table.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string kTrain = source_path("tests/fixtures/california_train.csv");
const std::string kVal = source_path("tests/fixtures/california_test.csv");

TEST(PathCli, RowsEqualDirectFitAndPredict) {
  for (const char* method : {"krr", "kgf"}) {
    SCOPED_TRACE(method);
    const bool krr = std::string(method) == "krr";
    const std::string dir = scratch_dir();
    const CliResult r = run_cli({"path", "--data", kTrain, "--target", "MedHouseVal", "--validation", kVal, "--method",
                                 method, "--kernel", "cauchy", "--bandwidth", "1.5", krr ? "--lambda-grid" : "--t-grid",
                                 "logspace:-2:2:5", "--output", dir + "/path.csv", "--quiet"});
    ASSERT_EQ(r.status, 0) << r.err;
    const CsvTable path = read_csv_table(dir + "/path.csv");
    ASSERT_EQ(path.n_rows(), 5u);
    EXPECT_EQ(path.names, (std::vector<std::string>{krr ? "lambda" : "t", "df", "train_mse", "train_r2", "val_mse",
                                                    "val_r2", "alpha_norm", "nonzero"}));
    for (std::size_t i = 0; i < path.n_rows(); ++i) {
      const std::string value = std::to_string(path.at(i, 0));
      char exact[32];
      std::snprintf(exact, sizeof exact, "%.17g", path.at(i, 0));
      ASSERT_EQ(run_cli({"fit", "--data", kTrain, "--target", "MedHouseVal", "--method", method, "--kernel", "cauchy",
                         "--bandwidth", "1.5", krr ? "--lambda" : "--t", exact, "--model", dir + "/m.json", "--quiet"})
                    .status,
                0);
      ASSERT_EQ(run_cli({"predict", "--model", dir + "/m.json", "--data", kVal, "--output", dir + "/p.csv", "--metrics",
                         dir + "/metrics.json", "--quiet"})
                    .status,
                0);
      const auto metrics = nlohmann::json::parse(read_text(dir + "/metrics.json"));
      const double mse = metrics["mse"].get<double>();
      EXPECT_NEAR(path.at(i, path.find("val_mse")), mse, 1e-9 * mse) << "grid value " << exact;
      EXPECT_NEAR(path.at(i, path.find("val_r2")), metrics["r2"].get<double>(), 1e-9);
    }
  }
}

TEST(PathCli, CoefficientsFileAndConfigGrid) {
  const std::string dir = scratch_dir();
  write_text(dir + "/cfg.json", R"({"lambda_grid": {"logspace": [-1, 1, 3]}, "kernel": "laplace", "bandwidth": 2})");
  const CliResult r = run_cli({"path", "--config", dir + "/cfg.json", "--data", source_path("data/sine_train.csv"),
                               "--validation", source_path("data/sine_test.csv"), "--output", dir + "/p.csv",
                               "--coefficients", dir + "/a.csv", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const CsvTable p = read_csv_table(dir + "/p.csv");
  ASSERT_EQ(p.n_rows(), 3u);
  EXPECT_DOUBLE_EQ(p.at(0, 0), 0.1);
  EXPECT_DOUBLE_EQ(p.at(2, 0), 10.0);
  EXPECT_EQ(p.at(0, p.find("nonzero")), 40.0);
  const CsvTable a = read_csv_table(dir + "/a.csv");
  EXPECT_EQ(a.names, (std::vector<std::string>{"lambda", "row", "alpha"}));
  EXPECT_EQ(a.n_rows(), 3u * 40u);
  // alpha_norm of each row is the norm of its coefficients
  double ss = 0.0;
  for (std::size_t i = 0; i < 40; ++i) ss += a.at(i, 2) * a.at(i, 2);
  EXPECT_NEAR(p.at(0, p.find("alpha_norm")), std::sqrt(ss), 1e-12 * std::sqrt(ss));
}

TEST(LooCli, BruteForceAgreesAndBestIsReported) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"loo", "--data", source_path("data/sine_train.csv"), "--kernel", "gaussian",
                               "--bandwidth", "0.1", "--lambda-grid", "logspace:-6:1:8", "--output", dir + "/loo.csv",
                               "--best", dir + "/best.json", "--brute-force"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto pos = r.out.find("brute_force_max_rel_diff: ");
  ASSERT_NE(pos, std::string::npos) << r.out;
  EXPECT_LE(std::stod(r.out.substr(pos + 26)), 1e-8);
  const CsvTable t = read_csv_table(dir + "/loo.csv");
  EXPECT_EQ(t.names, (std::vector<std::string>{"lambda", "df", "loo_mse", "loo_se", "gcv", "log_evidence", "signal_variance"}));
  ASSERT_EQ(t.n_rows(), 8u);
  const auto best = nlohmann::json::parse(read_text(dir + "/best.json"));
  double min_mse = 1e300, min_lambda = 0;
  for (std::size_t i = 0; i < t.n_rows(); ++i)
    if (t.at(i, 2) < min_mse) min_mse = t.at(i, 2), min_lambda = t.at(i, 0);
  EXPECT_EQ(best["selection"]["min"]["lambda"].get<double>(), min_lambda);
  EXPECT_EQ(best["lambda"].get<double>(), min_lambda);  // the min rule's point is the config
  EXPECT_GE(best["selection"]["one_se"]["lambda"].get<double>(), min_lambda);
}

TEST(PathLooCli, BadGridsAreRefused) {
  const std::string dir = scratch_dir();
  const std::string data = source_path("data/sine_train.csv");
  struct Case {
    std::vector<std::string> args;
    const char* must_name;
  } cases[] = {
      {{"loo", "--data", data, "--lambda-grid", "logspace:-1:1", "--output", dir + "/o.csv"},
       "--lambda-grid: expected three numbers"},
      {{"loo", "--data", data, "--lambda-grid", "0.1,abc", "--output", dir + "/o.csv"},
       "--lambda-grid: 'abc' is not a number"},
      {{"path", "--data", data, "--lambda-grid", "-1,1", "--output", dir + "/o.csv"}, "lambda"},
      {{"path", "--data", data, "--method", "kgf", "--lambda-grid", "1,2", "--output", dir + "/o.csv"},
       "--lambda-grid: not used by --method kgf"},
      {{"loo", "--data", data, "--method", "kgf", "--output", dir + "/o.csv"}, "--method: kreg loo is for krr"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.must_name);
    const CliResult r = run_cli(c.args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find(c.must_name), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir + "/o.csv"));
  }
}

}  // namespace
}  // namespace kreg::test

namespace kreg::test {
namespace {

// Rows with identical features and different responses: below the bound of repeated_rows.h
// (here klinf: the pair (1, 3) at x = 0 gives 3 - 1 = 2, with --standardize none) the
// objective has no minimiser; fit, path and cv say so, and only there.
TEST(PathCli, RepeatedRowsAreReportedWhereThePenalisedProblemIsUnbounded) {
  const std::string dir = scratch_dir();
  write_text(dir + "/d.csv", "x,y\n0,1\n0,3\n1,0.5\n2,-1\n3,0.2\n4,1\n");
  const std::vector<std::string> data = {"--data",   dir + "/d.csv", "--standardize", "none",
                                         "--method", "klinf",        "--bandwidth",   "1"};
  auto with = [&](std::vector<std::string> head, std::vector<std::string> tail) {
    head.insert(head.end(), data.begin(), data.end());
    head.insert(head.end(), tail.begin(), tail.end());
    return run_cli(head);
  };
  const CliResult below = with({"fit"}, {"--lambda", "1.9", "--max-iter", "2000", "--model", dir + "/m.json"});
  ASSERT_EQ(below.status, 0) << below.err;
  EXPECT_NE(below.err.find("1 of 6 training rows repeat another row's features"), std::string::npos) << below.err;
  EXPECT_NE(below.err.find("unbounded below for lambda < 2:"), std::string::npos) << below.err;
  const CliResult above = with({"fit"}, {"--lambda", "2.1", "--model", dir + "/m.json"});
  ASSERT_EQ(above.status, 0) << above.err;
  EXPECT_EQ(above.err.find("unbounded"), std::string::npos) << above.err;

  const CliResult path =
      with({"path"}, {"--lambda-grid", "1,1.5,2.5,4", "--max-iter", "2000", "--output", dir + "/p.csv"});
  ASSERT_EQ(path.status, 0) << path.err;
  EXPECT_NE(path.err.find("2 of 4 path points lie where klinf's objective is unbounded below"), std::string::npos)
      << path.err;
  const CsvTable p = read_csv_table(dir + "/p.csv");
  for (std::size_t i = 0; i < p.n_rows(); ++i)
    EXPECT_EQ(p.at(i, p.find("bounded")), p.at(i, 0) > 2.0 ? 1.0 : 0.0) << "lambda " << p.at(i, 0);

  // With 3 folds, some training fold holds both rows at x = 0 (the third fold when they sit in
  // two different ones), so some fits at lambda = 1 are unbounded; none at lambda = 4.
  const CliResult cv =
      with({"cv"}, {"--folds", "3", "--lambda-grid", "1,4", "--max-iter", "2000", "--output", dir + "/cv.csv"});
  ASSERT_EQ(cv.status, 0) << cv.err;
  EXPECT_NE(cv.err.find("klinf fits (grid point x fold) are of problems unbounded below"), std::string::npos) << cv.err;
}

TEST(PathCli, PenalisedPathIsWarmStartedFromLargestLambdaAndSparseModelsKeepOnlyTheirPoints) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"path", "--data", kTrain, "--target", "MedHouseVal", "--method", "kl1", "--bandwidth",
                               "2", "--lambda-grid", "0.05,1,0.2", "--output", dir + "/p.csv", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const CsvTable p = read_csv_table(dir + "/p.csv");
  ASSERT_EQ(p.n_rows(), 3u);
  EXPECT_EQ(p.names[p.names.size() - 2], "converged");
  EXPECT_EQ(p.names.back(), "bounded");  // no repeated rows here: every point has a minimiser
  EXPECT_EQ(p.at(0, 0), 1.0);            // decreasing lambda
  EXPECT_EQ(p.at(2, 0), 0.05);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(p.at(i, p.find("converged")), 1.0);
    EXPECT_EQ(p.at(i, p.find("bounded")), 1.0);
  }
  EXPECT_LT(p.at(0, p.find("nonzero")), p.at(2, p.find("nonzero")));

  // The fit at lambda = 0.2 stores exactly the path's non-zero points and predicts with them.
  ASSERT_EQ(run_cli({"fit", "--data", kTrain, "--target", "MedHouseVal", "--method", "kl1", "--bandwidth", "2",
                     "--lambda", "0.2", "--model", dir + "/m.json", "--quiet"})
                .status,
            0);
  const auto model = nlohmann::json::parse(read_text(dir + "/m.json"));
  EXPECT_EQ(model["alpha"].size(), static_cast<std::size_t>(p.at(1, p.find("nonzero"))));
  EXPECT_EQ(model["points"].size(), model["alpha"].size());
  EXPECT_TRUE(model["training_summary"]["converged"].get<bool>());
  const CliResult pred = run_cli({"predict", "--model", dir + "/m.json", "--data", kVal, "--metrics",
                                  dir + "/metrics.json", "--output", dir + "/pred.csv", "--quiet"});
  ASSERT_EQ(pred.status, 0) << pred.err;
  // The authors' solver runs as an option and says whether it met its own stopping rule.
  const CliResult paper =
      run_cli({"fit", "--data", kTrain, "--target", "MedHouseVal", "--method", "klinf", "--bandwidth", "2", "--lambda",
               "10", "--solver", "paper", "--model", dir + "/paper.json", "--quiet"});
  ASSERT_EQ(paper.status, 0) << paper.err;
  const auto pm = nlohmann::json::parse(read_text(dir + "/paper.json"));
  EXPECT_EQ(pm["parameters"]["solver"], "paper");
  EXPECT_LE(pm["training_summary"]["iterations"].get<long>(), 1000);
}

}  // namespace
}  // namespace kreg::test
