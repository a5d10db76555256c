// What people read: summaries with six significant digits, warnings wherever the numbers cannot
// be trusted (path, loo and kgf as well as fit), cv's warnings about its grid and its choice,
// the progress bar erased at the end.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "cli_runner.h"
#include "progress.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string kCalifornia = source_path("tests/fixtures/california_train.csv");
const std::string kSine = source_path("data/sine_train.csv");

// The longest run of significant digits among the numbers of `text`.
std::size_t most_digits(const std::string& text) {
  static const std::regex number(R"((\d+)(\.(\d+))?)");
  std::size_t most = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
    std::string digits = (*it)[1].str() + (*it)[3].str();
    digits.erase(0, digits.find_first_not_of('0'));
    most = std::max(most, digits.size());
  }
  return most;
}

TEST(Messages, SummariesPrintSixSignificantDigits) {
  const std::string dir = scratch_dir();
  const std::vector<std::string> data = {"--data", kCalifornia, "--target", "MedHouseVal", "--bandwidth", "1.7"};
  auto run = [&](std::vector<std::string> args) {
    args.insert(args.begin() + 1, data.begin(), data.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 0) << r.err;
    return r.out + r.err;
  };
  const std::string fit = run({"fit", "--lambda", "0.0123", "--model", dir + "/m.json"});
  const std::string kgd = run({"fit", "--method", "kgd", "--holdout", "0.2", "--model", dir + "/k.json"});
  const std::string loo = run({"loo", "--lambda-grid", "logspace:-3:0:7", "--output", dir + "/loo.csv"});
  const std::string cv = run({"cv", "--lambda-grid", "logspace:-3:0:7", "--folds", "3", "--best", dir + "/b.json"});
  const std::string pred = run_cli({"predict", "--model", dir + "/m.json", "--data", kCalifornia}).err;
  for (const std::string* text : {&fit, &kgd, &loo, &cv, &pred}) {
    // (the file names in these lines have no long digit runs)
    EXPECT_LE(most_digits(*text), 6u) << *text;
    EXPECT_NE(text->find_first_of("0123456789"), std::string::npos);
  }
  EXPECT_NE(fit.find("train RMSE "), std::string::npos) << fit;
  EXPECT_NE(cv.find("best (min rule): bandwidth 1.7, lambda "), std::string::npos) << cv;
}

