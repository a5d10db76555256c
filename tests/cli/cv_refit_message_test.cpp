// `kreg cv --model` says where the refit model went, as `kreg fit` does, naming the rule whose
// point it refits; --quiet leaves only warnings and errors.
#include <gtest/gtest.h>

#include <sstream>

#include "cli_runner.h"
#include "kreg/model/model_json.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

std::vector<std::string> cv_args(const std::string& dir, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"cv",
                                   "--data",
                                   source_path("data/sine_train.csv"),
                                   "--target",
                                   "y",
                                   "--bandwidth-grid",
                                   "0.2,0.5,2",
                                   "--lambda-grid",
                                   "1e-4,1e-2,1",
                                   "--folds",
                                   "5",
                                   "--output",
                                   dir + "/cv.csv"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(CvRefitMessage, NamesTheModelFileAndTheRule) {
  const std::string dir = scratch_dir();
  for (const std::string rule : {"min", "1se"}) {
    SCOPED_TRACE(rule);
    const CliResult r = run_cli(cv_args(dir, {"--model", dir + "/refit.json", "--refit-rule", rule}));
    ASSERT_EQ(r.status, 0) << r.err;
    ASSERT_TRUE(file_exists(dir + "/refit.json"));
    EXPECT_EQ(load_model(dir + "/refit.json").summary.n_train, 40u);  // data/sine_train.csv: 40 rows
    EXPECT_NE(r.out.find("model written to " + dir + "/refit.json (the best point by the " + rule +
                         " rule, refit on all 40 rows)\n"),
              std::string::npos)
        << r.out;
  }
  // Without --model nothing is said about a model.
  const CliResult r = run_cli(cv_args(dir, {}));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("model written"), std::string::npos) << r.out;
}

// With the model on standard output, the summary (and the line) go to standard error.
TEST(CvRefitMessage, ModelOnStandardOutput) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli(cv_args(dir, {"--model", "-"}));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NO_THROW(model_from_text(r.out, "stdout"));
  EXPECT_NE(r.err.find("model written to standard output (the best point by the min rule"), std::string::npos) << r.err;
}

TEST(CvRefitMessage, QuietPrintsNothingButWarnings) {
  const std::string dir = scratch_dir();
  // lambda 10 and 100 both over-smooth the sine: the best point lies on the grid's edge, a warning.
  const CliResult r =
      run_cli({"cv", "--data", source_path("data/sine_train.csv"), "--target", "y", "--bandwidth", "0.5",
               "--lambda-grid", "10,100", "--folds", "5", "--model", dir + "/refit.json", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(file_exists(dir + "/refit.json"));
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("kreg: warning: the best point (min rule) has lambda = 10"), std::string::npos) << r.err;
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);)
    EXPECT_EQ(line.rfind("kreg: warning: ", 0), 0u) << line;  // nothing but warnings
}

}  // namespace
}  // namespace kreg::test
