// Every bad input is refused the same way: exit status 2, exactly one stderr line that starts
// "kreg: error:" and names the file:line:column or the key at fault, and no output file.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

struct BadCase {
  const char* name;
  const char* csv;                // written to $dir/data.csv ("" = not written)
  const char* config;             // written to $dir/cfg.json when non-empty
  std::vector<std::string> args;  // "$dir" is replaced by the scratch directory
  const char* must_name;          // substring the error line must contain ("$dir" replaced)
};

const char* kGoodCsv = "x1,x2,y\n0.1,1.0,0.5\n0.4,2.0,0.7\n0.9,0.5,0.1\n";

std::vector<BadCase> bad_cases() {
  const std::vector<std::string> fit = {"fit", "--data", "$dir/data.csv", "--model", "$dir/out.json"};
  auto with = [&fit](std::vector<std::string> extra) {
    std::vector<std::string> a = fit;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  return {
      {"non-numeric cell", "x1,x2,y\n0.1,1,2\n0.2,abc,3\n", "", fit, "data.csv:3:2: column 'x2': not a number: 'abc'"},
      {"empty cell", "x1,x2,y\n0.1,1,2\n0.2,,3\n", "", fit, "data.csv:3:2: column 'x2': empty cell"},
      {"ragged row", "x1,x2,y\n0.1,1,2\n0.2,3\n", "", fit, "data.csv:3: expected 3 fields"},
      {"empty file", "", "", fit, "data.csv: empty file"},
      {"header only", "x1,x2,y\n", "", fit, "data.csv: no data rows"},
      {"nan text", "x1,x2,y\n0.1,nan,2\n", "", fit,
       "data.csv:2:2: column 'x2': missing value 'nan' (to leave out rows with missing values: --missing drop)"},
      {"inf text", "x1,x2,y\n0.1,1,-inf\n", "", fit, "data.csv:2:3: column 'y': non-finite value '-inf'"},
      {"missing target column", kGoodCsv, "", with({"--target", "price"}), "data.csv: no target column named 'price'"},
      {"target given by position", kGoodCsv, "", with({"--target", "3"}),
       "no target column named '3' (columns: x1, x2, y); by position: --target-index 3"},
      {"duplicate column names", "x1,x1,y\n0.1,1,2\n", "", fit, "data.csv:1:2: duplicate column name 'x1'"},
      {"missing data file", nullptr, "", fit, "data.csv: cannot open file for reading: No such file or directory"},
      {"data path is a directory", nullptr, "", {"fit", "--data", "$dir", "--model", "$dir/out.json"},
       "$dir: cannot open file for reading: is a directory"},
      {"missing config file", kGoodCsv, "", with({"--config", "$dir/none.json"}),
       "none.json: cannot open config file: No such file or directory"},
      {"missing model file", kGoodCsv, "",
       {"predict", "--model", "$dir/none.json", "--data", "$dir/data.csv", "--output", "$dir/out.json"},
       "none.json: cannot open model file for reading: No such file or directory"},
      {"config unknown key", kGoodCsv, "{\"bandwith\": 0.5}", with({"--config", "$dir/cfg.json"}),
       "cfg.json: key 'bandwith'"},
      {"config wrong type", kGoodCsv, "{\"bandwidth\": \"wide\"}", with({"--config", "$dir/cfg.json"}),
       "cfg.json: key 'bandwidth': expected a number"},
      {"config negative bandwidth", kGoodCsv, "{\"bandwidth\": -1}", with({"--config", "$dir/cfg.json"}),
       "cfg.json: key 'bandwidth': must be a finite number > 0"},
      {"config invalid JSON", kGoodCsv, "{\"bandwidth\": 1,}", with({"--config", "$dir/cfg.json"}),
       "cfg.json: invalid JSON: parse error at line 1"},
      {"negative lambda", kGoodCsv, "", with({"--lambda", "-0.1"}), "--lambda: must be a finite number >= 0"},
      {"non-numeric option value", kGoodCsv, "", with({"--bandwidth", "abc"}), "--bandwidth"},
      {"missing required option", kGoodCsv, "", {"fit", "--data", "$dir/data.csv"}, "missing required option --model"},
      {"unknown method", kGoodCsv, "", with({"--method", "svm"}), "--method: unknown method 'svm'"},
      {"unknown kernel", kGoodCsv, "", with({"--kernel", "gausian"}),
       "--kernel: unknown kernel 'gausian' (did you mean 'gaussian'?)"},
      {"unknown option", kGoodCsv, "", with({"--bandwidht", "1"}), "--bandwidht"},
      {"bad standardize value", kGoodCsv, "", with({"--standardize", "yes"}), "--standardize: expected both"},
      {"polynomial degree 0", kGoodCsv, "", with({"--kernel", "polynomial", "--degree", "0"}), "--degree: must be"},
      {"t of more updates than a long holds", kGoodCsv, "", with({"--method", "kgd", "--t", "1e300"}),
       "--t: t / step_size = 1e+300 / 0.0001 is more than 2e9 updates"},
      {"t_max of too many updates", kGoodCsv, "",
       with({"--method", "kgd", "--holdout", "0.34", "--seed", "1", "--t-max", "1e300"}), "--t-max: t_max / step_size"},
      {"too many iterations", kGoodCsv, "", with({"--method", "kgd", "--iterations", "3000000000"}),
       "--iterations: must be at most 2e9"},
  };
}

std::string expand(std::string s, const std::string& dir) {
  const auto pos = s.find("$dir");
  if (pos != std::string::npos) s.replace(pos, 4, dir);
  return s;
}

TEST(BadInput, EachGivesExitTwoOneLineAndNoOutput) {
  const auto cases = bad_cases();
  ASSERT_GE(cases.size(), 15u);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string dir = scratch_dir();
    if (c.csv != nullptr) write_text(dir + "/data.csv", c.csv);
    if (std::string(c.config).size() > 0) write_text(dir + "/cfg.json", c.config);
    std::vector<std::string> args;
    for (const auto& a : c.args) args.push_back(expand(a, dir));
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("kreg: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(expand(c.must_name, dir)), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir + "/out.json"));
    std::size_t files = 0;  // nothing else (no temporary) is left behind either
    for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
    EXPECT_EQ(files, (c.csv != nullptr ? 1u : 0u) + (std::string(c.config).empty() ? 0u : 1u));
  }
}

TEST(BadInput, PredictRefusesUnknownVersionAndMissingFeature) {
  const std::string dir = scratch_dir();
  write_text(dir + "/train.csv", kGoodCsv);
  ASSERT_EQ(run_cli({"fit", "--data", dir + "/train.csv", "--model", dir + "/m.json", "--quiet"}).status, 0);

  std::string model = read_text(dir + "/m.json");
  const auto pos = model.find("\"format_version\": 1");
  ASSERT_NE(pos, std::string::npos);
  model.replace(pos, 19, "\"format_version\": 99");
  write_text(dir + "/future.json", model);
  CliResult r =
      run_cli({"predict", "--model", dir + "/future.json", "--data", dir + "/train.csv", "--output", dir + "/p1.csv"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(count_lines(r.err), 1);
  EXPECT_NE(r.err.find("future.json: key 'format_version': unsupported model format version 99"), std::string::npos)
      << r.err;
  EXPECT_FALSE(file_exists(dir + "/p1.csv"));

  write_text(dir + "/nox2.csv", "x1,y\n0.1,2\n");
  r = run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/nox2.csv", "--output", dir + "/p2.csv"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(count_lines(r.err), 1);
  EXPECT_NE(r.err.find("nox2.csv: missing feature column 'x2'"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/p2.csv"));

  write_text(dir + "/garbage.json", "{\"format\": \"something-else\"}");
  r = run_cli({"predict", "--model", dir + "/garbage.json", "--data", dir + "/train.csv"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not a kreg model"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace kreg::test

namespace kreg::test {
namespace {

// Numerical trouble is exit 1 with one error line, and no model is written.
TEST(NumericalTrouble, DivergedIterationAndSingularSystemAreReported) {
  const std::string dir = scratch_dir();
  const std::string data = source_path("data/sine_train.csv");
  CliResult r = run_cli(
      {"fit", "--data", data, "--method", "kgd", "--step-size", "1", "--t", "1000", "--model", dir + "/m.json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("kreg: error: kgd: the coefficients are not finite"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/m.json"));
  // lambda = 0 with duplicated points: K is singular, the Cholesky factorisation fails.
  write_text(dir + "/dup.csv", "x,y\n0.1,1\n0.1,2\n0.5,3\n");
  r = run_cli({"fit", "--data", dir + "/dup.csv", "--lambda", "0", "--model", dir + "/m.json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("not numerically positive definite"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/m.json"));
}

}  // namespace
}  // namespace kreg::test
