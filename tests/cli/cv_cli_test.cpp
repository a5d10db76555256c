// `kreg cv`: every row equals the mean and standard deviation of the validation MSE of
// `kreg fit` + `kreg predict` on each fold; the best row is the smallest mean; outputs are
// byte-identical whatever --threads and for the same seed; every method cross-validates.
#include <gtest/gtest.h>

#include <armadillo>
#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "kreg/data/csv_table.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// 120 California-housing rows with a fold column (fold = row mod 4), written by the test.
std::string data_with_folds(const std::string& dir) {
  const CsvTable t = read_csv_table(source_path("tests/fixtures/california_train.csv"));
  std::string text = "fold";
  for (const auto& n : t.names) text += "," + n;
  text += "\n";
  for (std::size_t i = 0; i < 120; ++i) {
    text += std::to_string(i % 4);
    for (std::size_t c = 0; c < t.n_cols(); ++c) {
      char buf[32];
      std::snprintf(buf, sizeof buf, ",%.17g", t.at(i, c));
      text += buf;
    }
    text += "\n";
  }
  write_text(dir + "/all.csv", text);
  return dir + "/all.csv";
}

void write_fold_files(const std::string& dir, int fold) {
  const CsvTable t = read_csv_table(dir + "/all.csv");
  std::string header;
  for (std::size_t c = 1; c < t.n_cols(); ++c) header += (c > 1 ? "," : "") + t.names[c];
  std::string train = header + "\n", val = header + "\n";
  for (std::size_t i = 0; i < t.n_rows(); ++i) {
    std::string line;
    for (std::size_t c = 1; c < t.n_cols(); ++c) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%s%.17g", c > 1 ? "," : "", t.at(i, c));
      line += buf;
    }
    (static_cast<int>(t.at(i, 0)) == fold ? val : train) += line + "\n";
  }
  write_text(dir + "/train" + std::to_string(fold) + ".csv", train);
  write_text(dir + "/val" + std::to_string(fold) + ".csv", val);
}

// With standardisation per training fold every fold is refitted; without standardisation one
// eigendecomposition of the full K serves all folds (group leave-out formula): both must
// agree with fitting each fold directly. The linear kernel exercises the primal form.
TEST(CvCli, KrrRowsEqualPerFoldFitAndPredict) {
  const std::string dir = scratch_dir();
  const std::string data = data_with_folds(dir);
  for (int f = 0; f < 4; ++f) write_fold_files(dir, f);
  struct Variant {
    const char* kernel;
    const char* standardize;
  } variants[] = {{"gaussian", "both"}, {"gaussian", "none"}, {"linear", "none"}};
  for (const auto& v : variants) {
    SCOPED_TRACE(std::string(v.kernel) + ", standardize " + v.standardize);
    const bool radial = std::string(v.kernel) == "gaussian";
    std::vector<std::string> args = {"cv",
                                     "--data",
                                     data,
                                     "--target",
                                     "MedHouseVal",
                                     "--fold-column",
                                     "fold",
                                     "--method",
                                     "krr",
                                     "--kernel",
                                     v.kernel,
                                     "--standardize",
                                     v.standardize,
                                     "--lambda-grid",
                                     "0.01,0.3",
                                     "--output",
                                     dir + "/cv.csv",
                                     "--best",
                                     dir + "/best.json",
                                     "--quiet"};
    if (radial) args.insert(args.end(), {"--bandwidth-grid", "1,3"});
    const CliResult r = run_cli(args);
    ASSERT_EQ(r.status, 0) << r.err;
    const CsvTable cv = read_csv_table(dir + "/cv.csv");
    ASSERT_EQ(cv.n_rows(), radial ? 4u : 2u);
    const long lambda_col = cv.find("lambda"), mean_col = cv.find("mean_mse");
    std::size_t best_row = 0;
    for (std::size_t row = 0; row < cv.n_rows(); ++row) {
      char bw[32], lam[32];
      std::snprintf(bw, sizeof bw, "%.17g", radial ? cv.at(row, 0) : 1.0);
      std::snprintf(lam, sizeof lam, "%.17g", cv.at(row, static_cast<std::size_t>(lambda_col)));
      arma::vec mses(4);
      for (int f = 0; f < 4; ++f) {
        const std::string fs = std::to_string(f);
        ASSERT_EQ(run_cli({"fit", "--data", dir + "/train" + fs + ".csv", "--target", "MedHouseVal", "--kernel",
                           v.kernel, "--standardize", v.standardize, "--bandwidth", bw, "--lambda", lam, "--model",
                           dir + "/m.json", "--quiet"})
                      .status,
                  0);
        ASSERT_EQ(run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/val" + fs + ".csv", "--output",
                           dir + "/p.csv", "--metrics", dir + "/metrics.json", "--quiet"})
                      .status,
                  0);
        mses(f) = nlohmann::json::parse(read_text(dir + "/metrics.json"))["mse"].get<double>();
      }
      EXPECT_NEAR(cv.at(row, static_cast<std::size_t>(mean_col)), arma::mean(mses), 1e-9 * arma::mean(mses))
          << "row " << row;
      ASSERT_GE(cv.find("fold_sd_mse"), 0);
      ASSERT_GE(cv.find("se_mse"), 0);
      EXPECT_NEAR(cv.at(row, static_cast<std::size_t>(cv.find("fold_sd_mse"))), arma::stddev(mses),
                  1e-9 * arma::stddev(mses))
          << "row " << row;
      // The standard error of the mean over the k = 4 folds (glmnet's cvsd).
      EXPECT_NEAR(cv.at(row, static_cast<std::size_t>(cv.find("se_mse"))), arma::stddev(mses) / 2.0,
                  1e-9 * arma::stddev(mses))
          << "row " << row;
      if (cv.at(row, static_cast<std::size_t>(mean_col)) < cv.at(best_row, static_cast<std::size_t>(mean_col)))
        best_row = row;
    }
    const auto best = nlohmann::json::parse(read_text(dir + "/best.json"));
    if (radial) EXPECT_EQ(best["min"]["bandwidth"].get<double>(), cv.at(best_row, 0));
    EXPECT_EQ(best["min"]["lambda"].get<double>(), cv.at(best_row, static_cast<std::size_t>(lambda_col)));
    EXPECT_EQ(best["folds"], 4);
  }
}

