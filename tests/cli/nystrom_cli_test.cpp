// `--solver nystrom` from the command line: all rows as centres predict what exact krr
// predicts, the model file holds the centres and the solver's report, outputs do not depend on
// the thread count, and misuse is refused with exit 2 naming the option.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "cli_runner.h"
#include "kreg/model/model_json.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string& train_csv() {
  static const std::string path = source_path("tests/fixtures/california_train.csv");
  return path;
}
const std::string& test_csv() {
  static const std::string path = source_path("tests/fixtures/california_test.csv");
  return path;
}

std::vector<double> predictions(const std::string& model, const std::string& out) {
  const CliResult r = run_cli({"predict", "--model", model, "--data", test_csv(), "--output", out, "--quiet"});
  EXPECT_EQ(r.status, 0) << r.err;
  std::istringstream in(read_text(out));
  std::string line;
  std::getline(in, line);
  std::vector<double> v;
  while (std::getline(in, line)) v.push_back(std::stod(line));
  return v;
}

CliResult fit(const std::string& model, std::vector<std::string> extra) {
  std::vector<std::string> args = {"fit",      "--data",   train_csv(),   "--target", "MedHouseVal",
                                   "--kernel", "gaussian", "--bandwidth", "1.5",      "--lambda",
                                   "0.1",      "--model",  model};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

TEST(NystromCli, AllRowsAsCentresPredictWhatExactKrrPredicts) {
  const std::string dir = scratch_dir();
  ASSERT_EQ(fit(dir + "/exact.json", {"--quiet"}).status, 0);
  const CliResult r = fit(dir + "/nystrom.json", {"--solver", "nystrom", "--centers", "300", "--tol", "1e-10"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE((r.out + r.err).find("nystrom: 300 centres, "), std::string::npos) << r.out << r.err;
  const std::vector<double> a = predictions(dir + "/exact.json", dir + "/a.csv");
  const std::vector<double> b = predictions(dir + "/nystrom.json", dir + "/b.csv");
  ASSERT_EQ(a.size(), 100u);
  ASSERT_EQ(b.size(), a.size());
  double worst = 0.0, scale = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    worst = std::max(worst, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(a[i]));
  }
  EXPECT_LT(worst / scale, 1e-6);
}

TEST(NystromCli, ModelHoldsTheCentresAndTheSolversReport) {
  const std::string dir = scratch_dir();
  const CliResult r = fit(dir + "/m.json", {"--solver", "nystrom", "--centers", "80", "--seed", "4", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Model m = load_model(dir + "/m.json");
  EXPECT_EQ(m.points.n_rows, 80u);
  EXPECT_EQ(m.alpha.n_elem, 80u);
  EXPECT_EQ(arma::unique(m.point_rows).eval().n_elem, 80u);
  EXPECT_EQ(m.settings.solver, Solver::kNystrom);
  EXPECT_EQ(m.settings.centers, 80);
  EXPECT_GT(m.summary.iterations, 0);
  EXPECT_TRUE(m.summary.converged);
  EXPECT_LE(m.summary.relative_residual, 1e-6);
  EXPECT_EQ(m.summary.n_train, 300u);
  // Another seed draws other centres.
  ASSERT_EQ(fit(dir + "/m5.json", {"--solver", "nystrom", "--centers", "80", "--seed", "5", "--quiet"}).status, 0);
  EXPECT_FALSE(arma::all(load_model(dir + "/m5.json").point_rows == m.point_rows));
}

TEST(NystromCli, SameModelBytesAtOneAndTwoThreads) {
  const std::string dir = scratch_dir();
  for (const std::string by : {"uniform", "leverage"}) {
    SCOPED_TRACE(by);
    const std::vector<std::string> common = {"--solver", "nystrom", "--centers", "120", "--centers-by", by, "--quiet"};
    std::vector<std::string> one = common, two = common;
    one.insert(one.end(), {"--threads", "1"});
    two.insert(two.end(), {"--threads", "2"});
    ASSERT_EQ(fit(dir + "/one.json", one).status, 0);
    ASSERT_EQ(fit(dir + "/two.json", two).status, 0);
    EXPECT_EQ(read_text(dir + "/one.json"), read_text(dir + "/two.json"));
  }
}

TEST(NystromCli, CvScoresEveryGridPointWithTheSameCentres) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"cv", "--data", train_csv(), "--target", "MedHouseVal", "--folds", "4", "--solver",
                               "nystrom", "--centers", "100", "--bandwidth-grid", "1,2", "--lambda-grid", "0.01,0.1,1",
                               "--output", dir + "/cv.csv", "--model", dir + "/refit.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE((r.out + r.err).find("cv krr (nystrom, 100 centres): 6 grid points x 4 folds"), std::string::npos)
      << r.out << r.err;
  EXPECT_EQ(count_lines(read_text(dir + "/cv.csv")), 7);
  const Model refit = load_model(dir + "/refit.json");
  EXPECT_EQ(refit.settings.solver, Solver::kNystrom);
  EXPECT_EQ(refit.points.n_rows, 100u);
}

// The path's points equal separate fits at each lambda (warm starts change the iterations, not
// the solutions beyond --tol), and df = tr K_nm H^{-1} K_nm^T lies between 0 and m, falling with
// lambda.
TEST(NystromCli, PathPointsMatchSeparateFits) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"path",
                               "--data",
                               train_csv(),
                               "--target",
                               "MedHouseVal",
                               "--kernel",
                               "gaussian",
                               "--bandwidth",
                               "1.5",
                               "--solver",
                               "nystrom",
                               "--centers",
                               "100",
                               "--tol",
                               "1e-10",
                               "--lambda-grid",
                               "0.01,0.1,1",
                               "--output",
                               dir + "/path.csv",
                               "--coefficients",
                               dir + "/coef.csv",
                               "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  arma::mat table;
  ASSERT_TRUE(table.load(arma::csv_name(dir + "/path.csv", arma::csv_opts::with_header)));
  ASSERT_EQ(table.n_rows, 3u);
  const std::vector<std::string> lambdas = {"0.01", "0.1", "1"};
  for (arma::uword i = 0; i < 3; ++i) {
    const CliResult f =
        run_cli({"fit",         "--data", train_csv(), "--target", "MedHouseVal",   "--kernel", "gaussian",
                 "--bandwidth", "1.5",    "--lambda",  lambdas[i], "--solver",      "nystrom",  "--centers",
                 "100",         "--tol",  "1e-10",     "--model",  dir + "/m.json", "--quiet"});
    ASSERT_EQ(f.status, 0) << f.err;
    const Model m = load_model(dir + "/m.json");
    EXPECT_NEAR(table(i, 2), m.summary.train_mse, 1e-8 * m.summary.train_mse) << lambdas[i];  // train_mse
    EXPECT_GT(table(i, 1), 0.0);
    EXPECT_LT(table(i, 1), 100.0);
    if (i > 0) EXPECT_LT(table(i, 1), table(i - 1, 1));  // df falls as lambda grows
  }
}

// With every row a centre, the path's df = sum theta / (theta + lambda) is exact krr's
// tr K (K + lambda I)^{-1}, and its errors are exact krr's.
TEST(NystromCli, PathWithAllRowsAsCentresIsTheExactPath) {
  const std::string dir = scratch_dir();
  const std::vector<std::string> common = {"path",        "--data",      train_csv(), "--target", "MedHouseVal",
                                           "--kernel",    "gaussian",    "--bandwidth", "1.5",    "--lambda-grid",
                                           "0.01,0.1,1", "--quiet"};
  std::vector<std::string> exact = common, nystrom = common;
  exact.insert(exact.end(), {"--output", dir + "/exact.csv"});
  nystrom.insert(nystrom.end(),
                 {"--solver", "nystrom", "--centers", "300", "--tol", "1e-12", "--output", dir + "/nystrom.csv"});
  ASSERT_EQ(run_cli(exact).status, 0);
  ASSERT_EQ(run_cli(nystrom).status, 0);
  arma::mat a, b;
  ASSERT_TRUE(a.load(arma::csv_name(dir + "/exact.csv", arma::csv_opts::with_header)));
  ASSERT_TRUE(b.load(arma::csv_name(dir + "/nystrom.csv", arma::csv_opts::with_header)));
  ASSERT_EQ(a.n_rows, 3u);
  ASSERT_EQ(b.n_rows, 3u);
  for (arma::uword i = 0; i < 3; ++i) {
    EXPECT_NEAR(b(i, 1), a(i, 1), 1e-6 * a(i, 1)) << "df, row " << i;
    EXPECT_NEAR(b(i, 2), a(i, 2), 1e-6 * a(i, 2)) << "train_mse, row " << i;
  }
}

TEST(NystromCli, MisuseIsRefusedNamingTheOption) {
  const std::string dir = scratch_dir();
  struct Case {
    std::vector<std::string> args;
    std::string key;
  };
  const std::vector<Case> cases = {
      {{"--solver", "nystrom", "--method", "kgf"}, "--solver"},
      {{"--solver", "fista"}, "--solver"},
      {{"--centers", "50"}, "--centers"},
      {{"--solver", "nystrom", "--centers", "301"}, "--centers"},
      {{"--centers-by", "leverage"}, "--centers-by"},
      {{"--solver", "nystrom", "--centers-by", "greedy"}, "--centers-by"},
  };
  for (const Case& c : cases) {
    const CliResult r = fit(dir + "/bad.json", c.args);
    EXPECT_EQ(r.status, 2) << c.key << ": " << r.err;
    EXPECT_EQ(r.err.rfind("kreg: error: ", 0), 0u) << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find(c.key), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir + "/bad.json"));
  }
  const CliResult cv = run_cli({"cv", "--data", train_csv(), "--target", "MedHouseVal", "--solver", "nystrom",
                                "--centers-by", "leverage", "--lambda-grid", "0.1", "--output", dir + "/cv.csv"});
  EXPECT_EQ(cv.status, 2) << cv.err;
  EXPECT_NE(cv.err.find("--centers-by"), std::string::npos) << cv.err;
  const CliResult loo = run_cli(
      {"loo", "--data", train_csv(), "--target", "MedHouseVal", "--solver", "nystrom", "--output", dir + "/out.csv"});
  EXPECT_EQ(loo.status, 2) << loo.err;
  EXPECT_NE(loo.err.find("--solver"), std::string::npos) << loo.err;
}

}  // namespace
}  // namespace kreg::test
