// `kreg cv --score mae|huber` and `kreg path --score`: per-fold scores equal numpy's
// (tests/fixtures/make_score_fixture.py); on data with 5% Cauchy outliers in y, the point cv
// chooses by MAE predicts clean test rows no worse (in MAE) than the point the MSE chooses, for
// krr and ksgd; path's val_mae and val_huber equal those of fit + predict; bad values are
// refused naming the option; shards carry the score and shards of different scores never merge.
#include <gtest/gtest.h>

#include <armadillo>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

#include "cli_runner.h"
#include "kreg/data/csv_table.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string kFixtureData = source_path("tests/fixtures/score_fixture_data.csv");

nlohmann::json fixture() { return nlohmann::json::parse(read_text(source_path("tests/fixtures/score_fixture.json"))); }

std::vector<std::string> fixture_cv(const std::string& dir, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"cv",
                                   "--data",
                                   kFixtureData,
                                   "--target",
                                   "y",
                                   "--fold-column",
                                   "fold",
                                   "--bandwidth-grid",
                                   "1.5",
                                   "--lambda-grid",
                                   "0.1",
                                   "--output",
                                   dir + "/cv.csv",
                                   "--per-fold",
                                   dir + "/folds.csv",
                                   "--best",
                                   dir + "/best.json",
                                   "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(CvScore, PerFoldMaeAndHuberEqualNumpys) {
  const auto want = fixture().at("cv").at("folds");
  ASSERT_EQ(want.size(), 4u);
  struct Variant {
    std::vector<std::string> options;
    const char* column;       // in the per-fold table
    const char* fixture_key;  // in score_fixture.json
  } variants[] = {{{"--score", "mae"}, "mae", "mae"},
                  {{"--score", "huber"}, "huber", "huber"},
                  {{"--score", "huber", "--huber-delta", "0.5"}, "huber", "huber_delta_0.5"}};
  for (const Variant& v : variants) {
    SCOPED_TRACE(v.fixture_key);
    const std::string dir = scratch_dir();
    const CliResult r = run_cli(fixture_cv(dir, v.options));
    ASSERT_EQ(r.status, 0) << r.err;
    const CsvTable folds = read_csv_table(dir + "/folds.csv");
    ASSERT_EQ(folds.n_rows(), 4u);
    const long col = folds.find(v.column), fold_col = folds.find("fold"), mse_col = folds.find("mse");
    ASSERT_GE(col, 0);
    arma::vec scores(4);
    for (std::size_t i = 0; i < 4; ++i) {
      const auto& w = want.at(static_cast<std::size_t>(folds.at(i, static_cast<std::size_t>(fold_col))));
      const double expected = w.at(v.fixture_key).get<double>();
      scores[i] = folds.at(i, static_cast<std::size_t>(col));
      EXPECT_NEAR(scores[i], expected, 1e-9 * expected) << "fold " << i;
      EXPECT_NEAR(folds.at(i, static_cast<std::size_t>(mse_col)), w.at("mse").get<double>(), 1e-9) << "fold " << i;
    }
    // The table's mean, standard error and sd of the score over the 4 folds.
    const CsvTable cv = read_csv_table(dir + "/cv.csv");
    const std::string S = v.column;
    EXPECT_EQ(cv.names, (std::vector<std::string>{"bandwidth", "lambda", "mean_mse", "se_mse", "fold_sd_mse", "mean_r2",
                                                  "fold_sd_r2", "mean_" + S, "se_" + S, "fold_sd_" + S}));
    EXPECT_NEAR(cv.at(0, 7), arma::mean(scores), 1e-12 * arma::mean(scores));
    EXPECT_NEAR(cv.at(0, 8), arma::stddev(scores) / 2.0, 1e-12 * arma::stddev(scores));
    EXPECT_NEAR(cv.at(0, 9), arma::stddev(scores), 1e-12 * arma::stddev(scores));
    const auto best = nlohmann::json::parse(read_text(dir + "/best.json"));
    EXPECT_EQ(best.at("score"), S);
    EXPECT_NEAR(best.at("min").at("mean_" + S).get<double>(), arma::mean(scores), 1e-12 * arma::mean(scores));
    EXPECT_EQ(best.contains("huber_delta"), S == "huber");
  }
}

