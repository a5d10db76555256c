// --bandwidth with one value per feature through the whole command line: equal entries give the
// one-bandwidth results (fit, predict, loo, cv, path, --solver nystrom); per-feature bandwidths
// are one bandwidth of 1 on columns divided by them; predictions match an independent numpy
// computation (tests/fixtures/make_ard_fixture.py); configs, --print-config, loo's and cv's
// --best record the list; every misuse exits 2 with one line naming the key.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.h"
#include "kreg/core/number_text.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string kFeatures = "MedInc,HouseAge,AveRooms,Latitude";

std::string train_csv() { return source_path("tests/fixtures/california_train.csv"); }
std::string test_csv() { return source_path("tests/fixtures/california_test.csv"); }

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// A subcommand on the training file's four features.
std::vector<std::string> on_train(const std::string& sub) {
  return {sub, "--data", train_csv(), "--target", "MedHouseVal", "--features", kFeatures, "--quiet"};
}

// A CSV table as text cells by column name (RFC 4180 quotes: "0.5,2" is one cell).
std::map<std::string, std::vector<std::string>> read_table(const std::string& path) {
  std::istringstream in(read_text(path));
  std::string line;
  std::vector<std::string> names;
  std::map<std::string, std::vector<std::string>> table;
  bool header = true;
  while (std::getline(in, line)) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (char c : line) {
      if (c == '"')
        quoted = !quoted;
      else if (c == ',' && !quoted)
        cells.emplace_back();
      else
        cells.back() += c;
    }
    if (header) {
      names = cells;
      header = false;
      continue;
    }
    EXPECT_EQ(cells.size(), names.size()) << line;
    for (std::size_t i = 0; i < cells.size() && i < names.size(); ++i) table[names[i]].push_back(cells[i]);
  }
  return table;
}

std::vector<double> numbers(const std::vector<std::string>& cells) {
  std::vector<double> v;
  for (const std::string& c : cells) v.push_back(c.empty() ? NAN : std::stod(c));
  return v;
}

// The largest |a_i - b_i| over the largest |b_i| (both of the same length).
double relative_difference(const std::vector<double>& a, const std::vector<double>& b) {
  EXPECT_EQ(a.size(), b.size());
  double scale = 0.0, worst = 0.0;
  for (double v : b) scale = std::max(scale, std::abs(v));
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst / std::max(scale, 1e-300);
}

std::vector<double> predictions(const std::string& model, const std::string& data, const std::string& out) {
  const CliResult r = run_cli({"predict", "--model", model, "--data", data, "--output", out, "--quiet"});
  EXPECT_EQ(r.status, 0) << r.err;
  return numbers(read_table(out)["prediction"]);
}

void run_ok(const std::vector<std::string>& args) {
  const CliResult r = run_cli(args);
  ASSERT_EQ(r.status, 0) << r.err;
}

// (1) All entries equal to s: the kernel of bandwidth s, for every kernel that takes a vector
// (rational_quadratic with its shape), through fit and predict.
TEST(PerFeatureBandwidthCli, EqualEntriesFitAndPredictAsOneBandwidth) {
  const std::string dir = scratch_dir();
  for (const std::string kernel : {"gaussian", "laplace", "matern32", "matern52", "cauchy", "rational_quadratic"}) {
    for (const std::string method : {"krr", "kgd"}) {
      SCOPED_TRACE(kernel + " " + method);
      const std::vector<std::string> common = {"--kernel", kernel, "--method", method, "--shape",     "0.6",
                                               "--lambda", "0.05", "--t",      "2",    "--step-size", "0.01"};
      run_ok(with(with(on_train("fit"), common), {"--bandwidth", "1.5", "--model", dir + "/one.json"}));
      run_ok(with(with(on_train("fit"), common), {"--bandwidth", "1.5,1.5,1.5,1.5", "--model", dir + "/four.json"}));
      const double d = relative_difference(predictions(dir + "/four.json", test_csv(), dir + "/p4.csv"),
                                           predictions(dir + "/one.json", test_csv(), dir + "/p1.csv"));
      EXPECT_LE(d, 1e-10);
    }
  }
}

