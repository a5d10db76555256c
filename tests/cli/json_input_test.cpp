// JSON inputs (model files, config files): a NUL byte anywhere is refused at its line and column
// (a JSON parser takes it for the end of the text and would accept a model followed by anything),
// only blank space may follow the value, and a file is read as a stream: a model followed by a
// gibibyte of NUL bytes is refused at once, in little memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "measured_run.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string kSine = source_path("data/sine_train.csv");
const std::string kSineTest = source_path("data/sine_test.csv");

// "line L, column C" of the byte at `offset` of `text` (lines from 1 at each '\n', columns from 1).
std::string position_of(const std::string& text, std::size_t offset) {
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
  const std::size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  const std::size_t column = offset == 0 || line_start == std::string::npos ? offset + 1 : offset - line_start;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::string model_text(const std::string& dir) {
  const CliResult r =
      run_cli({"fit", "--data", kSine, "--bandwidth", "0.5", "--lambda", "0.1", "--model", dir + "/m.json", "--quiet"});
  EXPECT_EQ(r.status, 0) << r.err;
  return read_text(dir + "/m.json");
}

CliResult predict(const std::string& model, const std::string& dir) {
  return run_cli({"predict", "--model", model, "--data", kSineTest, "--output", dir + "/p.csv", "--quiet"});
}

CliResult fit_with_config(const std::string& config, const std::string& dir) {
  return run_cli({"fit", "--data", kSine, "--config", config, "--model", dir + "/out.json", "--quiet"});
}

void expect_refused(const CliResult& r, const std::string& says) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("kreg: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(says), std::string::npos) << "expected '" << says << "' in: " << r.err;
}

TEST(JsonInput, ANulByteInAModelIsRefusedWhereItIs) {
  const std::string dir = scratch_dir();
  const std::string model = model_text(dir);
  ASSERT_FALSE(model.empty());
  ASSERT_EQ(predict(dir + "/m.json", dir).status, 0);
  // In the middle: before the key "kernel".
  const std::size_t at = model.find("\"kernel\"");
  ASSERT_NE(at, std::string::npos);
  write_text(dir + "/middle.json", model.substr(0, at) + std::string(1, '\0') + model.substr(at));
  expect_refused(predict(dir + "/middle.json", dir),
                 dir + "/middle.json: invalid JSON: NUL byte at " + position_of(model, at));
  // After the model: three NUL bytes, or a NUL and then anything.
  write_text(dir + "/tail.json", model + std::string(3, '\0'));
  expect_refused(predict(dir + "/tail.json", dir),
                 "tail.json: invalid JSON: NUL byte at " + position_of(model + " ", model.size()));
  write_text(dir + "/tail_text.json", model + std::string(1, '\0') + "{\"more\": 1}");
  expect_refused(predict(dir + "/tail_text.json", dir), "NUL byte at " + position_of(model + " ", model.size()));
}

TEST(JsonInput, ANulByteInAConfigIsRefusedWhereItIs) {
  const std::string dir = scratch_dir();
  const std::string config = "{\n  \"lambda\": 0.5,\n  \"bandwidth\": 2\n}\n";
  write_text(dir + "/good.json", config);
  ASSERT_EQ(fit_with_config(dir + "/good.json", dir).status, 0);
  const std::size_t at = config.find("\"bandwidth\"");
  write_text(dir + "/middle.json", config.substr(0, at) + std::string(1, '\0') + config.substr(at));
  expect_refused(fit_with_config(dir + "/middle.json", dir),
                 "middle.json: invalid JSON: NUL byte at " + position_of(config, at));
  write_text(dir + "/tail.json", config + std::string(5, '\0'));
  expect_refused(fit_with_config(dir + "/tail.json", dir),
                 "tail.json: invalid JSON: NUL byte at " + position_of(config + " ", config.size()));
}

TEST(JsonInput, OnlyBlankSpaceMayFollowTheValue) {
  const std::string dir = scratch_dir();
  const std::string model = model_text(dir);
  write_text(dir + "/blank.json", model + "\n \t\r\n\n");
  EXPECT_EQ(predict(dir + "/blank.json", dir).status, 0);
  write_text(dir + "/text.json", model + "x");
  expect_refused(predict(dir + "/text.json", dir), "expected end of input");
  write_text(dir + "/two.json", "{\"lambda\": 0.5} {\"lambda\": 2}");
  expect_refused(fit_with_config(dir + "/two.json", dir), "expected end of input");
}

// A gibibyte of NUL bytes after a model or a config (a sparse file): refused at the first of
// them within seconds and in far less memory than the file (reading it whole took more than the
// file's size; a JSON parser then accepted the model).
TEST(JsonInput, AGibibyteOfNulBytesAfterTheValueIsRefusedAtOnce) {
  const std::string dir = scratch_dir();
  const std::string model = model_text(dir);
  const long long gib = 1LL << 30;
  ASSERT_TRUE(sparse_copy(dir + "/huge_model.json", model, gib));
  MeasuredRun r = run_measured({"predict", "--model", dir + "/huge_model.json", "--data", kSineTest, "--quiet"}, dir);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("NUL byte at " + position_of(model + " ", model.size())), std::string::npos) << r.err;
  EXPECT_LT(r.seconds, 10.0);
  EXPECT_LT(r.max_rss_kib, 256L * 1024) << "peak memory " << r.max_rss_kib << " KiB";

  const std::string config = "{\"lambda\": 0.5}\n";
  ASSERT_TRUE(sparse_copy(dir + "/huge_config.json", config, gib));
  r = run_measured({"fit", "--data", kSine, "--config", dir + "/huge_config.json", "--model", dir + "/out.json"}, dir);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("huge_config.json: invalid JSON: NUL byte at line 2, column 1"), std::string::npos) << r.err;
  EXPECT_LT(r.seconds, 10.0);
  EXPECT_LT(r.max_rss_kib, 256L * 1024) << "peak memory " << r.max_rss_kib << " KiB";
  EXPECT_FALSE(file_exists(dir + "/out.json"));
}

}  // namespace
}  // namespace kreg::test
