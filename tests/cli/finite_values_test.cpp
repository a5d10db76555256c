// No silent NaN: data at the ends of the double range gives the model of the same data on an
// ordinary scale (standardisation is scale-equivariant), or an error (status 2) naming the
// column, the model key or the data line; never status 0 with NaN or empty predictions.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

constexpr int kRows = 60;

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// A smooth data set: x1, x2 and y = 3 + sin(x1) + x2 / 2, with column transforms applied.
struct Columns {
  std::vector<double> x1, x2, y;
};
Columns base_columns() {
  Columns c;
  for (int i = 0; i < kRows; ++i) {
    c.x1.push_back(2.0 * std::sin(0.7 * i));
    c.x2.push_back(std::cos(1.3 * i));
    c.y.push_back(3.0 + std::sin(c.x1.back()) + 0.5 * c.x2.back());
  }
  return c;
}

std::string csv_of(const Columns& c) {
  std::string s = "x1,x2,y\n";
  for (std::size_t i = 0; i < c.x1.size(); ++i) s += num(c.x1[i]) + "," + num(c.x2[i]) + "," + num(c.y[i]) + "\n";
  return s;
}

// The predictions column of a predict output (empty cells read as NaN).
std::vector<double> predictions_of(const std::string& csv) {
  std::vector<double> out;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) out.push_back(line.empty() ? NAN : std::strtod(line.c_str(), nullptr));
  return out;
}

// fit (krr, the given kernel options) on `data`, then predict on `data`; the predictions.
std::vector<double> fit_and_predict(const std::string& dir, const std::string& name, const std::string& data,
                                    const std::vector<std::string>& fit_options) {
  const std::string train = dir + "/" + name + ".csv", model = dir + "/" + name + ".json";
  write_text(train, data);
  std::vector<std::string> args = {"fit", "--data", train, "--method", "krr", "--lambda", "0.1", "--model", model};
  args.insert(args.end(), fit_options.begin(), fit_options.end());
  const CliResult fit = run_cli(args);
  EXPECT_EQ(fit.status, 0) << fit.err;
  EXPECT_EQ(fit.err.find("nan"), std::string::npos) << fit.err;
  EXPECT_EQ(fit.err.find("inf"), std::string::npos) << fit.err;
  const CliResult pred = run_cli({"predict", "--model", model, "--data", train, "--quiet"});
  EXPECT_EQ(pred.status, 0) << pred.err;
  return predictions_of(pred.out);
}

void expect_all_finite(const std::vector<double>& f) {
  ASSERT_EQ(f.size(), static_cast<std::size_t>(kRows));
  for (std::size_t i = 0; i < f.size(); ++i) EXPECT_TRUE(std::isfinite(f[i])) << "row " << i;
}

// |a_i - c b_i| <= tol |c b_i| for every row.
void expect_proportional(const std::vector<double>& a, const std::vector<double>& b, double c, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i] / (c * b[i]), 1.0, tol) << "row " << i;
}

// A target of 1e200: squares of its deviations overflow. The model must be the model of the
// same target scaled down by 1e190, scaled back.
TEST(FiniteValues, TargetOf1e200GivesThePredictionsOfTheScaledDownTarget) {
  const std::string dir = scratch_dir();
  Columns big = base_columns(), small = big;
  for (int i = 0; i < kRows; ++i) {
    big.y[i] *= 1e200;
    small.y[i] = big.y[i] * 1e-190;
  }
  const std::vector<std::string> gaussian = {"--kernel", "gaussian", "--bandwidth", "1"};
  const std::vector<double> f_big = fit_and_predict(dir, "big", csv_of(big), gaussian);
  const std::vector<double> f_small = fit_and_predict(dir, "small", csv_of(small), gaussian);
  expect_all_finite(f_big);
  expect_proportional(f_big, f_small, 1e190, 1e-12);
}

// A target near the largest double (6.7e307): the same model as the target scaled down by a
// power of two, whose scaling is exact, so the predictions are those scaled back.
TEST(FiniteValues, TargetNearTheLargestDoubleGivesThePredictionsOfTheTargetScaledByAPowerOfTwo) {
  const std::string dir = scratch_dir();
  Columns small = base_columns();
  for (double& v : small.y) v -= 3.0;  // in [-1.5, 1.5]
  Columns big = small;
  const double two_1022 = std::ldexp(1.0, 1022);
  for (double& v : big.y) v *= two_1022;
  const std::vector<std::string> gaussian = {"--kernel", "gaussian", "--bandwidth", "1"};
  const std::vector<double> f_big = fit_and_predict(dir, "big", csv_of(big), gaussian);
  const std::vector<double> f_small = fit_and_predict(dir, "small", csv_of(small), gaussian);
  expect_all_finite(f_big);
  expect_proportional(f_big, f_small, two_1022, 1e-14);
}