// (5) The same in loo, cv, path and the Nystrom solver: every number of their tables agrees.
TEST(PerFeatureBandwidthCli, EqualEntriesAgreeWithOneBandwidthInLooCvPathAndNystrom) {
  const std::string dir = scratch_dir();
  const std::vector<std::string> grid = {"--lambda-grid", "0.001,0.03,1"};
  struct Run {
    std::string sub;
    std::vector<std::string> args;
    std::vector<std::string> columns;  // compared as numbers
  };
  const std::vector<Run> runs = {
      {"loo", grid, {"lambda", "df", "loo_mse", "loo_se", "gcv"}},
      {"cv", with(grid, {"--folds", "5"}), {"lambda", "mean_mse", "se_mse", "fold_sd_mse", "mean_r2", "fold_sd_r2"}},
      {"path", grid, {"lambda", "df", "train_mse", "train_r2", "alpha_norm", "nonzero"}},
      // (Nystrom's alpha at small lambda is ill-determined along K_mm's small eigenvalues: its
      // norm moves by 1e-9 with rounding, while the fit, its df and its MSE do not.)
      {"path",
       with(grid, {"--solver", "nystrom", "--centers", "120", "--tol", "1e-13"}),
       {"lambda", "df", "train_mse"}},
      {"cv",
       with(grid, {"--folds", "5", "--solver", "nystrom", "--centers", "120", "--tol", "1e-13"}),
       {"lambda", "mean_mse", "se_mse", "mean_r2"}},
  };
  for (const Run& run : runs) {
    SCOPED_TRACE(run.sub + " " + run.args.back());
    run_ok(with(with(on_train(run.sub), run.args), {"--bandwidth", "0.9", "--output", dir + "/one.csv"}));
    run_ok(with(with(on_train(run.sub), run.args), {"--bandwidth", "0.9,0.9,0.9,0.9", "--output", dir + "/four.csv"}));
    auto one = read_table(dir + "/one.csv"), four = read_table(dir + "/four.csv");
    for (const std::string& c : run.columns) {
      SCOPED_TRACE(c);
      ASSERT_EQ(four[c].size(), 3u);
      EXPECT_LE(relative_difference(numbers(four[c]), numbers(one[c])), 1e-9);
    }
    if (run.sub == "cv") {  // the bandwidth column: the list in one cell, the number as before
      EXPECT_EQ(four["bandwidth"].front(),
                "0.90000000000000002,0.90000000000000002,0.90000000000000002,"
                "0.90000000000000002");
      EXPECT_EQ(one["bandwidth"].front(), "0.90000000000000002");
    }
  }
  // fit --solver nystrom: the same predictions.
  for (const std::string bw : {"0.9", "0.9,0.9,0.9,0.9"})
    run_ok(with(on_train("fit"), {"--bandwidth", bw, "--solver", "nystrom", "--centers", "120", "--tol", "1e-13",
                                  "--lambda", "0.01", "--model", dir + "/ny" + std::to_string(bw.size()) + ".json"}));
  EXPECT_LE(relative_difference(predictions(dir + "/ny15.json", test_csv(), dir + "/a.csv"),
                                predictions(dir + "/ny3.json", test_csv(), dir + "/b.csv")),
            1e-9);
}

// The training and test files with feature d divided by sigma_d, written with 17 digits.
void write_divided(const std::string& from, const std::string& to, const std::vector<double>& sigma) {
  std::istringstream in(read_text(from));
  std::string line, out;
  std::getline(in, line);
  out = "MedHouseVal," + kFeatures + "\n";
  // Columns of the fixture: MedHouseVal,MedInc,HouseAge,AveRooms,AveBedrms,Population,AveOccup,Latitude,Longitude
  const std::vector<std::size_t> feature_columns = {1, 2, 3, 7};
  while (std::getline(in, line)) {
    std::vector<std::string> cells(1);
    for (char c : line) {
      if (c == ',')
        cells.emplace_back();
      else
        cells.back() += c;
    }
    out += cells[0];
    for (std::size_t d = 0; d < sigma.size(); ++d)
      out += "," + format_double(std::stod(cells[feature_columns[d]]) / sigma[d]);
    out += "\n";
  }
  write_text(to, out);
}

