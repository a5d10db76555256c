// Every bad input is refused the same way: exit status 2, exactly one stderr line that starts
// "kreg: error:" and names the file:line:column or the key at fault (with a suggestion where one
// applies), and no output file. One table covers data files, configs, model files, the command
// line and the output paths.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

using ModelEdit = std::function<std::string(const std::string&)>;

struct BadCase {
  std::string name;
  std::optional<std::string> csv;  // written to $dir/<csv_name> when set
  std::string config;              // written to $dir/cfg.json when non-empty
  std::vector<std::string> args;   // "$dir" is replaced by the scratch directory
  std::string must_name;           // substring of the error line ("$dir" replaced)
  ModelEdit model = nullptr;       // writes $dir/model.json: a valid model's text, edited
  std::string csv_name = "data.csv";
};

// A string literal with its embedded NUL bytes kept.
template <std::size_t N>
std::string bytes(const char (&literal)[N]) {
  return std::string(literal, N - 1);
}

const std::string kGoodCsv = "x1,x2,y\n0.1,1.0,0.5\n0.4,2.0,0.7\n0.9,0.5,0.1\n";
const std::string kIdCsv = "id,x1,x2,y\n1,0.1,1.0,0.5\n2,0.4,2.0,0.7\n3,0.9,0.5,0.1\n";

// An edit of the model as JSON.
ModelEdit json_edit(std::function<void(nlohmann::ordered_json&)> change) {
  return [change](const std::string& text) {
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(text);
    change(j);
    return j.dump(1);
  };
}
// An edit of the model's text: `from` (which must occur) becomes `to`.
ModelEdit text_edit(std::string from, std::string to) {
  return [from, to](std::string text) {
    const auto pos = text.find(from);
    if (pos == std::string::npos) return std::string("edit target not found: " + from);
    return text.replace(pos, from.size(), to);
  };
}

std::string nested(const std::string& key, int depth) {
  return "{\"" + key + "\": " + std::string(static_cast<std::size_t>(depth), '[') +
         std::string(static_cast<std::size_t>(depth), ']') + "}";
}