TEST(CvCli, ByteIdenticalWhateverTheThreadsAndForTheSameSeed) {
  const std::string dir = scratch_dir();
  const std::string data = source_path("tests/fixtures/california_train.csv");
  std::string outputs[3][2];
  const char* threads[3] = {"1", "2", "2"};
  for (int run = 0; run < 3; ++run) {
    const std::string cv = dir + "/cv" + std::to_string(run) + ".csv",
                      best = dir + "/b" + std::to_string(run) + ".json";
    const CliResult r = run_cli({"cv",
                                 "--data",
                                 data,
                                 "--target",
                                 "MedHouseVal",
                                 "--folds",
                                 "5",
                                 "--seed",
                                 "42",
                                 "--bandwidth-grid",
                                 "logspace:-0.5:0.5:4",
                                 "--lambda-grid",
                                 "logspace:-3:0:6",
                                 "--threads",
                                 threads[run],
                                 "--output",
                                 cv,
                                 "--best",
                                 best,
                                 "--quiet"});
    ASSERT_EQ(r.status, 0) << r.err;
    outputs[run][0] = read_text(cv);
    outputs[run][1] = read_text(best);
  }
  EXPECT_EQ(outputs[0][0], outputs[1][0]);
  EXPECT_EQ(outputs[0][1], outputs[1][1]);
  EXPECT_EQ(outputs[1][0], outputs[2][0]);
  EXPECT_EQ(outputs[1][1], outputs[2][1]);
  EXPECT_FALSE(outputs[0][0].empty());
}

TEST(CvCli, EveryMethodCrossValidatesAndRefits) {
  const std::string dir = scratch_dir();
  const std::string data = source_path("data/sine_train.csv");
  struct Case {
    const char* method;
    std::vector<std::string> grid;
  } cases[] = {{"kgf", {"--t-grid", "1,10"}},
               {"kl1", {"--lambda-grid", "0.1,0.5"}},
               {"klinf", {"--lambda-grid", "1,5"}},
               {"kgd", {"--step-size", "1e-3", "--t-max", "50"}},
               {"ksgd", {"--step-size", "1e-3", "--t-max", "50"}},
               {"kcd", {"--step-size", "1e-3", "--t-max", "50"}},
               {"kegd", {"--step-size", "1e-3", "--t-max", "50", "--momentum", "0.5"}}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.method);
    std::vector<std::string> args = {"cv",
                                     "--data",
                                     data,
                                     "--method",
                                     c.method,
                                     "--folds",
                                     "4",
                                     "--bandwidth-grid",
                                     "0.1,0.3",
                                     "--output",
                                     dir + "/cv.csv",
                                     "--model",
                                     dir + "/m.json",
                                     "--quiet"};
    args.insert(args.end(), c.grid.begin(), c.grid.end());
    const CliResult r = run_cli(args);
    ASSERT_EQ(r.status, 0) << r.err;
    const CsvTable cv = read_csv_table(dir + "/cv.csv");
    EXPECT_EQ(cv.n_rows(), c.grid.size() > 2 ? 2u : 4u);
    const auto model = nlohmann::json::parse(read_text(dir + "/m.json"));
    EXPECT_EQ(model["method"], c.method);
    if (cv.find("t") >= 0 && std::string(c.method) != "kgf") {
      for (std::size_t i = 0; i < cv.n_rows(); ++i) EXPECT_GT(cv.at(i, cv.find("t")), 0.0);  // chosen stopping time
    }
  }
}

// Fits that fall short are counted in one warning: an iteration cap far too low for kl1, and a
// t_max far too short for ksgd; with enough room, no warning.
TEST(CvCli, UnfinishedFitsAreReported) {
  const std::string dir = scratch_dir();
  const std::string data = source_path("data/sine_train.csv");
  auto run = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {
        "cv", "--data", data, "--folds", "4", "--bandwidth-grid", "0.1,0.3", "--output", dir + "/cv.csv", "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 0) << r.err;
    return r.err;
  };
  EXPECT_NE(run({"--method", "kl1", "--lambda-grid", "0.1,0.5", "--solver", "fista", "--max-iter", "3"})
                .find("kreg: warning: 16 of 16 kl1 fits (grid point x fold) did not converge"),
            std::string::npos);
  EXPECT_NE(run({"--method", "ksgd", "--step-size", "1e-3", "--t-max", "0.002"})
                .find("kreg: warning: 8 of 8 early-stopping runs (bandwidth x fold) reached --t-max"),
            std::string::npos);
  EXPECT_EQ(run({"--method", "kl1", "--lambda-grid", "1,5"}).find("did not converge"), std::string::npos);
}

}  // namespace
}  // namespace kreg::test
