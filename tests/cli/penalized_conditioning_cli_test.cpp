// kreg path for kl1 and klinf on data/sine_train.csv, whose Gaussian kernel matrices are
// numerically singular (40 rows, two of them 9e-4 apart after standardising; exact condition
// numbers about 1e17, 1e42 and 1e65 at bandwidths 0.2, 0.5 and 1). The warning names the lambda
// below which no minimiser is determinable in double precision and the lambda* below which the
// objective is unbounded for K rounded to its numerical range (numerical_range.h); per point,
// those below are reported (converged 0, no iterations; bounded 0 below lambda*) unless the exact
// path reached and certified them (to tol plus the rounding of K alpha; bounded is 0 below
// lambda* all the same), and every point above converges.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// The number after `key` in `text` (NaN when absent).
double number_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  return at == std::string::npos ? NAN : std::stod(text.substr(at + key.size()));
}

// The comma-separated cells of a CSV line.
std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream is(line);
  for (std::string cell; std::getline(is, cell, ',');) cells.push_back(cell);
  return cells;
}

// The cells of each data row of a CSV file (its header skipped).
std::vector<std::vector<std::string>> data_rows(const std::string& path) {
  std::istringstream csv(read_text(path));
  std::string row;
  std::getline(csv, row);
  std::vector<std::vector<std::string>> out;
  while (std::getline(csv, row)) out.push_back(cells_of(row));
  return out;
}

// The count that opens the warning line holding position `at` of `err`.
int warning_count(const std::string& err, std::size_t at) {
  const std::string start = "kreg: warning: ";
  return std::stoi(err.substr(err.rfind(start, at) + start.size()));
}

TEST(PenalizedConditioningCli, SinePathsConvergeOrReportTheUndeterminedLambdas) {
  const std::string dir = scratch_dir();
  for (const std::string method : {"kl1", "klinf"}) {
    for (const std::string bandwidth : {"0.2", "0.5", "1"}) {
      SCOPED_TRACE(method + " bandwidth " + bandwidth);
      const std::string out = dir + "/p" + method + bandwidth + ".csv";
      const CliResult r = run_cli({"path", "--data", source_path("data/sine_train.csv"), "--method", method,
                                   "--bandwidth", bandwidth, "--output", out, "--quiet"});
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(r.err.find("raise --max-iter"), std::string::npos) << r.err;
      const double undetermined = number_after(r.err, " path points (lambda < ");
      ASSERT_FALSE(std::isnan(undetermined)) << r.err;
      EXPECT_NE(r.err.find("are not solved"), std::string::npos) << r.err;
      EXPECT_NE(r.err.find("numerical rank"), std::string::npos) << r.err;
      const double unbounded = number_after(r.err, " below lambda ");  // the first: the undetermined bound's clause
      EXPECT_NEAR(unbounded, undetermined, 1e-6 * undetermined);
      const auto star_at = r.err.find("the objective is unbounded below for K rounded");
      ASSERT_NE(star_at, std::string::npos) << r.err;
      const double star = number_after(r.err.substr(0, star_at), "and below lambda ");
      ASSERT_FALSE(std::isnan(star)) << r.err;
      EXPECT_LE(star, undetermined);

      std::istringstream csv(read_text(out));
      std::string line;
      std::getline(csv, line);
      ASSERT_EQ(line, "lambda,df,train_mse,train_r2,val_mse,val_r2,alpha_norm,nonzero,iterations,converged,bounded");
      int points = 0, unsettled = 0;
      while (std::getline(csv, line)) {
        const std::vector<std::string> cells = cells_of(line);
        ASSERT_EQ(cells.size(), 11u) << line;
        const double lambda = std::stod(cells[0]);
        ++points;
        EXPECT_EQ(cells[10], lambda < star ? "0" : "1") << line;
        if (lambda < undetermined) {  // certified by the exact path (to its rounding allowance), or not solved
          if (cells[9] == "0") EXPECT_EQ(cells[8], "0") << line;
        } else if (cells[9] != "1") {
          ++unsettled;
        }
      }
      EXPECT_EQ(points, 50);
      EXPECT_EQ(unsettled, 0) << "points above the undetermined lambda that neither converged nor were reported";
    }
  }
}

