// Every output is byte-identical whatever --threads (kreg/linalg/blas_threads.h): fits of every
// method, cv refits, paths, leave-one-out and predictions, on sizes that span several Cholesky blocks and are not a
// multiple of any kernel tile (700), and one above the threshold where K x is split over
// threads (2001).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

std::string make_data(const std::string& dir, int n) {
  const std::string path = dir + "/d" + std::to_string(n) + ".csv";
  std::ofstream f(path);
  f.precision(17);
  f << "x1,x2,x3,x4,x5,x6,x7,x8,y\n";
  for (int i = 0; i < n; ++i) {
    double y = 0.0;
    for (int j = 0; j < 8; ++j) {
      const double x = 2.0 * std::sin(0.7 * i * (j + 1) + 0.3 * j);
      y += std::sin(x);
      f << x << ",";
    }
    f << y + 0.1 * std::cos(13.0 * i) << "\n";
  }
  return path;
}

// Runs `args` + {"--threads", t, option, file} for t = 1, 2, 3 and expects the same bytes.
void expect_thread_independent(std::vector<std::string> args, const std::string& option) {
  std::string trace;
  for (const auto& a : args) trace += a + " ";
  SCOPED_TRACE(trace);
  const std::string dir = scratch_dir();
  std::string first;
  for (const char* t : {"1", "2", "3"}) {
    std::vector<std::string> a = args;
    const std::string out = dir + "/out" + t;
    a.insert(a.end(), {"--threads", t, option, out, "--quiet"});
    const CliResult r = run_cli(a);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string text = read_text(out);
    if (std::string(t) == "1")
      first = text;
    else
      EXPECT_TRUE(text == first) << "--threads " << t << " differs from --threads 1";
  }
}

TEST(ThreadCount, FitsRefitsAndPredictionsAreByteIdentical) {
  const std::string dir = scratch_dir();
  const std::string d700 = make_data(dir, 700), d2001 = make_data(dir, 2001);
  const std::vector<std::vector<std::string>> methods = {
      {"--method", "krr", "--lambda", "0.1"}, {"--method", "kgf", "--t", "10"},      {"--method", "kgd", "--t", "1"},
      {"--method", "ksgd", "--t", "0.2"},     {"--method", "kcd", "--t", "0.2"},     {"--method", "kegd", "--t", "0.2"},
      {"--method", "kl1", "--lambda", "0.1"}, {"--method", "klinf", "--lambda", "1"}};
  for (const auto& m : methods) {
    std::vector<std::string> args = {"fit", "--data", d700, "--bandwidth", "2"};
    args.insert(args.end(), m.begin(), m.end());
    expect_thread_independent(args, "--model");
  }
  for (const auto& m : std::vector<std::vector<std::string>>{{"--method", "krr", "--lambda", "0.1"},
                                                             {"--method", "kgd", "--iterations", "300"}}) {
    std::vector<std::string> args = {"fit", "--data", d2001, "--bandwidth", "2"};
    args.insert(args.end(), m.begin(), m.end());
    expect_thread_independent(args, "--model");
  }
  for (const std::string standardize : {"both", "none"}) {
    expect_thread_independent({"cv", "--data", d700, "--bandwidth-grid", "1,2", "--lambda-grid", "0.01,0.1", "--folds",
                               "3", "--standardize", standardize, "--output", dir + "/cv.csv"},
                              "--model");
    expect_thread_independent({"cv", "--data", d700, "--bandwidth-grid", "1,2", "--method", "kgf", "--t-grid", "10,100",
                               "--folds", "3", "--standardize", standardize, "--output", dir + "/cv.csv"},
                              "--model");
  }
  expect_thread_independent({"path", "--data", d700, "--bandwidth", "2", "--lambda-grid", "0.001,0.1,10"}, "--output");
  expect_thread_independent({"path", "--data", d700, "--bandwidth", "2", "--method", "kgf", "--t-grid", "1,100"},
                            "--output");
  expect_thread_independent(
      {"fit", "--data", d700, "--tune", "evidence", "--ard", "--restarts", "1", "--kernel", "matern52"}, "--model");
  expect_thread_independent({"loo", "--data", d700, "--bandwidth", "2", "--lambda-grid", "0.001,0.1,10"}, "--output");
  const CliResult fit =
      run_cli({"fit", "--data", d700, "--bandwidth", "2", "--lambda", "0.1", "--model", dir + "/m.json", "--quiet"});
  ASSERT_EQ(fit.status, 0) << fit.err;
  expect_thread_independent({"predict", "--model", dir + "/m.json", "--data", d2001}, "--output");
  expect_thread_independent(
      {"predict", "--model", dir + "/m.json", "--data", d2001, "--std", "--interval", "0.9"}, "--output");
}

}  // namespace
}  // namespace kreg::test