// (2) Per-feature bandwidths sigma are the kernel of bandwidth 1 on the columns divided by
// sigma_d (without standardisation, which would undo the division): the same predictions, and
// the same leave-one-out table.
TEST(PerFeatureBandwidthCli, EqualsBandwidthOneOnColumnsDividedByTheirBandwidths) {
  const std::string dir = scratch_dir();
  const std::vector<double> sigma = {2.5, 40.0, 3.0, 1.7};
  const std::string sigma_text = "2.5,40,3,1.7";
  write_divided(train_csv(), dir + "/train_div.csv", sigma);
  write_divided(test_csv(), dir + "/test_div.csv", sigma);
  const std::vector<std::string> divided = {
      "--data", dir + "/train_div.csv", "--target", "MedHouseVal", "--features", kFeatures, "--quiet"};
  for (const std::string kernel : {"gaussian", "matern32", "rational_quadratic"}) {
    for (const std::string method : {"krr", "kgf"}) {
      SCOPED_TRACE(kernel + " " + method);
      const std::vector<std::string> common = {"--kernel", kernel,     "--method", method, "--standardize",
                                               "none",     "--lambda", "0.1",      "--t",  "10"};
      run_ok(with(with(on_train("fit"), common), {"--bandwidth", sigma_text, "--model", dir + "/ard.json"}));
      run_ok(with(with(with({"fit"}, divided), common), {"--bandwidth", "1", "--model", dir + "/div.json"}));
      EXPECT_LE(relative_difference(predictions(dir + "/ard.json", test_csv(), dir + "/pa.csv"),
                                    predictions(dir + "/div.json", dir + "/test_div.csv", dir + "/pd.csv")),
                1e-12);
    }
  }
  const std::vector<std::string> loo = {"--standardize", "none", "--lambda-grid", "0.01,0.1,1"};
  run_ok(with(with(on_train("loo"), loo), {"--bandwidth", sigma_text, "--output", dir + "/la.csv"}));
  run_ok(with(with(with({"loo"}, divided), loo), {"--bandwidth", "1", "--output", dir + "/ld.csv"}));
  auto a = read_table(dir + "/la.csv"), d = read_table(dir + "/ld.csv");
  for (const std::string c : {"df", "loo_mse", "gcv"})
    EXPECT_LE(relative_difference(numbers(a[c]), numbers(d[c])), 1e-12);
}

// (3) An independent numpy computation of K_x (K + lambda I)^{-1} y with anisotropic Gaussian
// and Matern 5/2 kernels, standardised as kreg does (tests/fixtures/make_ard_fixture.py).
TEST(PerFeatureBandwidthCli, MatchesNumpyAnisotropicKrrToRelative1e9) {
  std::istringstream in(read_text(source_path("tests/fixtures/ard_predictions.csv")));
  std::string line;
  std::getline(in, line);  // case,kernel,features,bandwidth,lambda,lambda_scaling,row,prediction
  std::map<std::string, std::vector<std::string>> args;
  std::map<std::string, std::vector<double>> expected;
  while (std::getline(in, line)) {
    std::vector<std::string> f(1);
    for (char c : line) {
      if (c == ',')
        f.emplace_back();
      else
        f.back() += c;
    }
    ASSERT_EQ(f.size(), 8u) << line;
    for (std::string* list : {&f[2], &f[3]})
      for (char& c : *list) c = c == ' ' ? ',' : c;
    if (args[f[0]].empty())
      args[f[0]] = {"--kernel", f[1], "--features",       f[2], "--bandwidth", f[3],
                    "--lambda", f[4], "--lambda-scaling", f[5]};
    expected[f[0]].push_back(std::stod(f[7]));
  }
  ASSERT_EQ(expected.size(), 2u);
  const std::string dir = scratch_dir();
  for (const auto& [name, a] : args) {
    SCOPED_TRACE(name);
    ASSERT_EQ(expected[name].size(), 100u);
    run_ok(with({"fit", "--data", train_csv(), "--target", "MedHouseVal", "--quiet", "--model", dir + "/m.json"}, a));
    const double d = relative_difference(predictions(dir + "/m.json", test_csv(), dir + "/p.csv"), expected[name]);
    EXPECT_LE(d, 1e-9);
    std::printf("  %-14s max relative difference %.3g\n", name.c_str(), d);
  }
}

