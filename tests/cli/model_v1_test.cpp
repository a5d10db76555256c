// Model files of format version 1 (tests/fixtures/model_v1, written before version 2) still
// load, and predict what the version that wrote them predicted: to the last bit on the machine
// that wrote the fixtures, to relative 1e-13 elsewhere (BLAS kernels differ between processors),
// and byte for byte what the same file labelled version 2 predicts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

std::vector<double> prediction_column(const std::string& csv) {
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);  // header
  std::vector<double> out;
  while (std::getline(in, line)) out.push_back(std::stod(line.substr(line.rfind(',') + 1)));
  return out;
}

std::string predict_file(const std::string& model, const std::string& out) {
  const CliResult r = run_cli({"predict", "--model", model, "--data", source_path("tests/fixtures/california_test.csv"),
                               "--output", out, "--quiet"});
  EXPECT_EQ(r.status, 0) << r.err;
  return read_text(out);
}

TEST(ModelV1, OldModelFilesLoadAndPredictTheSameBytes) {
  const std::string dir = scratch_dir();
  for (const std::string name : {"krr_gaussian", "krr_linear", "krr_polynomial", "kl1_gaussian", "kgd_holdout"}) {
    SCOPED_TRACE(name);
    const std::string model = source_path("tests/fixtures/model_v1/" + name + ".json");
    ASSERT_NE(read_text(model).find("\"format_version\": 1,"), std::string::npos);
    const std::string predicted = predict_file(model, dir + "/" + name + ".csv");
    const std::string expected = read_text(source_path("tests/fixtures/model_v1/" + name + ".predictions.csv"));
    ASSERT_FALSE(expected.empty());
    const std::vector<double> got = prediction_column(predicted), want = prediction_column(expected);
    ASSERT_EQ(got.size(), want.size());
    double scale = 0.0, worst = 0.0;
    for (double v : want) scale = std::max(scale, std::abs(v));
    for (std::size_t i = 0; i < got.size(); ++i) worst = std::max(worst, std::abs(got[i] - want[i]));
    EXPECT_LE(worst, 1e-13 * scale);

    std::string as_v2 = read_text(model);
    as_v2.replace(as_v2.find("\"format_version\": 1,"), 20, "\"format_version\": 2,");
    write_text(dir + "/" + name + ".v2.json", as_v2);
    EXPECT_EQ(predict_file(dir + "/" + name + ".v2.json", dir + "/" + name + ".v2.csv"), predicted);
  }
}

TEST(ModelV1, AVersionOneFileWithACombinedKernelIsRefused) {
  std::string text = read_text(source_path("tests/fixtures/model_v1/krr_gaussian.json"));
  const std::string kernel = "\"kernel\": {";
  const auto at = text.find(kernel);
  ASSERT_NE(at, std::string::npos);
  const auto end = text.find('}', at);
  text.replace(at, end - at + 1,
               "\"kernel\": {\"name\": \"sum\", \"parts\": [{\"name\": \"gaussian\", \"bandwidth\": 2}, "
               "{\"name\": \"linear\"}]}");
  const std::string dir = scratch_dir();
  write_text(dir + "/m.json", text);
  const CliResult r = run_cli({"predict", "--model", dir + "/m.json", "--data",
                               source_path("tests/fixtures/california_test.csv"), "--output", dir + "/p.csv"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("key 'kernel"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace kreg::test