TEST(CvScore, MseTablesKeepTheirColumns) {
  const std::string dir = scratch_dir();
  ASSERT_EQ(run_cli(fixture_cv(dir, {})).status, 0);
  const std::string table = read_text(dir + "/cv.csv"), folds = read_text(dir + "/folds.csv"),
                    best = read_text(dir + "/best.json");
  EXPECT_EQ(table.substr(0, table.find('\n')), "bandwidth,lambda,mean_mse,se_mse,fold_sd_mse,mean_r2,fold_sd_r2");
  EXPECT_EQ(folds.substr(0, folds.find('\n')), "bandwidth,lambda,fold,mse,r2");
  EXPECT_FALSE(nlohmann::json::parse(best).contains("score"));
  ASSERT_EQ(run_cli(fixture_cv(dir + "/", {"--score", "mse"})).status, 0);  // the default, given: the same bytes
  EXPECT_EQ(read_text(dir + "/cv.csv"), table);
  EXPECT_EQ(read_text(dir + "/folds.csv"), folds);
  EXPECT_EQ(read_text(dir + "/best.json"), best);
}

// y = sin(2 x1) + x2 x3 / 2 + N(0, 0.1^2) at x uniform in [-2, 2]^3: `n` rows, with 5% of them
// (every 20th) given an additive Cauchy(0, 2) outlier when `outliers`.
void write_synthetic(const std::string& path, std::size_t n, bool outliers, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  std::normal_distribution<double> noise(0.0, 0.1);
  std::cauchy_distribution<double> cauchy(0.0, 2.0);
  std::string text = "x1,x2,x3,y\n";
  for (std::size_t i = 0; i < n; ++i) {
    const double x1 = u(rng), x2 = u(rng), x3 = u(rng);
    double y = std::sin(2.0 * x1) + 0.5 * x2 * x3 + noise(rng);
    if (outliers && i % 20 == 7) y += cauchy(rng);
    char line[160];
    std::snprintf(line, sizeof line, "%.17g,%.17g,%.17g,%.17g\n", x1, x2, x3, y);
    text += line;
  }
  write_text(path, text);
}

// Test MAE (clean rows) of the refit at the point 10-fold cv chooses by `score`; the run's
// messages in `summary`.
double test_mae_of_choice(const std::string& dir, const std::vector<std::string>& method, const std::string& score,
                          std::string& summary) {
  std::vector<std::string> args = {"cv",
                                   "--data",
                                   dir + "/train.csv",
                                   "--target",
                                   "y",
                                   "--folds",
                                   "10",
                                   "--seed",
                                   "3",
                                   "--score",
                                   score,
                                   "--model",
                                   dir + "/" + score + ".json",
                                   "--output",
                                   dir + "/cv_" + score + ".csv"};
  args.insert(args.end(), method.begin(), method.end());
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 0) << r.err;
  summary = r.out + r.err;
  const CliResult p = run_cli({"predict", "--model", dir + "/" + score + ".json", "--data", dir + "/test.csv",
                               "--output", dir + "/p.csv", "--metrics", dir + "/m.json", "--quiet"});
  EXPECT_EQ(p.status, 0) << p.err;
  return nlohmann::json::parse(read_text(dir + "/m.json")).at("mae").get<double>();
}

// Eight data sets of 200 training rows with 5% Cauchy outliers and 1,000 clean test rows. On
// one data set either choice may win by a little (the validation folds hold only one or two
// outliers each); what the MAE avoids is the MSE's choice led astray by one huge outlier. So the
// check is on the sum over the data sets of the clean-test MAE at each score's choice.
TEST(CvScore, MaeChoosesNoWorseThanMseWithCauchyOutliers) {
  const std::vector<std::string> krr = {"--method",        "krr",           "--bandwidth-grid",
                                        "logspace:-1:1:7", "--lambda-grid", "logspace:-5:2:15"};
  const std::vector<std::string> ksgd = {"--method",    "ksgd", "--bandwidth-grid", "logspace:-1:1:7",
                                         "--step-size", "0.01", "--t-max",          "30"};
  std::mt19937_64 rng(52);
  double total[2][2] = {{0.0, 0.0}, {0.0, 0.0}};  // [krr, ksgd][by mse, by mae]
  for (int set = 0; set < 8; ++set) {
    const std::string dir = scratch_dir();
    write_synthetic(dir + "/train.csv", 200, true, rng);
    write_synthetic(dir + "/test.csv", 1000, false, rng);
    int m = 0;
    for (const auto& method : {krr, ksgd}) {
      SCOPED_TRACE(method[1] + ", data set " + std::to_string(set));
      std::string by_mse_summary, by_mae_summary;
      const double by_mse = test_mae_of_choice(dir, method, "mse", by_mse_summary);
      const double by_mae = test_mae_of_choice(dir, method, "mae", by_mae_summary);
      total[m][0] += by_mse;
      total[m][1] += by_mae;
      ++m;
      std::printf("[ %-4s ] data set %d: clean-test MAE at the choice by MSE %.4f, by MAE %.4f\n", method[1].c_str(),
                  set, by_mse, by_mae);
      // The table reports the score that chose, and the summary names it.
      const CsvTable table = read_csv_table(dir + "/cv_mae.csv");
      EXPECT_GE(table.find("mean_mae"), 0);
      EXPECT_GE(table.find("se_mae"), 0);
      EXPECT_NE(by_mae_summary.find("scored by mae"), std::string::npos) << by_mae_summary;
      EXPECT_NE(by_mae_summary.find("mean MAE"), std::string::npos) << by_mae_summary;
    }
  }
  EXPECT_LE(total[0][1], total[0][0]) << "krr";
  EXPECT_LE(total[1][1], total[1][0]) << "ksgd";
  std::printf("[ sum  ] krr: by MSE %.4f, by MAE %.4f; ksgd: by MSE %.4f, by MAE %.4f\n", total[0][0], total[0][1],
              total[1][0], total[1][1]);
}

