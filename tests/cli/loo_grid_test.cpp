// `kreg loo` over a bandwidth x lambda grid against brute force computed here, independently of
// kreg's shortcut: the LOO MSE by refitting krr with each row left out, GCV from the hat matrix
// H = K (K + lambda I)^{-1} formed by a dense solve. The choice (min, 1se, GCV) is the brute-force
// choice over the whole grid; --best is a config with which `kreg fit` refits --model's model byte
// for byte; --output is optional; --criterion is checked; loo's help has no --lambda.
#include <gtest/gtest.h>

#include <algorithm>
#include <armadillo>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>

#include "cli_runner.h"
#include "kreg/core/number_text.h"
#include "kreg/data/csv_table.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

constexpr std::size_t kRows = 60;

// 60 rows of two features and a noisy smooth response, seeded. The response is the middle
// column, so that a config without --target would take x2 as the target.
struct GridData {
  arma::mat X;
  arma::vec y;
  std::string path;
};

GridData make_data(const std::string& dir) {
  std::mt19937_64 rng(52);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  std::normal_distribution<double> noise(0.0, 0.3);
  GridData d;
  d.X.set_size(kRows, 2);
  d.y.set_size(kRows);
  std::string csv = "x1,y,x2\n";
  for (std::size_t i = 0; i < kRows; ++i) {
    const double x1 = u(rng), x2 = u(rng);
    d.X(i, 0) = x1;
    d.X(i, 1) = x2;
    d.y(i) = std::sin(1.5 * x1) + std::cos(2.0 * x2) - 0.3 * x1 * x2 + noise(rng);
    char line[96];
    std::snprintf(line, sizeof line, "%.17g,%.17g,%.17g\n", x1, d.y(i), x2);
    csv += line;
  }
  d.path = dir + "/grid.csv";
  write_text(d.path, csv);
  return d;
}


// LOO MSE and its standard error (sd of the squared residuals, ddof 1, over sqrt(n)) by n refits.
std::pair<double, double> brute_loo(const arma::mat& K, const arma::vec& y, double lambda) {
  const arma::uword n = y.n_elem;
  arma::vec sq(n);
  for (arma::uword i = 0; i < n; ++i) {
    arma::uvec keep(n - 1);
    for (arma::uword j = 0, k = 0; j < n; ++j)
      if (j != i) keep(k++) = j;
    const arma::mat A = K.submat(keep, keep) + lambda * arma::eye(n - 1, n - 1);
    const arma::vec alpha = arma::solve(A, y.elem(keep));
    const arma::rowvec ki = K.row(i);
    const double e = y(i) - arma::dot(ki.elem(keep), alpha);
    sq(i) = e * e;
  }
  return {arma::mean(sq), arma::stddev(sq) / std::sqrt(static_cast<double>(n))};
}

// GCV = n RSS / (n - tr H)^2 with H = K (K + lambda I)^{-1} (K and the inverse commute).
double dense_gcv(const arma::mat& K, const arma::vec& y, double lambda) {
  const double n = static_cast<double>(y.n_elem);
  const arma::mat H = arma::solve(K + lambda * arma::eye(arma::size(K)), K);
  const double rss = arma::accu(arma::square(y - H * y));
  return n * rss / std::pow(n - arma::trace(H), 2);
}

// One row of loo's table with the brute-force scores at its (bandwidth, lambda).
struct BrutePoint {
  double bandwidth, lambda, loo_mse, loo_se, gcv;
};