// Points the exact path certified (to the rounding of K alpha) below lambda*: their own warning,
// with lambda* and their count, not the repeated rows' (California's 300 rows repeat none).
// Whether the path reaches such points depends on the last bits of K's products, so on
// OpenBLAS's kernel set: with the SkylakeX kernels the kl1 path at bandwidth 20 certifies 17 of
// the default grid's points there, with the Haswell kernels the one at bandwidth 18 certifies 11.
// Both run; every run that has such points must say so correctly, and at least one must have them.
TEST(PenalizedConditioningCli, CertifiedPointsBelowLambdaStarAreNotBlamedOnRepeatedRows) {
  const std::string dir = scratch_dir();
  int runs_with_certified_points = 0;
  for (const std::string bandwidth : {"18", "20"}) {
    SCOPED_TRACE("bandwidth " + bandwidth);
    const std::string out = dir + "/p" + bandwidth + ".csv";
    const CliResult r = run_cli({"path", "--data", source_path("tests/fixtures/california_train.csv"), "--target",
                                 "MedHouseVal", "--method", "kl1", "--bandwidth", bandwidth, "--output", out,
                                 "--quiet"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("repeat another row"), std::string::npos) << r.err;
    const std::string key = " path points (lambda < ";
    const auto said_at = r.err.find(") are certified only to the rounding of K alpha");
    int said = 0;
    double star = -1.0;
    if (said_at != std::string::npos) {
      ++runs_with_certified_points;
      said = warning_count(r.err, said_at);
      star = number_after(r.err.substr(r.err.rfind("kreg: warning: ", said_at)), key);
      EXPECT_GT(said, 0);
    }
    int certified_below = 0;
    for (const auto& cells : data_rows(out)) {
      ASSERT_EQ(cells.size(), 11u);
      if (cells[9] == "1" && cells[10] == "0") {
        ++certified_below;
        EXPECT_LT(std::stod(cells[0]), star) << "lambda " << cells[0];
      }
    }
    EXPECT_EQ(certified_below, said) << r.err;  // none without the warning
  }
  EXPECT_GE(runs_with_certified_points, 1) << "neither bandwidth reached points certified below lambda*";
}

// Points the exact path reached but rounding left uncertified, whose polish by FISTA does not
// converge either with coefficients so large that rounding in K alpha alone exceeds the
// tolerance, are ill-determined: their warning says so and does not advise a larger --max-iter.
// California's kl1 path at bandwidth 15 has three such points above the bound with the Haswell
// kernels (lambda 0.42-0.56, l1 norms 1.6e9 and more) and none with SkylakeX; with either, every
// unconverged point at or above the bound must be counted by the ill-determined warning.
TEST(PenalizedConditioningCli, UnsettledPointsWithHugeCoefficientsAreNotSentToMaxIter) {
  const std::string dir = scratch_dir();
  const std::string out = dir + "/p15.csv";
  const CliResult r = run_cli({"path", "--data", source_path("tests/fixtures/california_train.csv"), "--target",
                               "MedHouseVal", "--method", "kl1", "--bandwidth", "15", "--output", out, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("raise --max-iter"), std::string::npos) << r.err;
  const std::string undetermined_key = " path points (lambda < ";
  const auto not_solved_at = r.err.find(") are not solved");
  const double undetermined =
      not_solved_at == std::string::npos ? 0.0 : number_after(r.err.substr(0, not_solved_at), undetermined_key);
  const auto ill_at = r.err.find(") did not converge (column 'converged'): there the kernel matrix is numerically");
  const int said = ill_at == std::string::npos ? 0 : warning_count(r.err, ill_at);
  int unsettled = 0;
  for (const auto& cells : data_rows(out)) {
    ASSERT_EQ(cells.size(), 11u);
    if (cells[9] == "0" && std::stod(cells[0]) >= undetermined) ++unsettled;
  }
  EXPECT_EQ(unsettled, said) << r.err;
}

// Where the coefficients are far too large for double precision (rounding in K alpha alone above
// 100 x tol), FISTA stops after 1,000 iterations unless --max-iter is given, and the warning
// counts those points; given --max-iter, they get it. California's kl1 paths at bandwidths 15 and
// 20 have 3 such points with the Haswell kernels (at 15) and 1 with SkylakeX (at 20); before the
// rule, they ran FISTA's 100,000 iterations.
TEST(PenalizedConditioningCli, IllDeterminedPointsStopAfterAThousandIterationsUnlessMaxIterIsGiven) {
  const std::string dir = scratch_dir();
  int budgeted_runs = 0;
  for (const std::string bandwidth : {"15", "20"}) {
    SCOPED_TRACE("bandwidth " + bandwidth);
    const std::string out = dir + "/p" + bandwidth + ".csv";
    const std::vector<std::string> args = {"path", "--data", source_path("tests/fixtures/california_train.csv"),
                                           "--target", "MedHouseVal", "--method", "kl1", "--bandwidth", bandwidth,
                                           "--output", out, "--quiet"};
    const CliResult r = run_cli(args);
    ASSERT_EQ(r.status, 0) << r.err;
    std::vector<double> budgeted;  // lambdas of the unconverged points stopped at 1,000 iterations
    std::string first_budgeted;    // the first of them as written
    for (const auto& cells : data_rows(out)) {
      ASSERT_EQ(cells.size(), 11u);
      EXPECT_NE(cells[8], "100000") << "lambda " << cells[0] << " ran FISTA's full default budget";
      if (cells[9] == "0" && cells[8] == "1000") {
        if (budgeted.empty()) first_budgeted = cells[0];
        budgeted.push_back(std::stod(cells[0]));
      }
    }
    const auto said_at = r.err.find(
        " of them, where rounding in K alpha alone exceeds 100 times the tolerance, FISTA stopped after 1000 iterations");
    if (budgeted.empty()) {
      EXPECT_EQ(said_at, std::string::npos) << r.err;
      continue;
    }
    ++budgeted_runs;
    ASSERT_NE(said_at, std::string::npos) << r.err;
    EXPECT_EQ(std::stoul(r.err.substr(r.err.rfind("(at ", said_at) + 4)), budgeted.size()) << r.err;
    // A fit at such a lambda says why FISTA stopped where it did.
    const CliResult fit = run_cli({"fit", "--data", source_path("tests/fixtures/california_train.csv"), "--target",
                                   "MedHouseVal", "--method", "kl1", "--bandwidth", bandwidth, "--lambda",
                                   first_budgeted, "--model", dir + "/m" + bandwidth + ".json"});
    ASSERT_EQ(fit.status, 0) << fit.err;
    EXPECT_NE(fit.err.find("did not converge in 1000 iterations"), std::string::npos) << fit.err;
    EXPECT_NE(fit.err.find("(FISTA stopped after 1000 iterations because rounding in K alpha alone exceeds 100 times "
                           "the tolerance there; --max-iter sets the number)"),
              std::string::npos)
        << fit.err;
    // Given --max-iter, the same points get it (converged or not).
    std::vector<std::string> given = args;
    given.insert(given.end(), {"--max-iter", "3000"});
    const CliResult g = run_cli(given);
    ASSERT_EQ(g.status, 0) << g.err;
    EXPECT_EQ(g.err.find("FISTA stopped after"), std::string::npos) << g.err;
    for (const auto& cells : data_rows(out))
      if (std::find(budgeted.begin(), budgeted.end(), std::stod(cells[0])) != budgeted.end())
        EXPECT_TRUE(cells[9] == "1" || cells[8] == "3000") << "lambda " << cells[0] << ": " << cells[8];
  }
  EXPECT_GE(budgeted_runs, 1) << "neither bandwidth had points with coefficients far too large to determine";
}

// kreg cv on the same data: the grid points where a fold's fit lies below its lambda_undetermined
// (not solved; it holds a solved neighbour's coefficients) or below its lambda* (no minimiser for
// K rounded to its numerical range) have no cross-validation error, so cv
// never chooses them; the warning says why, and they are not counted as unconverged fits or as
// problems unbounded by repeated rows (neither is their cause).
TEST(PenalizedConditioningCli, CvNeverChoosesALambdaThatAFoldCouldNotSolve) {
  const std::string dir = scratch_dir();
  for (const std::string method : {"kl1", "klinf"}) {
    SCOPED_TRACE(method);
    const std::string out = dir + "/cv" + method + ".csv";
    const CliResult r = run_cli({"cv", "--data", source_path("data/sine_train.csv"), "--method", method,
                                 "--bandwidth", "0.5", "--output", out});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("has no minimiser that double precision determines and were not solved"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("raise --max-iter"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("repeat another row"), std::string::npos) << r.err;
    const double best = number_after(r.out, "best (min rule): bandwidth 0.5, lambda ");
    ASSERT_FALSE(std::isnan(best)) << r.out;
    std::istringstream csv(read_text(out));
    std::string line;
    std::getline(csv, line);
    ASSERT_EQ(line.rfind("bandwidth,lambda,mean_mse,", 0), 0u) << line;
    int empty = 0, scored = 0;
    double smallest_scored = INFINITY;
    while (std::getline(csv, line)) {
      const std::vector<std::string> cells = cells_of(line);
      ASSERT_GE(cells.size(), 3u) << line;
      const double lambda = std::stod(cells[1]);
      if (cells[2].empty()) {
        ++empty;
      } else {
        ++scored;
        smallest_scored = std::min(smallest_scored, lambda);
      }
    }
    EXPECT_GT(empty, 0);
    EXPECT_GT(scored, 0);
    EXPECT_GE(best, smallest_scored * (1.0 - 1e-5));  // best printed to 6 digits
  }
}

}  // namespace
}  // namespace kreg::test