// A config's list, --print-config and the model file: the same kernel each way, the list kept.
TEST(PerFeatureBandwidthCli, ConfigListsPrintConfigAndModelFilesKeepTheVector) {
  const std::string dir = scratch_dir();
  run_ok(with(on_train("fit"), {"--bandwidth", "0.5,2,1.3,0.8", "--model", dir + "/cli.json"}));
  write_text(dir + "/cfg.json", R"({"bandwidth": [0.5, 2, 1.3, 0.8]})");
  run_ok(with(on_train("fit"), {"--config", dir + "/cfg.json", "--model", dir + "/cfg_model.json"}));
  EXPECT_EQ(read_text(dir + "/cli.json"), read_text(dir + "/cfg_model.json"));
  run_ok(with(on_train("fit"), {"--bandwidth", "0.5, 2, 1.3 ,0.8", "--model", dir + "/spaced.json"}));
  EXPECT_EQ(read_text(dir + "/cli.json"), read_text(dir + "/spaced.json"));
  const nlohmann::json model = nlohmann::json::parse(read_text(dir + "/cli.json"));
  EXPECT_EQ(model["kernel"].dump(), R"({"bandwidth":[0.5,2.0,1.3,0.8],"name":"gaussian"})");

  const CliResult printed = run_cli(with(on_train("fit"), {"--bandwidth", "0.5,2,1.3,0.8", "--print-config"}));
  ASSERT_EQ(printed.status, 0) << printed.err;
  EXPECT_EQ(nlohmann::json::parse(printed.out)["bandwidth"].dump(), "[0.5,2.0,1.3,0.8]");
  write_text(dir + "/printed.json", printed.out);
  run_ok({"fit", "--config", dir + "/printed.json", "--data", train_csv(), "--model", dir + "/printed_model.json",
          "--quiet"});
  EXPECT_EQ(read_text(dir + "/cli.json"), read_text(dir + "/printed_model.json"));
  // One value stays a number.
  const CliResult one = run_cli(with(on_train("fit"), {"--bandwidth", "2", "--print-config"}));
  EXPECT_EQ(nlohmann::json::parse(one.out)["bandwidth"].dump(), "2.0");
}

// loo's --best is a config of fit that refits the same model; cv's records the list.
TEST(PerFeatureBandwidthCli, BestFilesRecordTheVectorAndRefitTheSameModel) {
  const std::string dir = scratch_dir();
  run_ok(with(on_train("loo"), {"--bandwidth", "0.5,2,1.3,0.8", "--lambda-grid", "0.01,0.1,1", "--best",
                                dir + "/best.json", "--model", dir + "/loo_model.json"}));
  const nlohmann::json best = nlohmann::json::parse(read_text(dir + "/best.json"));
  EXPECT_EQ(best["bandwidth"].dump(), "[0.5,2.0,1.3,0.8]");
  EXPECT_EQ(best["selection"]["min"]["bandwidth"].dump(), "[0.5,2.0,1.3,0.8]");
  run_ok({"fit", "--config", dir + "/best.json", "--data", train_csv(), "--model", dir + "/fit_model.json", "--quiet"});
  EXPECT_EQ(read_text(dir + "/loo_model.json"), read_text(dir + "/fit_model.json"));

  run_ok(with(on_train("cv"), {"--bandwidth", "0.5,2,1.3,0.8", "--lambda-grid", "0.01,0.1,1", "--folds", "4", "--best",
                               dir + "/cv_best.json", "--model", dir + "/cv_model.json"}));
  const nlohmann::json cv_best = nlohmann::json::parse(read_text(dir + "/cv_best.json"));
  EXPECT_EQ(cv_best["min"]["bandwidth"].dump(), "[0.5,2.0,1.3,0.8]");
  EXPECT_EQ(cv_best["one_se"]["bandwidth"].dump(), "[0.5,2.0,1.3,0.8]");
  const nlohmann::json cv_model = nlohmann::json::parse(read_text(dir + "/cv_model.json"));
  EXPECT_EQ(cv_model["kernel"]["bandwidth"].dump(), "[0.5,2.0,1.3,0.8]");
}