// Reads the table (checking its columns) and scores each of its rows by brute force.
std::vector<BrutePoint> brute_force_table(const std::string& table_path, const GridData& d) {
  const CsvTable t = read_csv_table(table_path);
  EXPECT_EQ(t.names, (std::vector<std::string>{"bandwidth", "lambda", "df", "loo_mse", "loo_se", "gcv", "log_evidence", "signal_variance"}));
  std::vector<BrutePoint> out;
  for (std::size_t i = 0; i < t.n_rows(); ++i) {
    const arma::mat K = reference_gaussian_gram(d.X, t.at(i, 0));
    const auto [mse, se] = brute_loo(K, d.y, t.at(i, 1));
    const BrutePoint p{t.at(i, 0), t.at(i, 1), mse, se, dense_gcv(K, d.y, t.at(i, 1))};
    // Every row's scores are the brute-force ones, not only the chosen row's.
    EXPECT_NEAR(t.at(i, 3), p.loo_mse, 1e-7 * p.loo_mse) << "row " << i;
    EXPECT_NEAR(t.at(i, 4), p.loo_se, 1e-6 * p.loo_se) << "row " << i;
    EXPECT_NEAR(t.at(i, 5), p.gcv, 1e-7 * p.gcv) << "row " << i;
    out.push_back(p);
  }
  return out;
}

// The index of the smallest score, checked to win by a margin well above rounding.
std::size_t argmin(const std::vector<BrutePoint>& pts, double BrutePoint::*score) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < pts.size(); ++i)
    if (pts[i].*score < pts[best].*score) best = i;
  for (std::size_t i = 0; i < pts.size(); ++i)
    if (i != best) EXPECT_GT(pts[i].*score, pts[best].*score * (1 + 1e-6)) << "a near tie at row " << i;
  return best;
}

const std::vector<std::string> kGrid = {"--standardize",  "none",          "--bandwidth-grid",
                                        "0.25,0.5,1,2,4", "--lambda-grid", "logspace:-4:1:11"};

std::vector<std::string> loo_args(const GridData& d, std::vector<std::string> tail) {
  std::vector<std::string> args = {"loo", "--data", d.path, "--target", "y"};
  args.insert(args.end(), kGrid.begin(), kGrid.end());
  args.insert(args.end(), tail.begin(), tail.end());
  return args;
}

// `kreg fit --config best --data same.csv` writes exactly the model loo refitted.
void expect_fit_reproduces(const GridData& d, const std::string& best, const std::string& model) {
  const std::string again = model + ".again.json";
  const CliResult fit = run_cli({"fit", "--config", best, "--data", d.path, "--model", again, "--quiet"});
  ASSERT_EQ(fit.status, 0) << fit.err;
  EXPECT_EQ(read_text(again), read_text(model));
  const auto a = nlohmann::json::parse(read_text(model));
  EXPECT_EQ(a["target"], "y");
  EXPECT_EQ(a["alpha"].size(), kRows);
}