// A feature holding +-1.79e308: its deviations overflow. The model must be that of the same
// data with the column standardised beforehand (in long double, where nothing overflows).
TEST(FiniteValues, FeatureAtTheLargestDoubleGivesTheModelOfItsStandardisedColumn) {
  const std::string dir = scratch_dir();
  Columns huge = base_columns();
  huge.x1[0] = 1.79e308;
  huge.x1[1] = -1.79e308;
  huge.x1[2] = 1.79e308;
  Columns standardised = huge;
  long double sum = 0, ss = 0;
  for (double v : huge.x1) sum += v;
  const long double mean = sum / kRows;
  for (double v : huge.x1) ss += (v - mean) * (v - mean);
  const long double sd = std::sqrt(ss / kRows);
  for (int i = 0; i < kRows; ++i) standardised.x1[i] = static_cast<double>((huge.x1[i] - mean) / sd);
  const std::vector<std::string> gaussian = {"--kernel", "gaussian", "--bandwidth", "1"};
  const std::vector<double> f_huge = fit_and_predict(dir, "huge", csv_of(huge), gaussian);
  const std::vector<double> f_std = fit_and_predict(dir, "std", csv_of(standardised), gaussian);
  expect_all_finite(f_huge);
  expect_proportional(f_huge, f_std, 1.0, 1e-10);
}

// A feature whose spread is 1e-300 (its squares underflow) is a feature like any other: the
// model is that of the column scaled up by 1e300.
TEST(FiniteValues, FeatureWithSpread1eMinus300GivesTheModelOfTheScaledUpColumn) {
  const std::string dir = scratch_dir();
  const Columns plain = base_columns();
  Columns tiny = plain;
  for (int i = 0; i < kRows; ++i) tiny.x2[i] = plain.x2[i] * 1e-300;
  const std::vector<std::string> gaussian = {"--kernel", "gaussian", "--bandwidth", "1"};
  const std::vector<double> f_tiny = fit_and_predict(dir, "tiny", csv_of(tiny), gaussian);
  const std::vector<double> f_plain = fit_and_predict(dir, "plain", csv_of(plain), gaussian);
  expect_all_finite(f_tiny);
  expect_proportional(f_tiny, f_plain, 1.0, 1e-12);
}