// (4) Misuse: exit 2, one line "kreg: error: ..." naming the option or key and the problem.
TEST(PerFeatureBandwidthCli, MisuseExitsTwoWithOneLineNamingTheKey) {
  const std::string dir = scratch_dir();
  run_ok(with(on_train("fit"), {"--bandwidth", "0.5,2,1.3,0.8", "--model", dir + "/m.json"}));
  nlohmann::ordered_json model = nlohmann::ordered_json::parse(read_text(dir + "/m.json"));
  model["kernel"]["bandwidth"] = {0.5, 2.0, 1.3};
  write_text(dir + "/short.json", model.dump());
  model["kernel"]["bandwidth"] = {0.5, 2.0, -1.3, 0.8};
  write_text(dir + "/negative.json", model.dump());
  write_text(dir + "/cfg.json", R"({"bandwidth": [0.5, "2"]})");
  struct Case {
    std::vector<std::string> args;
    std::vector<std::string> must_say;
  };
  const std::vector<Case> cases = {
      {with(on_train("fit"), {"--bandwidth", "1,2,3", "--model", dir + "/x.json"}),
       {"--bandwidth: 3 values, one per feature, but ", "california_train.csv has 4 feature columns",
        "MedInc, HouseAge, AveRooms, Latitude"}},
      {with(on_train("cv"), {"--bandwidth", "1,2,3,4,5", "--output", dir + "/x.csv"}),
       {"--bandwidth: 5 values, one per feature", "4 feature columns"}},
      {with(on_train("loo"), {"--bandwidth", "1,2", "--output", dir + "/x.csv"}),
       {"--bandwidth: 2 values, one per feature", "4 feature columns"}},
      {with(on_train("fit"), {"--bandwidth", "1,0,3,4", "--model", dir + "/x.json"}),
       {"--bandwidth: value 2 of 4 must be a finite number > 0, got 0"}},
      {with(on_train("fit"), {"--bandwidth", "1,2,-3,4", "--model", dir + "/x.json"}),
       {"--bandwidth: value 3 of 4 must be a finite number > 0, got -3"}},
      {with(on_train("fit"), {"--bandwidth", "1,inf,3,4", "--model", dir + "/x.json"}),
       {"--bandwidth: value 2 of 4 in '1,inf,3,4': expected a finite number"}},
      {with(on_train("fit"), {"--bandwidth", "1,,3,4", "--model", dir + "/x.json"}), {"--bandwidth: value 2 of 4"}},
      {with(on_train("fit"), {"--config", dir + "/cfg.json", "--model", dir + "/x.json"}),
       {"cfg.json: key 'bandwidth': expected a number, or a list of numbers"}},
      {with(on_train("fit"), {"--kernel", "linear", "--bandwidth", "1,2,3,4", "--model", dir + "/x.json"}),
       {"--bandwidth: ", "linear has no bandwidth",
        "gaussian, laplace, matern32, matern52, cauchy, rational_quadratic"}},
      {with(on_train("fit"), {"--kernel", "polynomial", "--bandwidth", "1,2,3,4", "--model", dir + "/x.json"}),
       {"--bandwidth: ", "polynomial has no bandwidth"}},
      {with(on_train("fit"), {"--kernel", "periodic", "--bandwidth", "1,2,3,4", "--model", dir + "/x.json"}),
       {"--bandwidth: ", "periodic takes one bandwidth"}},
      {with(on_train("fit"), {"--kernel", "gaussian+linear", "--bandwidth", "1,2,3,4", "--model", dir + "/x.json"}),
       {"--bandwidth: 4 values, one per feature, are for a single kernel, not the combination 'gaussian+linear'"}},
      {with(on_train("cv"), {"--bandwidth", "1,2,3,4", "--bandwidth-grid", "1,2", "--output", dir + "/x.csv"}),
       {"--bandwidth-grid: ", "bandwidth is given one per feature"}},
      {{"predict", "--model", dir + "/short.json", "--data", test_csv()},
       {"short.json: key 'kernel.bandwidth': 3 values, one per feature, but the model has 4 features"}},
      {{"predict", "--model", dir + "/negative.json", "--data", test_csv()},
       {"negative.json: key 'kernel.bandwidth[2]': must be a finite number > 0, got -1.3"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args[0] + " " + c.must_say.front());
    const CliResult r = run_cli(c.args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("kreg: error: ", 0), 0u) << r.err;
    for (const std::string& s : c.must_say)
      EXPECT_NE(r.err.find(s), std::string::npos) << "missing: " << s << "\n" << r.err;
  }
}

}  // namespace
}  // namespace kreg::test
