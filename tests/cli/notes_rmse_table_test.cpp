// The kernel-methods notes ("kernel ridge from scratch"): the published test RMSE table for a
// Gaussian kernel on sine_train/sine_test without standardisation, and the linear-ridge baseline
// (polynomial kernel, degree 1, offset 1 = linear kernel on [1, x]; lambda 1e-3). The expected
// numbers are the notes' printed table, to its 4 decimals.
#include <gtest/gtest.h>

#include <cmath>

#include "cli_runner.h"
#include "kreg/data/csv_table.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

double test_rmse(const std::vector<std::string>& fit_args) {
  const std::string dir = scratch_dir();
  std::vector<std::string> args = {"fit",      "--data",  source_path("data/sine_train.csv"),
                                   "--target", "y",       "--standardize",
                                   "none",     "--model", dir + "/m.json",
                                   "--quiet"};
  args.insert(args.end(), fit_args.begin(), fit_args.end());
  const CliResult fit = run_cli(args);
  EXPECT_EQ(fit.status, 0) << fit.err;
  const CliResult pred = run_cli({"predict", "--model", dir + "/m.json", "--data", source_path("data/sine_test.csv"),
                                  "--output", dir + "/p.csv", "--quiet"});
  EXPECT_EQ(pred.status, 0) << pred.err;
  const CsvTable p = read_csv_table(dir + "/p.csv");
  const CsvTable t = read_csv_table(source_path("data/sine_test.csv"));
  EXPECT_EQ(p.n_rows(), 200u);
  double ss = 0.0;
  for (std::size_t i = 0; i < t.n_rows(); ++i) {
    const double d = p.at(i, 0) - t.at(i, t.find("y"));
    ss += d * d;
  }
  return std::sqrt(ss / static_cast<double>(t.n_rows()));
}

struct TableRow {
  const char* ell;
  const char* lambda;
  double rmse;
};

TEST(NotesRmseTable, GaussianKrrTestRmseMatchesPublishedTable) {
  const TableRow rows[] = {{"0.02", "1e-6", 9.1673}, {"0.02", "0.01", 0.3858}, {"0.02", "1.0", 0.4158},
                           {"0.1", "1e-6", 0.3662},  {"0.1", "0.01", 0.3020},  {"0.1", "1.0", 0.2930},
                           {"0.5", "1e-6", 0.3040},  {"0.5", "0.01", 0.2683},  {"0.5", "1.0", 0.4216}};
  for (const auto& r : rows) {
    const double rmse = test_rmse({"--kernel", "gaussian", "--bandwidth", r.ell, "--lambda", r.lambda});
    EXPECT_NEAR(rmse, r.rmse, 0.5e-4) << "ell=" << r.ell << " lambda=" << r.lambda;
  }
}

TEST(NotesRmseTable, LinearRidgeBaselineIsPolynomialDegreeOne) {
  const double rmse = test_rmse({"--kernel", "polynomial", "--degree", "1", "--offset", "1", "--lambda", "1e-3"});
  EXPECT_NEAR(rmse, 0.4917, 0.5e-4);
}

}  // namespace
}  // namespace kreg::test