TEST(CvScore, BadScoreValuesAreRefusedNamingTheOption) {
  const std::string dir = scratch_dir();
  struct Bad {
    std::vector<std::string> options;
    std::string says;
  } bad[] = {{{"--score", "rmse"}, "--score: expected mse, mae or huber, got 'rmse'"},
             {{"--score", "MAE"}, "(did you mean 'mae'?)"},
             {{"--score", "huber", "--huber-delta", "0"}, "--huber-delta: must be a number > 0, got 0"},
             {{"--score", "huber", "--huber-delta", "-1"}, "--huber-delta: must be a number > 0"},
             {{"--score", "mae", "--huber-delta", "2"}, "--huber-delta: applies to --score huber only"},
             {{"--huber-delta", "2"}, "--huber-delta: applies to --score huber only (the score is mse)"}};
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.says);
    for (const char* sub : {"cv", "path"}) {
      std::vector<std::string> args = {sub,         "--data", kFixtureData, "--target",      "y",
                                       "--exclude", "fold",   "--output",   dir + "/out.csv"};
      args.insert(args.end(), b.options.begin(), b.options.end());
      const CliResult r = run_cli(args);
      EXPECT_EQ(r.status, 2) << sub;
      EXPECT_EQ(count_lines(r.err), 1) << r.err;
      EXPECT_EQ(r.err.rfind("kreg: error: ", 0), 0u) << r.err;
      EXPECT_NE(r.err.find(b.says), std::string::npos) << sub << ": " << r.err;
      EXPECT_FALSE(file_exists(dir + "/out.csv"));
    }
  }
  write_text(dir + "/cfg.json", R"({"score": "l1"})");
  const CliResult r = run_cli({"cv", "--config", dir + "/cfg.json", "--data", kFixtureData, "--target", "y",
                               "--fold-column", "fold", "--output", dir + "/out.csv"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("score"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("expected mse, mae or huber, got 'l1'"), std::string::npos) << r.err;
}

TEST(CvScore, ShardsCarryTheScoreAndShardsOfAnotherScoreAreRefused) {
  const std::string dir = scratch_dir();
  const auto shard = [&](const std::string& part, const std::string& score) {
    return run_cli({"cv", "--data", kFixtureData, "--target", "y", "--fold-column", "fold", "--bandwidth-grid", "1,2",
                    "--lambda-grid", "0.01,0.1,1", "--score", score, "--shard", part, "--output",
                    dir + "/" + score + "_" + part.substr(0, 1) + ".csv", "--quiet"});
  };
  for (const std::string score : {"mae", "huber"})
    for (const std::string part : {"1/2", "2/2"}) ASSERT_EQ(shard(part, score).status, 0);
  const std::string text = read_text(dir + "/mae_1.csv");
  EXPECT_NE(text.find("\"score\":\"mae\""), std::string::npos) << text.substr(0, 300);
  EXPECT_NE(text.find("kernel_index,fold,grid_index,mse,r2,score,unfinished,unbounded,t\n"), std::string::npos);
  // Merged, the shards give the table of the run made in one process.
  const CliResult merged = run_cli({"cv", "--merge", dir + "/mae_1.csv", dir + "/mae_2.csv", "--output",
                                    dir + "/merged.csv", "--per-fold", dir + "/merged_folds.csv", "--quiet"});
  ASSERT_EQ(merged.status, 0) << merged.err;
  const CliResult whole = run_cli({"cv", "--data", kFixtureData, "--target", "y", "--fold-column", "fold",
                                   "--bandwidth-grid", "1,2", "--lambda-grid", "0.01,0.1,1", "--score", "mae",
                                   "--output", dir + "/whole.csv", "--per-fold", dir + "/whole_folds.csv", "--quiet"});
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(read_text(dir + "/merged.csv"), read_text(dir + "/whole.csv"));
  EXPECT_EQ(read_text(dir + "/merged_folds.csv"), read_text(dir + "/whole_folds.csv"));
  EXPECT_NE(read_text(dir + "/merged.csv").find("mean_mae"), std::string::npos);
  // A shard scored by huber does not merge with one scored by mae.
  const CliResult mixed =
      run_cli({"cv", "--merge", dir + "/mae_1.csv", dir + "/huber_2.csv", "--output", dir + "/mixed.csv"});
  EXPECT_EQ(mixed.status, 2);
  EXPECT_NE(mixed.err.find("'settings.score' differs"), std::string::npos) << mixed.err;
  EXPECT_FALSE(file_exists(dir + "/mixed.csv"));
}

// Each path row's val_mae and val_huber equal those of fit + predict at its lambda or t.
TEST(PathScore, ValidationScoreColumnsEqualFitAndPredict) {
  const std::string dir = scratch_dir();
  std::mt19937_64 rng(7);
  write_synthetic(dir + "/train.csv", 80, true, rng);
  write_synthetic(dir + "/val.csv", 50, true, rng);
  const CsvTable train = read_csv_table(dir + "/train.csv");
  arma::vec ytrain(train.n_rows());
  for (std::size_t i = 0; i < train.n_rows(); ++i) ytrain[i] = train.at(i, 3);
  const double scale = arma::stddev(ytrain, 1);  // population sd of the training targets
  const CsvTable val = read_csv_table(dir + "/val.csv");
  struct Variant {
    std::vector<std::string> options;
    const char* regulariser;
  } variants[] = {{{"--method", "krr", "--lambda-grid", "0.01,1"}, "lambda"},
                  {{"--method", "kl1", "--lambda-grid", "0.05,0.5"}, "lambda"},
                  {{"--method", "ksgd", "--step-size", "0.01", "--t-max", "2", "--record-every", "100"}, "t"}};
  for (const Variant& v : variants) {
    for (const std::string score : {"mae", "huber"}) {
      SCOPED_TRACE(v.options[1] + " " + score);
      std::vector<std::string> args = {"path",     "--data",   dir + "/train.csv", "--validation", dir + "/val.csv",
                                       "--target", "y",        "--score",          score,          "--bandwidth",
                                       "0.8",      "--output", dir + "/path.csv",  "--quiet"};
      args.insert(args.end(), v.options.begin(), v.options.end());
      const CliResult r = run_cli(args);
      ASSERT_EQ(r.status, 0) << r.err;
      const CsvTable path = read_csv_table(dir + "/path.csv");
      ASSERT_EQ(path.names.at(6), "val_" + score);
      EXPECT_EQ(path.names.at(4), "val_mse");
      EXPECT_EQ(path.names.at(5), "val_r2");
      ASSERT_GE(path.n_rows(), 2u);
      for (std::size_t i = 0; i < path.n_rows(); ++i) {
        char value[32];
        std::snprintf(value, sizeof value, "%.17g", path.at(i, 0));
        std::vector<std::string> fit = {"fit",         "--data", dir + "/train.csv", "--target",      "y",
                                        "--bandwidth", "0.8",    "--model",          dir + "/m.json", "--quiet"};
        fit.insert(fit.end(), v.options.begin(), v.options.begin() + 2);  // --method M
        if (std::string(v.regulariser) == "lambda") {
          fit.insert(fit.end(), {"--lambda", value});
        } else {
          fit.insert(fit.end(), {"--step-size", "0.01", "--t", value});  // round(t / step) updates
        }
        ASSERT_EQ(run_cli(fit).status, 0);
        ASSERT_EQ(run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/val.csv", "--output",
                           dir + "/p.csv", "--quiet"})
                      .status,
                  0);
        const CsvTable pred = read_csv_table(dir + "/p.csv");
        double mae = 0.0, huber = 0.0;
        for (std::size_t j = 0; j < val.n_rows(); ++j) {
          const double e = val.at(j, 3) - pred.at(j, 0), r_std = std::abs(e) / scale;
          mae += std::abs(e);
          huber += r_std <= 1.345 ? 0.5 * r_std * r_std : 1.345 * (r_std - 0.5 * 1.345);
        }
        mae /= static_cast<double>(val.n_rows());
        huber /= static_cast<double>(val.n_rows());
        const double want = score == "mae" ? mae : huber;
        EXPECT_NEAR(path.at(i, 6), want, 1e-6 * want) << v.regulariser << " = " << value;
      }
    }
  }
}

}  // namespace
}  // namespace kreg::test