std::vector<BadCase> bad_cases() {
  const std::vector<std::string> fit = {"fit", "--data", "$dir/data.csv", "--model", "$dir/out.json"};
  const std::vector<std::string> cv = {"cv", "--data", "$dir/data.csv", "--output", "$dir/out.csv"};
  const std::vector<std::string> predict = {"predict",       "--model",  "$dir/model.json", "--data",
                                            "$dir/data.csv", "--output", "$dir/out.csv"};
  auto with = [](std::vector<std::string> a, const std::vector<std::string>& extra) {
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  const std::string drop_hint = " (to leave out rows with missing values: --missing drop)";
  std::string huge_grid = "{\"lambda_grid\": [";
  for (int i = 0; i < 2000000; ++i) huge_grid += i ? ",1" : "1";
  huge_grid += "]}";
  using J = nlohmann::ordered_json;
  return {
      // --- Data files ---
      {"non-numeric cell in a used column", "x1,x2,y\n0.1,1,2\n0.2,east,3\n", "", fit,
       "data.csv:3:2: column 'x2': not a number: 'east'"},
      {"empty cell", "x1,x2,y\n0.1,1,2\n0.2,,3\n", "", fit, "data.csv:3:2: column 'x2': empty cell" + drop_hint},
      {"NA marker", "x1,x2,y\n0.1,NA,2\n", "", fit, "data.csv:2:2: column 'x2': missing value 'NA'" + drop_hint},
      {"nan marker", "x1,x2,y\n0.1,nan,2\n", "", fit, "data.csv:2:2: column 'x2': missing value 'nan'" + drop_hint},
      {"custom NA marker", "x1,x2,y\n0.1,-999,2\n", "", with(fit, {"--na-values", "-999"}),
       "data.csv:2:2: column 'x2': missing value '-999'"},
      {"every row dropped", "x1,x2,y\n0.1,NA,2\n0.2,1,NA\n", "", with(fit, {"--missing", "drop"}),
       "data.csv: every one of the 2 rows has a missing value in a column that is used"},
      {"ragged row", "x1,x2,y\n0.1,1,2\n0.2,3\n", "", fit, "data.csv:3: expected 3 fields as in the header, found 2"},
      {"wrong separator", "x1,x2,y\n1;2;3\n", "", fit,
       "data.csv:2: expected 3 fields as in the header, found 1 (is the separator right? see --sep)"},
      {"empty file", "", "", fit, "data.csv: empty file"},
      {"header only", "x1,x2,y\n", "", fit, "data.csv: no data rows"},
      {"inf text", "x1,x2,y\n0.1,1,-inf\n", "", fit, "data.csv:2:3: column 'y': non-finite value '-inf'"},
      {"number beyond a double", "x1,x2,y\n0.1,1e999,2\n", "", fit,
       "data.csv:2:2: column 'x2': number out of range: '1e999'"},
      {"NUL byte in a cell", bytes("x1,x2,y\n0.1,3\0garbage,2\n"), "", fit, "data.csv:2:2: NUL byte in the data"},
      {"UTF-16 file", bytes("\xFF\xFEx\0,\0y\0\n\0001\0,\0002\0\n\0"), "", fit,
       "data.csv: the file is UTF-16 encoded; kreg reads UTF-8"},
      {"Windows-1252 header", "caf\xE9,x2,y\n1,2,3\n", "", fit,
       "data.csv:1:1: column name 'caf...' is not UTF-8 (byte 0xE9)"},
      {"unterminated quote", "x1,x2,y\n\"0.1,1,2\n", "", fit, "data.csv:2:1: unterminated quoted field"},
      {"text after a closing quote", "x1,x2,y\n\"0.1\"x,1,2\n", "", fit,
       "data.csv:2:1: unexpected text after a closing quote"},
      {"corrupt gzip",
       bytes("\x1f\x8b\x08\x00garbage"),
       "",
       {"fit", "--data", "$dir/data.csv.gz", "--model", "$dir/out.json"},
       "data.csv.gz: corrupt or truncated gzip data",
       nullptr,
       "data.csv.gz"},
      {"duplicate column names", "x1,x1,y\n0.1,1,2\n", "", fit, "data.csv:1:2: duplicate column name 'x1'"},
      {"missing data file", std::nullopt, "", fit, "data.csv: cannot open file for reading: No such file or directory"},
      {"data path is a directory",
       std::nullopt,
       "",
       {"fit", "--data", "$dir", "--model", "$dir/out.json"},
       "$dir: cannot open file for reading: is a directory"},
      // --- Columns ---
      {"misspelt target", kGoodCsv, "", with(fit, {"--target", "yy"}),
       "data.csv: no target column named 'yy' (did you mean 'y'?) (columns: x1, x2, y)"},
      {"target given by position", kGoodCsv, "", with(fit, {"--target", "3"}),
       "no target column named '3' (columns: x1, x2, y); by position: --target-index 3"},
      {"target position outside the table", kGoodCsv, "", with(fit, {"--target-index", "9"}),
       "data.csv: target position 9 is outside 1..3"},
      {"misspelt feature", kGoodCsv, "", with(fit, {"--features", "x1,X2"}),
       "no feature column named 'X2' (did you mean 'x2'?)"},
      {"misspelt excluded column", kIdCsv, "", with(fit, {"--exclude", "idd"}),
       "no excluded column named 'idd' (did you mean 'id'?)"},
      {"excluding the target", kGoodCsv, "", with(fit, {"--exclude", "y"}),
       "data.csv: column 'y' is the target; it cannot be excluded"},
      {"a feature also excluded", kIdCsv, "", with(fit, {"--features", "id,x1", "--exclude", "id"}),
       "data.csv: column 'id' is both a listed feature and excluded"},
      // --- Options and their values ---
      {"misspelt subcommand",
       kGoodCsv,
       "",
       {"fti", "--data", "$dir/data.csv"},
       "unknown command 'fti' (did you mean 'fit'?)"},
      {"misspelt option", kGoodCsv, "", with(fit, {"--targt", "y"}),
       "unknown option --targt for 'kreg fit' (did you mean --target?)"},
      {"misspelt upper-case method", kGoodCsv, "", with(fit, {"--method", "KRX"}),
       "--method: unknown method 'KRX' (did you mean 'krr'?)"},
      {"unknown method", kGoodCsv, "", with(fit, {"--method", "svm"}), "--method: unknown method 'svm'; valid: krr"},
      {"misspelt kernel", kGoodCsv, "", with(fit, {"--kernel", "gausian"}),
       "--kernel: unknown kernel 'gausian' (did you mean 'gaussian'?)"},
      {"misspelt standardize value", kGoodCsv, "", with(fit, {"--standardize", "feature"}),
       "--standardize: expected both, features or none, got 'feature' (did you mean 'features'?)"},
      {"unknown missing policy", kGoodCsv, "", with(fit, {"--missing", "skip"}),
       "--missing: expected error or drop, got 'skip'"},
      {"unknown separator", kGoodCsv, "", with(fit, {"--sep", "tabs"}), "--sep: expected auto, tab, comma"},
      {"negative lambda", kGoodCsv, "", with(fit, {"--lambda", "-0.1"}), "--lambda: must be a finite number >= 0"},
      {"non-numeric option value", kGoodCsv, "", with(fit, {"--bandwidth", "abc"}), "--bandwidth"},
      {"bandwidth whose square underflows", kGoodCsv, "", with(fit, {"--bandwidth", "1e-308"}),
       "--bandwidth: must lie between 1e-150 and 1e150 (its square must be a normal number), got 1e-308"},
      {"negative threads", kGoodCsv, "", with(fit, {"--threads", "-1"}), "--threads: must be >= 0"},
      {"missing required option", kGoodCsv, "", {"fit", "--data", "$dir/data.csv"}, "missing required option --model"},
      {"polynomial degree 0", kGoodCsv, "", with(fit, {"--kernel", "polynomial", "--degree", "0"}),
       "--degree: must be"},
      {"t of more updates than a long holds", kGoodCsv, "", with(fit, {"--method", "kgd", "--t", "1e300"}),
       "--t: t / step_size = 1e+300 / 0.0001 is more than 2e9 updates"},
      {"t_max of too many updates", kGoodCsv, "",
       with(fit, {"--method", "kgd", "--holdout", "0.34", "--seed", "1", "--t-max", "1e300"}),
       "--t-max: t_max / step_size"},
      {"too many iterations", kGoodCsv, "", with(fit, {"--method", "kgd", "--iterations", "3000000000"}),
       "--iterations: must be at most 2e9"},
      {"cv degree grid beyond an int", kGoodCsv, "",
       with(cv, {"--kernel", "polynomial", "--degree-grid", "1e10", "--folds", "2"}),
       "--degree-grid: must be an integer in 1..20, got 1e+10"},
      {"cv folds with a fold column", "f,x1,y\n0,1,2\n1,2,3\n0,3,4\n1,4,5\n", "",
       with(cv, {"--fold-column", "f", "--folds", "3"}), "--folds: the folds come from --fold-column; give one"},
      {"cv without any output",
       kGoodCsv,
       "",
       {"cv", "--data", "$dir/data.csv"},
       "missing output: give at least one of --output, --best, --model, --per-fold or --plot"},
      {"two inputs from standard input",
       kGoodCsv,
       "",
       {"fit", "--data", "-", "--model", "$dir/out.json", "--method", "kgd", "--validation", "-"},
       "--validation: standard input is already --data"},
      // --- Configs ---
      {"config missing file", kGoodCsv, "", with(fit, {"--config", "$dir/none.json"}),
       "none.json: cannot open config file for reading: No such file or directory"},
      {"config unknown key", kGoodCsv, "{\"bandwith\": 0.5}", with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: key 'bandwith': unknown option for 'kreg fit' (did you mean 'bandwidth'?)"},
      {"config wrong type", kGoodCsv, "{\"bandwidth\": \"wide\"}", with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: key 'bandwidth': expected a number"},
      {"config negative bandwidth", kGoodCsv, "{\"bandwidth\": -1}", with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: key 'bandwidth': must be a finite number > 0"},
      {"config invalid JSON", kGoodCsv, "{\"bandwidth\": 1,}", with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: invalid JSON: parse error at line 1"},
      {"config nested 70000 deep", kGoodCsv, nested("bandwidth", 70000), with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: nested deeper than 64 levels"},
      {"config duplicate key", kGoodCsv, "{\"lambda\": 1, \"lambda\": 2}", with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: duplicate key 'lambda'"},
      {"config number beyond a double", kGoodCsv, "{\"lambda\": 1e999}", with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: number out of range: '1e999'"},
      {"config degree beyond an int", kGoodCsv, "{\"degree\": 4294967298}", with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: key 'degree': expected an integer from -2147483648 to 2147483647, got 4294967298"},
      {"config threads beyond an int", kGoodCsv, "{\"threads\": 4294967298}", with(fit, {"--config", "$dir/cfg.json"}),
       "cfg.json: key 'threads': expected an integer from"},
      {"config grid of two million values", kGoodCsv, huge_grid, with(cv, {"--config", "$dir/cfg.json"}),
       "cfg.json: key 'lambda_grid': expected a grid of at most 1000000 values"},
      // --- Model files ---
      {"model missing file",
       kGoodCsv,
       "",
       {"predict", "--model", "$dir/none.json", "--data", "$dir/data.csv", "--output", "$dir/out.csv"},
       "none.json: cannot open model file for reading: No such file or directory"},
      {"model null target mean", kGoodCsv, "", predict,
       "model.json: key 'standardization.target_mean': expected a finite number, got null",
       json_edit([](J& j) { j["standardization"]["target_mean"] = nullptr; })},
      {"model null target scale", kGoodCsv, "", predict, "model.json: key 'standardization.target_scale'",
       json_edit([](J& j) { j["standardization"]["target_scale"] = nullptr; })},
      {"model zero feature scale", kGoodCsv, "", predict,
       "model.json: key 'standardization.feature_scale[1]': must be > 0",
       json_edit([](J& j) { j["standardization"]["feature_scale"][1] = 0.0; })},
      {"model negative feature scale", kGoodCsv, "", predict,
       "model.json: key 'standardization.feature_scale[0]': must be > 0",
       json_edit([](J& j) { j["standardization"]["feature_scale"][0] = -1.0; })},
      {"model beta with a gaussian kernel", kGoodCsv, "", predict,
       "model.json: key 'beta': primal weights belong to a linear-kernel model, not gaussian", json_edit([](J& j) {
         j["beta"] = {1.0, 2.0};
       })},
      {"model duplicate feature names", kGoodCsv, "", predict,
       "model.json: key 'features[1]': duplicate feature name 'x1'", json_edit([](J& j) { j["features"][1] = "x1"; })},
      {"model negative n_train", kGoodCsv, "", predict, "model.json: key 'training_summary.n_train': must be >= 1",
       json_edit([](J& j) { j["training_summary"]["n_train"] = -5; })},
      {"model duplicate JSON key", kGoodCsv, "", predict, "model.json: duplicate key 'method'",
       text_edit("\"method\": \"krr\",", "\"method\": \"krr\", \"method\": \"kgf\",")},
      {"model number beyond a double", kGoodCsv, "", predict, "model.json: number out of range: '1e999'",
       text_edit("\"lambda\": 1.0", "\"lambda\": 1e999")},
      {"model nested deep", kGoodCsv, "", predict, "model.json: nested deeper than 64 levels",
       text_edit("\"method\": \"krr\",", "\"deep\": " + std::string(100, '[') + std::string(100, ']') + ",")},
      {"model unknown version", kGoodCsv, "", predict,
       "model.json: key 'format_version': unsupported model format version 99",
       json_edit([](J& j) { j["format_version"] = 99; })},
      {"not a kreg model", kGoodCsv, "", predict, "model.json: key 'format': not a kreg model",
       text_edit("\"format\": \"kreg-model\"", "\"format\": \"something-else\"")},
      {"model and data both from standard input",
       kGoodCsv,
       "",
       {"predict", "--model", "-", "--data", "-", "--output", "$dir/out.csv"},
       "--data: standard input is already --model"},
      {"predict data without a feature", "x1,y\n0.1,2\n", "", predict,
       "data.csv: missing feature column 'x2' that the model was trained on", json_edit([](J&) {})},
      {"predict keeping a column the data does not have", kIdCsv, "", with(predict, {"--keep", "idd"}),
       "data.csv: no column 'idd' to keep (did you mean 'id'?)", json_edit([](J&) {})},
      {"predict keeping a column called prediction", "x1,x2,prediction\n0.1,1.0,3\n", "",
       with(predict, {"--keep", "prediction"}), "--keep: column 'prediction' cannot be kept", json_edit([](J&) {})},
      {"predict keeping a column twice", kIdCsv, "", with(predict, {"--keep", "id,x1,id"}),
       "--keep: column 'id' is named twice", json_edit([](J&) {})},
      // --- Output paths ---
      {"predict output over its data",
       kGoodCsv,
       "",
       {"predict", "--model", "$dir/model.json", "--data", "$dir/data.csv", "--output", "$dir/data.csv"},
       "--output: '$dir/data.csv' is also the input --data",
       json_edit([](J&) {})},
      {"two outputs naming one file", kGoodCsv, "", with(cv, {"--best", "$dir/out.csv"}),
       "--best: '$dir/out.csv' is also the output --output"},
      {"output in a missing directory",
       kGoodCsv,
       "",
       {"fit", "--data", "$dir/data.csv", "--model", "$dir/no/out.json"},
       "--model: cannot write '$dir/no/out.json': directory '$dir/no' does not exist"},
  };
}

std::string expand(std::string s, const std::string& dir) {
  for (auto pos = s.find("$dir"); pos != std::string::npos; pos = s.find("$dir", pos + dir.size()))
    s.replace(pos, 4, dir);
  return s;
}

// A valid model of kGoodCsv's columns, from kreg fit.
std::string valid_model_text() {
  const std::string dir = scratch_dir();
  write_text(dir + "/train.csv", kGoodCsv);
  EXPECT_EQ(run_cli({"fit", "--data", dir + "/train.csv", "--model", dir + "/m.json", "--quiet"}).status, 0);
  return read_text(dir + "/m.json");
}

TEST(BadInput, EachGivesExitTwoOneLineAndNoOutput) {
  const auto cases = bad_cases();
  ASSERT_GE(cases.size(), 40u);
  const std::string model = valid_model_text();
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string dir = scratch_dir();
    std::size_t written = 0;
    if (c.csv) write_text(dir + "/" + c.csv_name, *c.csv), ++written;
    if (!c.config.empty()) write_text(dir + "/cfg.json", c.config), ++written;
    if (c.model) write_text(dir + "/model.json", c.model(model)), ++written;
    std::vector<std::string> args;
    for (const auto& a : c.args) args.push_back(expand(a, dir));
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_LT(r.err.size(), 400u) << "the error line is too long";
    EXPECT_EQ(r.err.rfind("kreg: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(expand(c.must_name, dir)), std::string::npos) << r.err;
    std::size_t files = 0;  // nothing else (no output, no temporary) is left behind
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) files += e.is_regular_file();
    EXPECT_EQ(files, written);
  }
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
  // Three updates stay finite: the model is written, with the warning, which cites the paper
  // as users know it.
  r = run_cli({"fit", "--data", data, "--method", "kgd", "--step-size", "1", "--t", "3", "--model", dir + "/m.json"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("kreg: warning: step_size 1 >= 2 / s_max(K) = 0.0863: kernel gradient descent diverges "
                       "(Allerbo 2023, Proposition 6)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("seed 00"), std::string::npos);
  std::filesystem::remove(dir + "/m.json");
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