// A spread below the smallest normal double cannot be standardised (its reciprocal overflows).
TEST(FiniteValues, SpreadBelowTheSmallestNormalDoubleIsRefusedNamingTheColumn) {
  const std::string dir = scratch_dir();
  Columns c = base_columns();
  for (int i = 0; i < kRows; ++i) c.x2[i] *= 1e-310;
  write_text(dir + "/d.csv", csv_of(c));
  const CliResult r = run_cli({"fit", "--data", dir + "/d.csv", "--bandwidth", "1", "--lambda", "0.1", "--model",
                               dir + "/m.json"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("d.csv: column 'x2'"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/m.json"));
}

// Unstandardised features whose squares overflow: the Gaussian kernel reads only their
// differences, which do not; the model is that of the features shifted next to 0 (exactly:
// the shift is exact by Sterbenz's lemma, so the differences are the same doubles).
TEST(FiniteValues, GaussianKernelOnFeaturesWhoseSquaresOverflow) {
  const std::string dir = scratch_dir();
  const Columns plain = base_columns();
  Columns far = plain, near = plain;
  for (int i = 0; i < kRows; ++i) {
    far.x1[i] = 1e155 + 1e150 * plain.x1[i];
    far.x2[i] = 1e155 + 1e150 * plain.x2[i];
    near.x1[i] = far.x1[i] - 1e155;
    near.x2[i] = far.x2[i] - 1e155;
  }
  const std::vector<std::string> options = {"--kernel", "gaussian", "--bandwidth", "1e150", "--standardize", "none"};
  const std::vector<double> f_far = fit_and_predict(dir, "far", csv_of(far), options);
  const std::vector<double> f_near = fit_and_predict(dir, "near", csv_of(near), options);
  expect_all_finite(f_far);
  expect_proportional(f_far, f_near, 1.0, 1e-10);
}

// A kernel of the dot product on features too large for it: status 2 naming the row's feature.
TEST(FiniteValues, KernelThatOverflowsOnTheTrainingRowsIsAnErrorNamingTheFeature) {
  const std::string dir = scratch_dir();
  Columns c = base_columns();
  c.x2[7] = 1e200;
  write_text(dir + "/d.csv", csv_of(c));
  const CliResult r = run_cli({"fit", "--data", dir + "/d.csv", "--kernel", "linear", "--standardize", "none",
                               "--lambda", "0.1", "--model", dir + "/m.json"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("d.csv: the kernel 'linear' overflows at training row 8"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("feature 'x2'"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/m.json"));
  // The same refusal from every command that builds the kernel matrix.
  for (const std::string command : {"path", "cv", "loo"}) {
    const CliResult c = run_cli({command, "--data", dir + "/d.csv", "--kernel", "linear", "--standardize", "none",
                                 "--lambda-grid", "0.01,0.1", "--output", dir + "/o.csv"});
    EXPECT_EQ(c.status, 2) << command << ": " << c.err;
    EXPECT_NE(c.err.find("overflows at training row 8"), std::string::npos) << command << ": " << c.err;
    EXPECT_FALSE(file_exists(dir + "/o.csv")) << command;
  }
}

// A saved model, edited, then used to predict on its training data.
CliResult predict_with_edited_model(const std::string& dir, const std::string& kernel,
                                    const std::function<void(nlohmann::ordered_json&)>& edit) {
  write_text(dir + "/d.csv", csv_of(base_columns()));
  const CliResult fit = run_cli({"fit", "--data", dir + "/d.csv", "--kernel", kernel, "--bandwidth", "1", "--lambda",
                                 "0.1", "--model", dir + "/m.json", "--quiet"});
  EXPECT_EQ(fit.status, 0) << fit.err;
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(read_text(dir + "/m.json"));
  edit(j);
  write_text(dir + "/edited.json", j.dump(1));
  return run_cli({"predict", "--model", dir + "/edited.json", "--data", dir + "/d.csv", "--output", dir + "/p.csv"});
}

TEST(FiniteValues, ModelWhoseCoefficientsWouldOverflowIsRefusedNamingTheKey) {
  const std::string dir = scratch_dir();
  const CliResult r = predict_with_edited_model(dir, "gaussian", [](nlohmann::ordered_json& j) {
    for (auto& a : j["alpha"]) a = 1e308;
  });
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("edited.json: key 'alpha["), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/p.csv"));
  // One large coefficient that fits (1e300 x target_scale) is no reason to refuse.
  const CliResult ok = predict_with_edited_model(dir, "gaussian", [](nlohmann::ordered_json& j) {
    j["alpha"][0] = 1e300;
  });
  EXPECT_EQ(ok.status, 0) << ok.err;
}

TEST(FiniteValues, ScalesThatAreSubnormalAreRefusedNamingTheKey) {
  const std::string dir = scratch_dir();
  const CliResult r = predict_with_edited_model(
      dir, "gaussian", [](nlohmann::ordered_json& j) { j["standardization"]["feature_scale"][1] = 1e-320; });
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("key 'standardization.feature_scale[1]'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("mean()"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/p.csv"));
  const CliResult t = predict_with_edited_model(
      dir, "gaussian", [](nlohmann::ordered_json& j) { j["standardization"]["target_scale"] = 4e-310; });
  EXPECT_EQ(t.status, 2) << t.err;
  EXPECT_NE(t.err.find("key 'standardization.target_scale'"), std::string::npos) << t.err;
}

// JSON has no NaN or infinity, and the reader refuses numbers beyond the double range.
TEST(FiniteValues, ModelWithNonFiniteNumbersIsRefused) {
  const std::string dir = scratch_dir();
  predict_with_edited_model(dir, "gaussian", [](nlohmann::ordered_json&) {});
  const std::string text = read_text(dir + "/m.json");
  const std::size_t at = text.find("\"alpha\": [");
  ASSERT_NE(at, std::string::npos);
  const std::size_t first = text.find_first_of("-0123456789", at + 10);
  const std::size_t end = text.find_first_of(",\n]", first);
  for (const std::string bad : {"NaN", "Infinity", "-Infinity", "1e999", "nan", "inf"}) {
    write_text(dir + "/bad.json", text.substr(0, first) + bad + text.substr(end));
    const CliResult r = run_cli({"predict", "--model", dir + "/bad.json", "--data", dir + "/d.csv", "--quiet"});
    EXPECT_EQ(r.status, 2) << bad << ": " << r.err;
    EXPECT_NE(r.err.find("bad.json"), std::string::npos) << r.err;
  }
}

// A polynomial kernel evaluated at a point far from the training data overflows: status 2
// naming the line, and nothing written.
TEST(FiniteValues, PredictionThatOverflowsIsAnErrorNamingTheLine) {
  const std::string dir = scratch_dir();
  write_text(dir + "/d.csv", csv_of(base_columns()));
  const CliResult fit = run_cli({"fit", "--data", dir + "/d.csv", "--kernel", "polynomial", "--degree", "3",
                                 "--lambda", "0.1", "--model", dir + "/m.json", "--quiet"});
  ASSERT_EQ(fit.status, 0) << fit.err;
  write_text(dir + "/new.csv", "x1,x2\n0.5,0.5\n1,-1\n1e300,0.5\n0.2,0.1\n");
  const CliResult r =
      run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/new.csv", "--output", dir + "/p.csv"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("new.csv:4: the prediction is"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("is 'x1' = 1e+300"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/p.csv"));
  // A missing feature with --missing drop is still an empty prediction, not an error.
  write_text(dir + "/gap.csv", "x1,x2\n0.5,0.5\n,-1\n0.2,0.1\n");
  const CliResult gap = run_cli(
      {"predict", "--model", dir + "/m.json", "--data", dir + "/gap.csv", "--missing", "drop", "--quiet"});
  EXPECT_EQ(gap.status, 0) << gap.err;
  const std::vector<double> f = predictions_of(gap.out);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_TRUE(std::isfinite(f[0]) && std::isnan(f[1]) && std::isfinite(f[2]));
}

// A data file whose target column is empty on every row has no metrics to report: said in
// words, not a crash of the mean of nothing.
TEST(FiniteValues, PredictWithoutAnyTargetValueReportsNoMetrics) {
  const std::string dir = scratch_dir();
  write_text(dir + "/d.csv", csv_of(base_columns()));
  const CliResult fit = run_cli(
      {"fit", "--data", dir + "/d.csv", "--bandwidth", "1", "--lambda", "0.1", "--model", dir + "/m.json", "--quiet"});
  ASSERT_EQ(fit.status, 0) << fit.err;
  write_text(dir + "/new.csv", "x1,x2,y\n0.5,0.5,\n1,-1,\n");
  const CliResult r = run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/new.csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("no row has both a prediction and a value of 'y'"), std::string::npos) << r.err;
  EXPECT_EQ(predictions_of(r.out).size(), 2u);
  const CliResult m = run_cli(
      {"predict", "--model", dir + "/m.json", "--data", dir + "/new.csv", "--metrics", dir + "/metrics.json"});
  EXPECT_EQ(m.status, 2) << m.err;
  EXPECT_NE(m.err.find("--metrics"), std::string::npos) << m.err;
}

// cv, path and loo report mean squared errors, which for a target of 1e200 are beyond the
// largest double: status 2 naming the target column.
TEST(FiniteValues, MeanSquaredErrorsOfATargetOf1e200AreRefusedNamingTheColumn) {
  const std::string dir = scratch_dir();
  Columns c = base_columns();
  for (double& v : c.y) v *= 1e200;
  write_text(dir + "/d.csv", csv_of(c));
  const std::vector<std::vector<std::string>> runs = {
      {"cv", "--data", dir + "/d.csv", "--bandwidth", "1", "--lambda-grid", "0.01,0.1", "--output", dir + "/o.csv"},
      {"path", "--data", dir + "/d.csv", "--bandwidth", "1", "--lambda-grid", "0.01,0.1", "--output", dir + "/o.csv"},
      {"loo", "--data", dir + "/d.csv", "--bandwidth", "1", "--lambda-grid", "0.01,0.1", "--output", dir + "/o.csv"}};
  for (const auto& args : runs) {
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find("d.csv: target column 'y'"), std::string::npos) << args[0] << ": " << r.err;
    EXPECT_FALSE(file_exists(dir + "/o.csv")) << args[0];
  }
}

// A validation row far from the training data makes the validation error of a polynomial
// kernel overflow: the path warns, naming the first such point, instead of leaving empty cells
// unexplained.
TEST(FiniteValues, PathPointsWithNonFiniteErrorsAreNamedInAWarning) {
  const std::string dir = scratch_dir();
  write_text(dir + "/d.csv", csv_of(base_columns()));
  write_text(dir + "/v.csv", "x1,x2,y\n0.5,0.5,3\n1e300,0.5,3\n");
  const CliResult r = run_cli({"path", "--data", dir + "/d.csv", "--validation", dir + "/v.csv", "--kernel",
                               "polynomial", "--degree", "3", "--lambda-grid", "0.01,0.1", "--output",
                               dir + "/p.csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("kreg: warning: 2 of 2 path points have errors or coefficients that are not finite"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("The first: lambda 0.01"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace kreg::test
