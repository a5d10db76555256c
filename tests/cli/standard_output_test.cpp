// Output files named "-" go to standard output: the bytes are those the file would hold, the
// summary lines move to standard error, and two outputs cannot share standard output.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string kTrain = source_path("tests/fixtures/california_train.csv");
const std::string kTest = source_path("tests/fixtures/california_test.csv");

// Runs `args` + {option, file} and `args` + {option, "-"}: standard output must equal the file.
void expect_same_bytes(const std::vector<std::string>& args, const std::string& option) {
  SCOPED_TRACE(args.front() + " " + option);
  const std::string dir = scratch_dir();
  std::vector<std::string> to_file = args, to_stdout = args;
  to_file.insert(to_file.end(), {option, dir + "/out"});
  to_stdout.insert(to_stdout.end(), {option, "-"});
  const CliResult file_run = run_cli(to_file);
  ASSERT_EQ(file_run.status, 0) << file_run.err;
  const CliResult pipe_run = run_cli(to_stdout);
  ASSERT_EQ(pipe_run.status, 0) << pipe_run.err;
  const std::string expected = read_text(dir + "/out");
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(pipe_run.out, expected);
  EXPECT_FALSE(file_exists("-"));
  // The summary that a file run prints on standard output moves to standard error (its first
  // line up to the name of the file, which differs).
  ASSERT_FALSE(file_run.out.empty());
  const std::string first_line = file_run.out.substr(0, file_run.out.find('\n'));
  EXPECT_NE(pipe_run.err.find(first_line.substr(0, first_line.find(" written to "))), std::string::npos)
      << pipe_run.err;
}

TEST(StandardOutput, DashWritesTheFileBytesAndMovesTheSummaryToStderr) {
  const std::string dir = scratch_dir();
  const std::vector<std::string> data = {"--data", kTrain, "--target", "MedHouseVal", "--bandwidth", "1.5"};
  auto with = [&data](std::vector<std::string> head, std::vector<std::string> tail) {
    head.insert(head.end(), data.begin(), data.end());
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
  };
  expect_same_bytes(with({"fit"}, {"--lambda", "0.1"}), "--model");
  expect_same_bytes(with({"loo"}, {"--lambda-grid", "logspace:-3:0:4"}), "--output");
  expect_same_bytes(with({"loo"}, {"--lambda-grid", "logspace:-3:0:4", "--output", dir + "/loo.csv"}), "--best");
  expect_same_bytes(with({"path"}, {"--lambda-grid", "logspace:-3:0:4"}), "--output");
  expect_same_bytes(with({"path"}, {"--method", "kl1", "--lambda-grid", "0.5,0.1", "--output", dir + "/p.csv"}),
                    "--coefficients");
  const std::vector<std::string> cv = with({"cv"}, {"--folds", "3", "--lambda-grid", "0.1,1"});
  expect_same_bytes(cv, "--output");
  for (const char* option : {"--best", "--per-fold", "--model"}) {
    std::vector<std::string> args = cv;
    args.insert(args.end(), {"--output", dir + "/cv.csv"});
    expect_same_bytes(args, option);
  }

  ASSERT_EQ(run_cli(with({"fit"}, {"--lambda", "0.1", "--model", dir + "/m.json", "--quiet"})).status, 0);
  expect_same_bytes({"predict", "--model", dir + "/m.json", "--data", kTest, "--output", dir + "/p.csv"}, "--metrics");
}

TEST(StandardOutput, TwoOutputsCannotShareIt) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"cv", "--data", kTrain, "--target", "MedHouseVal", "--folds", "3", "--bandwidth-grid",
                               "1", "--lambda-grid", "0.1", "--output", "-", "--best", "-"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("kreg: error: --best: only one output can go to standard output ('-'), and --output does"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty());
  // predict's CSV takes standard output unless --output names a file.
  ASSERT_EQ(run_cli({"fit", "--data", kTrain, "--target", "MedHouseVal", "--model", dir + "/m.json", "--quiet"}).status,
            0);
  const CliResult p = run_cli({"predict", "--model", dir + "/m.json", "--data", kTest, "--metrics", "-"});
  EXPECT_EQ(p.status, 2);
  EXPECT_NE(p.err.find("--metrics: only one output can go to standard output"), std::string::npos) << p.err;
}

}  // namespace
}  // namespace kreg::test