TEST(LooGrid, GcvChoiceEqualsDenseHatMatrixChoiceAndFitReproducesTheModel) {
  const std::string dir = scratch_dir();
  const GridData d = make_data(dir);
  const CliResult r = run_cli(loo_args(
      d, {"--criterion", "gcv", "--model", dir + "/m.json", "--best", dir + "/b.json", "--output", dir + "/t.csv"}));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<BrutePoint> pts = brute_force_table(dir + "/t.csv", d);
  ASSERT_EQ(pts.size(), 5u * 11u);  // the whole bandwidth x lambda grid
  const BrutePoint& best = pts[argmin(pts, &BrutePoint::gcv)];
  const auto b = nlohmann::json::parse(read_text(dir + "/b.json"));
  EXPECT_EQ(b["method"], "krr");
  EXPECT_EQ(b["kernel"], "gaussian");
  EXPECT_EQ(b["bandwidth"].get<double>(), best.bandwidth);
  EXPECT_EQ(b["lambda"].get<double>(), best.lambda);
  EXPECT_EQ(b["standardize"], "none");
  EXPECT_EQ(b["target"], "y");
  const auto& sel = b["selection"];
  EXPECT_EQ(sel["criterion"], "gcv");
  EXPECT_EQ(sel["min"]["bandwidth"].get<double>(), best.bandwidth);
  EXPECT_EQ(sel["min"]["lambda"].get<double>(), best.lambda);
  EXPECT_FALSE(sel.contains("one_se"));  // GCV has no standard error
  EXPECT_NE(sel["one_se_rule"].get<std::string>().find("no standard error"), std::string::npos);
  // The GCV choice differs from the LOO MSE one here, so the criterion is really used.
  EXPECT_NE(&best, &pts[argmin(pts, &BrutePoint::loo_mse)]);
  EXPECT_NE(r.out.find("best (min GCV): bandwidth "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("model (min GCV) written to " + dir + "/m.json"), std::string::npos) << r.out;
  expect_fit_reproduces(d, dir + "/b.json", dir + "/m.json");
}

TEST(LooGrid, LooChoiceAndOneSeRuleEqualBruteForceRefits) {
  const std::string dir = scratch_dir();
  const GridData d = make_data(dir);
  const CliResult r = run_cli(loo_args(d, {"--best", dir + "/b.json", "--output", dir + "/t.csv"}));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<BrutePoint> pts = brute_force_table(dir + "/t.csv", d);
  ASSERT_EQ(pts.size(), 5u * 11u);
  const BrutePoint& best = pts[argmin(pts, &BrutePoint::loo_mse)];
  // One-SE rule: within loo_mse + loo_se of the minimum, the largest lambda, then the largest bandwidth.
  const BrutePoint* one_se = nullptr;
  for (const BrutePoint& p : pts) {
    if (p.loo_mse > best.loo_mse + best.loo_se) continue;
    if (one_se == nullptr || p.lambda > one_se->lambda ||
        (p.lambda == one_se->lambda && p.bandwidth > one_se->bandwidth))
      one_se = &p;
  }
  ASSERT_NE(one_se, &best) << "the data should make the two rules differ";
  const auto b = nlohmann::json::parse(read_text(dir + "/b.json"));
  const auto& sel = b["selection"];
  EXPECT_EQ(sel["criterion"], "loo");
  EXPECT_EQ(sel["refit_rule"], "min");
  EXPECT_EQ(sel["min"]["bandwidth"].get<double>(), best.bandwidth);
  EXPECT_EQ(sel["min"]["lambda"].get<double>(), best.lambda);
  EXPECT_EQ(sel["one_se"]["bandwidth"].get<double>(), one_se->bandwidth);
  EXPECT_EQ(sel["one_se"]["lambda"].get<double>(), one_se->lambda);
  EXPECT_EQ(sel["one_se_rule"], "largest lambda, then largest bandwidth, within one SE of the minimum");
  EXPECT_EQ(b["lambda"].get<double>(), best.lambda);  // the min rule's point is the config
  EXPECT_NE(r.out.find("best (1se rule): bandwidth "), std::string::npos) << r.out;

  // --refit-rule 1se: the config and the model are the one-SE point's.
  const CliResult r1 =
      run_cli(loo_args(d, {"--refit-rule", "1se", "--best", dir + "/b1.json", "--model", dir + "/m1.json", "--quiet"}));
  ASSERT_EQ(r1.status, 0) << r1.err;
  EXPECT_EQ(r1.out, "");
  const auto b1 = nlohmann::json::parse(read_text(dir + "/b1.json"));
  EXPECT_EQ(b1["bandwidth"].get<double>(), one_se->bandwidth);
  EXPECT_EQ(b1["lambda"].get<double>(), one_se->lambda);
  expect_fit_reproduces(d, dir + "/b1.json", dir + "/m1.json");
}

// An integer kernel parameter (degree) goes to the config as an integer, and the table has a
// column per kernel parameter with a grid, before lambda.
TEST(LooGrid, PolynomialGridConfigReproducesTheModel) {
  const std::string dir = scratch_dir();
  const GridData d = make_data(dir);
  const CliResult r = run_cli({"loo",      "--data",        d.path,          "--target",      "y",
                               "--kernel", "polynomial",    "--degree-grid", "1,2,3",         "--offset",
                               "0.5",      "--lambda-grid", "0.01,1",        "--output",      dir + "/t.csv",
                               "--best",   dir + "/b.json", "--model",       dir + "/m.json", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const CsvTable t = read_csv_table(dir + "/t.csv");
  EXPECT_EQ(t.names, (std::vector<std::string>{"degree", "lambda", "df", "loo_mse", "loo_se", "gcv", "log_evidence", "signal_variance"}));
  ASSERT_EQ(t.n_rows(), 6u);
  EXPECT_EQ(t.at(0, 0), 1.0);
  EXPECT_EQ(t.at(5, 0), 3.0);
  const auto b = nlohmann::json::parse(read_text(dir + "/b.json"));
  EXPECT_TRUE(b["degree"].is_number_integer()) << b.dump();
  EXPECT_EQ(b["offset"].get<double>(), 0.5);
  expect_fit_reproduces(d, dir + "/b.json", dir + "/m.json");
}

TEST(LooGrid, OutputIsOptional) {
  const std::string dir = scratch_dir();
  const GridData d = make_data(dir);
  CliResult r = run_cli(loo_args(d, {}));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("bandwidth grid: 5 values from 0.25 to 4\nlambda grid: 11 values from 0.0001 to 10\n"
                       "loo krr (criterion loo): 5 kernel points x 11 lambdas on 60 rows\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("best (min rule): bandwidth "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("written to"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
  // "-": the table on standard output, the summary on standard error.
  r = run_cli(loo_args(d, {"--output", "-"}));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("bandwidth,lambda,df,loo_mse,loo_se,gcv,log_evidence,signal_variance\n", 0), 0u) << r.out;
  EXPECT_EQ(count_lines(r.out), 56);
  EXPECT_NE(r.err.find("best (min rule): "), std::string::npos) << r.err;
}

// Without grid options loo takes its grids from the data (kreg/select/default_grids.h): five
// bandwidths, two per decade, centred on the median distance between the rows (raw rows here:
// --standardize none), and lambda four per decade from the largest eigenvalue of the kernel
// matrix at the largest bandwidth down ten decades; the summary says so. A bandwidth or a grid
// given by the user is kept.
TEST(LooGrid, DefaultGridsComeFromTheData) {
  const std::string dir = scratch_dir();
  const GridData d = make_data(dir);
  const CliResult r = run_cli({"loo", "--data", d.path, "--target", "y", "--standardize", "none", "--output",
                               dir + "/t.csv", "--criterion", "gcv"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");  // the data's grid raises no conditioning warning
  std::vector<double> dist;
  for (arma::uword i = 0; i < kRows; ++i)
    for (arma::uword j = i + 1; j < kRows; ++j) dist.push_back(arma::norm(d.X.row(i) - d.X.row(j)));
  std::sort(dist.begin(), dist.end());
  const double median = 0.5 * (dist[dist.size() / 2 - 1] + dist[dist.size() / 2]);  // an even count
  const CsvTable t = read_csv_table(dir + "/t.csv");
  ASSERT_EQ(t.n_rows(), 5u * 41u);
  std::vector<double> bandwidths, lambdas;
  for (std::size_t i = 0; i < t.n_rows(); i += 41) bandwidths.push_back(t.at(i, 0));
  for (std::size_t i = 0; i < 41; ++i) lambdas.push_back(t.at(i, 1));
  EXPECT_NEAR(bandwidths[2], median, 1e-12 * median);
  for (std::size_t i = 1; i < bandwidths.size(); ++i)
    EXPECT_NEAR(bandwidths[i] / bandwidths[i - 1], std::sqrt(10.0), 1e-12);
  const double mu_max = arma::eig_sym(reference_gaussian_gram(d.X, bandwidths.back())).max();
  EXPECT_NEAR(lambdas.back(), mu_max, 1e-3 * mu_max);  // estimated by power iteration
  EXPECT_NEAR(lambdas.back() / lambdas.front(), 1e10, 1e10 * 1e-9);
  EXPECT_NEAR(lambdas[1] / lambdas[0], std::pow(10.0, 0.25), 1e-12);
  EXPECT_NE(r.out.find("bandwidth grid: 5 values from "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", from the data (two per decade around the median distance between rows, " +
                       readable_number(median) + ")\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("lambda grid: 41 values from "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("loo krr (criterion gcv): 5 kernel points x 41 lambdas on 60 rows"), std::string::npos);

  // With a degree grid, the lambda rule follows the kernel of the largest eigenvalue (degree 3).
  const CliResult poly = run_cli({"loo", "--data", d.path, "--target", "y", "--standardize", "none", "--kernel",
                                  "polynomial", "--degree-grid", "1,3", "--output", dir + "/p.csv"});
  ASSERT_EQ(poly.status, 0) << poly.err;
  // The only warning, if any: the choice on an end of the degree grid the user gave.
  EXPECT_TRUE(poly.err.empty() || poly.err.rfind("kreg: warning: the best point (min rule) has degree = ", 0) == 0)
      << poly.err;
  EXPECT_EQ(count_lines(poly.err), poly.err.empty() ? 0 : 1) << poly.err;
  const CsvTable p = read_csv_table(dir + "/p.csv");
  ASSERT_EQ(p.n_rows(), 2u * 41u);
  const arma::mat cubic = arma::pow(d.X * d.X.t() + 1.0, 3);  // (x.x' + 1)^3, offset 1
  EXPECT_NEAR(p.at(40, 1), arma::eig_sym(cubic).max(), 1e-3 * arma::eig_sym(cubic).max());

  // --bandwidth holds the bandwidth (no bandwidth column); --lambda-grid is taken as given.
  const CliResult held = run_cli({"loo", "--data", d.path, "--target", "y", "--bandwidth", "1.5", "--lambda-grid",
                                  "0.01,0.1", "--output", dir + "/h.csv"});
  ASSERT_EQ(held.status, 0) << held.err;
  const CsvTable h = read_csv_table(dir + "/h.csv");
  EXPECT_EQ(h.names.front(), "lambda");
  ASSERT_EQ(h.n_rows(), 2u);
  EXPECT_EQ(h.at(1, 0), 0.1);
  EXPECT_EQ(held.out.find("bandwidth grid"), std::string::npos) << held.out;
  EXPECT_NE(held.out.find("lambda grid: 2 values from 0.01 to 0.1\n"), std::string::npos) << held.out;
}

// Where the fit interpolates a row (lambda 1e-14 with a kernel matrix near the identity,
// 1 - H_ii = lambda / (1 + lambda)), that row has no leave-one-out residual: the point has no
// LOO MSE, is counted in a warning and never chosen, by either criterion; when every point
// interpolates, loo stops (exit 1).
TEST(LooGrid, InterpolatingPointsAreNeverChosen) {
  const std::string dir = scratch_dir();
  const std::string sine = source_path("data/sine_train.csv");
  CliResult r = run_cli({"loo", "--data", sine, "--bandwidth", "0.001", "--lambda-grid", "1e-14,0.1", "--output",
                         dir + "/t.csv", "--best", dir + "/b.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.rfind("kreg: warning: 1 of 2 grid points interpolate a training row (a leverage H_ii is 1 to "
                        "rounding): they have no leave-one-out error and are never chosen; use larger lambda values\n",
                        0),
            0u)
      << r.err;
  // and the held bandwidth and the grid's end are named, as cv names them
  EXPECT_NE(r.err.find("kreg: warning: bandwidth was held at 0.001 (--bandwidth), so loo did not choose it"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("the largest value of --lambda-grid"), std::string::npos) << r.err;
  EXPECT_EQ(nlohmann::json::parse(read_text(dir + "/b.json"))["lambda"].get<double>(), 0.1);
  const std::string table = read_text(dir + "/t.csv");
  EXPECT_NE(table.find("\n1e-14,"), std::string::npos) << table;
  EXPECT_NE(table.find(",,,"), std::string::npos) << table;  // empty loo_mse and loo_se
  // Nor by GCV, which is defined there (and equal at both lambdas when K = I).
  r = run_cli({"loo", "--data", sine, "--bandwidth", "0.001", "--lambda-grid", "1e-14,0.1", "--criterion", "gcv",
               "--best", dir + "/g.json", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(read_text(dir + "/g.json"))["lambda"].get<double>(), 0.1);
  r = run_cli({"loo", "--data", sine, "--bandwidth", "0.001", "--lambda-grid", "1e-14", "--output", dir + "/u.csv"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("kreg: error: leave-one-out: at every grid point a leverage H_ii is 1"), std::string::npos)
      << r.err;
  EXPECT_FALSE(file_exists(dir + "/u.csv"));
}

TEST(LooGrid, BadCriterionAndRuleAreRefused) {
  const std::string dir = scratch_dir();
  const GridData d = make_data(dir);
  write_text(dir + "/cfg.json", R"({"criterion": "aic"})");
  struct Case {
    std::vector<std::string> tail;
    std::string message;
  } cases[] = {
      {{"--criterion", "aic"}, "kreg: error: --criterion: expected loo or gcv, got 'aic'\n"},
      {{"--criterion", "GCV"}, "kreg: error: --criterion: expected loo or gcv, got 'GCV' (did you mean 'gcv'?)\n"},
      {{"--config", dir + "/cfg.json"},
       "kreg: error: " + dir + "/cfg.json: key 'criterion': expected loo or gcv, got 'aic'\n"},
      {{"--refit-rule", "best"}, "kreg: error: --refit-rule: expected min or 1se, got 'best'\n"},
      {{"--criterion", "gcv", "--refit-rule", "1se"},
       "kreg: error: --refit-rule: GCV has no standard error, so it has no one-standard-error rule (--criterion "
       "loo has one): use min\n"},
      {{"--degree-grid", "2,3"}, "kreg: error: --degree-grid: the kernel gaussian has no degree to vary\n"},
      {{"--bandwidth-grid", "1,-1"}, "kreg: error: --bandwidth-grid: must be a finite number > 0, got -1\n"},
      {{"--lambda", "0.1"}, "unknown option --lambda for 'kreg loo'"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> tail = c.tail;
    tail.insert(tail.end(), {"--output", dir + "/t.csv", "--best", dir + "/b.json", "--model", dir + "/m.json"});
    std::vector<std::string> args = {"loo", "--data", d.path, "--target", "y"};
    args.insert(args.end(), tail.begin(), tail.end());
    const CliResult r = run_cli(args);
    SCOPED_TRACE(c.message);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir + "/t.csv") || file_exists(dir + "/b.json") || file_exists(dir + "/m.json"));
  }
}

// loo chooses lambda from its grid and fits krr only: its help offers no --lambda, and none of
// the options of the other methods and solvers.
TEST(LooGrid, HelpListsTheGridOptionsAndNoOptionLooIgnores) {
  const CliResult r = run_cli({"loo", "--help"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* option : {"--bandwidth-grid", "--degree-grid", "--lambda-grid", "--criterion", "--refit-rule",
                             "--model", "--best", "--output", "--bandwidth", "--lambda-scaling"})
    EXPECT_NE(r.out.find(option), std::string::npos) << option;
  for (const char* option : {"--lambda ", "--t ", "--t-grid", "--solver", "--seed", "--step-size", "--momentum"})
    EXPECT_EQ(r.out.find(option), std::string::npos) << option;
}

}  // namespace
}  // namespace kreg::test