TEST(Messages, PathLooAndKgfWarnLikeFitWhereTheSystemIsIllConditioned) {
  const std::string dir = scratch_dir();
  // lambda = 1e-300 on the 40 sine points: K + lambda I is as singular as K.
  CliResult r = run_cli({"path", "--data", kSine, "--bandwidth", "1", "--lambda-grid", "1e-300,1e-2,1", "--output",
                         dir + "/p.csv", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("kreg: warning: 1 of 3 lambda values make K + lambda I ill-conditioned (reciprocal "
                       "condition down to "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("at lambda 1e-300): their alpha, alpha_norm and df are dominated by rounding"),
            std::string::npos)
      << r.err;
  r = run_cli({"loo", "--data", kSine, "--bandwidth", "0.2", "--lambda-grid", "1e-13,1e-2", "--output", dir + "/l.csv",
               "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("kreg: warning: 1 of 2 lambda values make K + lambda I ill-conditioned"), std::string::npos)
      << r.err;
  r = run_cli(
      {"path", "--data", kSine, "--method", "kgf", "--t-grid", "1,1e14", "--output", dir + "/p.csv", "--quiet"});
  EXPECT_NE(r.err.find("kreg: warning: 1 of 2 t values make the flow as ill-conditioned as K + I/t"), std::string::npos)
      << r.err;
  r = run_cli({"fit", "--data", kSine, "--method", "kgf", "--t", "1e14", "--model", dir + "/m.json", "--quiet"});
  EXPECT_NE(r.err.find("kreg: warning: kgf at this t is as ill-conditioned as K + I/t"), std::string::npos) << r.err;
  // Well-conditioned settings give no warning.
  r = run_cli({"path", "--data", kSine, "--lambda-grid", "1e-2,1", "--output", dir + "/p.csv", "--quiet"});
  EXPECT_EQ(r.err, "");
}

// Rows with the same features but different responses: at lambda = 1e-300 the krr fold fits
// break down (non-finite errors). Such grid points are counted, never chosen; when every
// point breaks down, cv stops with an error instead of choosing one.
TEST(Messages, CvNeverSelectsANonFiniteScore) {
  const std::string dir = scratch_dir();
  std::string text = "x1,x2,y\n";
  for (int i = 0; i < 40; ++i) {
    const double a = (i * 7 % 10) / 10.0, b = (i * 3 % 10) / 10.0;
    text += std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(a + b + 0.01 * (i % 3)) + "\n";
    text += std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(a + b - 0.01 * (i % 4)) + "\n";
  }
  write_text(dir + "/dup.csv", text);
  CliResult r = run_cli({"cv", "--data", dir + "/dup.csv", "--bandwidth", "1", "--lambda-grid", "1e-300,1e-14,1e-3", "--best",
                         dir + "/best.json", "--model", dir + "/m.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("kreg: warning: 1 of 3 grid points have no finite cross-validation error"), std::string::npos)
      << r.err;
  EXPECT_EQ(read_text(dir + "/best.json").find("\"lambda\": 1e-300"), std::string::npos);
  EXPECT_TRUE(file_exists(dir + "/m.json"));
  EXPECT_FALSE(file_exists(dir + "/cv.csv"));  // --output is optional when --best or --model is given
  r = run_cli({"cv", "--data", dir + "/dup.csv", "--bandwidth", "1", "--lambda-grid", "1e-300", "--best", dir + "/none.json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("kreg: error: cv: no grid point has a finite cross-validation error"), std::string::npos)
      << r.err;
  EXPECT_FALSE(file_exists(dir + "/none.json"));
}

TEST(Messages, CvWarnsWhenTheBestPointIsOnTheEdgeOfAGrid) {
  const std::string dir = scratch_dir();
  const std::vector<std::string> base = {"cv",      "--data", kCalifornia, "--target",     "MedHouseVal",
                                         "--folds", "3",      "--best",    dir + "/b.json"};
  auto run = [&](std::vector<std::string> grids) {
    std::vector<std::string> args = base;
    args.insert(args.end(), grids.begin(), grids.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 0) << r.err;
    return r.err;
  };
  // lambda far too large: the smallest of the grid is best, and the fit is no better than the mean.
  const std::string high = run({"--bandwidth-grid", "1,2,4", "--lambda-grid", "1e6,1e7,1e8"});
  EXPECT_NE(high.find("the best point (min rule) has lambda = 1e+06, the smallest value of --lambda-grid"),
            std::string::npos)
      << high;
  EXPECT_NE(high.find("has mean R2 "), std::string::npos) << high;
  EXPECT_NE(high.find("predicts the validation rows no better than their own mean"), std::string::npos) << high;
  // A grid around the optimum: no edge warning.
  const std::string inside = run({"--bandwidth-grid", "1,10,100", "--lambda-grid", "1e-4,1e-2,1"});
  EXPECT_EQ(inside.find("edge"), std::string::npos);
  EXPECT_EQ(inside.find("grid: the best value may lie beyond"), std::string::npos) << inside;
}

TEST(Messages, ProgressLinesTerminalDelayAndQuiet) {
  std::ostringstream err;
  {
    kreg::cli::ProgressPrinter printer(err, kreg::cli::ProgressPrinter::Mode::kTerminal, "kreg cv");
    printer.on_progress("cross-validation", 0.5, 1.0);  // before the run's first 2 s: nothing
  }
  EXPECT_EQ(err.str(), "");
  std::ostringstream lines;
  {
    kreg::cli::ProgressPrinter printer(lines, kreg::cli::ProgressPrinter::Mode::kLines, "kreg cv", 0.0);
    printer.on_progress("cross-validation", 0.25, 3.0);
    printer.on_progress("cross-validation", 0.5, 6.0);
    printer.on_step_end("cross-validation", 12.0);
  }
  EXPECT_EQ(lines.str(),
            "kreg cv: cross-validation 25% (3.0 s elapsed, about 9.0 s left)\n"
            "kreg cv: cross-validation 50% (6.0 s elapsed, about 6.0 s left)\n"
            "kreg cv: cross-validation done in 12.0 s\n");
  std::ostringstream off;
  {
    kreg::cli::ProgressPrinter printer(off, kreg::cli::ProgressPrinter::Mode::kOff, "kreg cv");
    printer.on_progress("cross-validation", 0.5, 100.0);
    printer.on_step_end("cross-validation", 100.0);
  }
  EXPECT_EQ(off.str(), "");
  EXPECT_EQ(kreg::cli::duration_text(245.0), "4 min 05 s");
}

// kgd early stopping where, after the first updates, no component of the eigenbasis iterate
// changes any more (a step far beyond 2/mu_max): the run must still end normally.
TEST(Messages, KgdRunWithNothingLeftToMoveEnds) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"fit", "--data", kSine, "--method", "kgd", "--holdout", "0.25", "--step-size", "1",
                               "--t-max", "100000", "--model", dir + "/m.json", "--quiet"});
  EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
}  // namespace kreg::test
