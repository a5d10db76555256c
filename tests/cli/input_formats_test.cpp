// The files users really have: text in columns that are not used, identifier columns,
// missing values, tab-separated and gzip-compressed files, standard input, UTF-8 names,
// numbers too small for a double. Each variant must give exactly the model (or the
// predictions) of the clean file it stands for.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// 30 rows: id, age, sex, bmi, clinic (text), progression, as a small clinical file.
std::string clinic_csv(char sep = ',') {
  std::ostringstream os;
  const std::string s(1, sep);
  os << "id" << s << "age" << s << "sex" << s << "bmi" << s << "clinic" << s << "progression\n";
  for (int i = 0; i < 30; ++i) {
    const double age = 20.0 + (i * 37 % 60), bmi = 18.0 + (i * 13 % 22) * 0.5;
    const int sex = 1 + i % 2;
    os << 1000 + i << s << age << s << sex << s << bmi << s << (i % 3 == 0 ? "\"east, old wing\"" : "west") << s
       << 0.5 * age + 2.0 * bmi + (i % 5) << "\n";
  }
  return os.str();
}

// The same rows with only the used columns.
std::string clean_csv() {
  std::ostringstream os;
  os << "age,sex,bmi,progression\n";
  for (int i = 0; i < 30; ++i) {
    const double age = 20.0 + (i * 37 % 60), bmi = 18.0 + (i * 13 % 22) * 0.5;
    os << age << "," << 1 + i % 2 << "," << bmi << "," << 0.5 * age + 2.0 * bmi + (i % 5) << "\n";
  }
  return os.str();
}

// Fits `data` with `extra` options; returns the model file's text ("" on failure).
std::string fit_model(const std::string& dir, const std::string& data, std::vector<std::string> extra = {},
                      CliResult* result = nullptr) {
  std::vector<std::string> args = {"fit", "--data",   data,  "--target", "progression",   "--bandwidth",
                                   "2",   "--lambda", "0.1", "--model",  dir + "/m.json", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  const CliResult r = run_cli(args);
  if (result != nullptr) *result = r;
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string text = read_text(dir + "/m.json");
  std::remove((dir + "/m.json").c_str());
  return text;
}

TEST(InputFormats, TextInUnusedColumnsAndExclude) {
  const std::string dir = scratch_dir();
  write_text(dir + "/clinic.csv", clinic_csv());
  write_text(dir + "/clean.csv", clean_csv());
  const std::string expected = fit_model(dir, dir + "/clean.csv");
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(fit_model(dir, dir + "/clinic.csv", {"--features", "age,sex,bmi"}), expected);
  EXPECT_EQ(fit_model(dir, dir + "/clinic.csv", {"--exclude", "id,clinic"}), expected);
  // predict reads only the model's columns: the text column is never parsed.
  write_text(dir + "/m.json", expected);
  const CliResult on_clean = run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/clean.csv"});
  const CliResult on_clinic = run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/clinic.csv"});
  ASSERT_EQ(on_clinic.status, 0) << on_clinic.err;
  EXPECT_EQ(on_clinic.out, on_clean.out);
}

TEST(InputFormats, AnIdentifierColumnUsedAsAFeatureIsWarnedOf) {
  const std::string dir = scratch_dir();
  write_text(dir + "/clinic.csv", clinic_csv());
  CliResult r;
  fit_model(dir, dir + "/clinic.csv", {"--exclude", "clinic"}, &r);
  EXPECT_NE(r.err.find("kreg: warning: " + dir +
                       "/clinic.csv: column 'id' holds a different whole number in every row, like a row "
                       "identifier, and is used as a feature (leave it out with --exclude id"),
            std::string::npos)
      << r.err;
  fit_model(dir, dir + "/clinic.csv", {"--exclude", "clinic,id"}, &r);
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
  fit_model(dir, dir + "/clinic.csv", {"--features", "id,age"}, &r);  // chosen on purpose: no warning
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
}

TEST(InputFormats, MissingValuesDropRowsForFitAndLeavePredictionsEmpty) {
  const std::string dir = scratch_dir();
  // Rows 3 and 7 of the clean file get a missing value (empty, NA), rows kept elsewhere.
  std::istringstream in(clean_csv());
  std::string line, with_missing, without;
  for (int row = -1; std::getline(in, line); ++row) {
    if (row == 3) {
      with_missing += line.substr(line.find(',')) + "\n";  // empty age
    } else if (row == 7) {
      with_missing += line.substr(0, line.rfind(',')) + ",NA\n";  // no target
    } else {
      with_missing += line + "\n";
      without += line + "\n";
    }
  }
  write_text(dir + "/missing.csv", with_missing);
  write_text(dir + "/without.csv", without);
  const std::string expected = fit_model(dir, dir + "/without.csv");
  CliResult r;
  EXPECT_EQ(fit_model(dir, dir + "/missing.csv", {"--missing", "drop"}, &r), expected);
  EXPECT_NE(r.err.find("missing.csv: left out 2 of 30 rows with a missing value (--missing drop)"), std::string::npos)
      << r.err;

  // predict: the row without age has an empty prediction; the row without a target is predicted;
  // every other prediction is the one of the complete file; row count and order are kept.
  write_text(dir + "/m.json", expected);
  write_text(dir + "/clean.csv", clean_csv());
  const CliResult full = run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/clean.csv"});
  const CliResult refused = run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/missing.csv"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("missing.csv:5:1: column 'age': empty cell"), std::string::npos) << refused.err;
  const CliResult kept =
      run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/missing.csv", "--missing", "drop"});
  ASSERT_EQ(kept.status, 0) << kept.err;
  std::istringstream a(full.out), b(kept.out);
  std::string la, lb;
  int lines = 0;
  while (std::getline(a, la) && std::getline(b, lb)) {
    if (lines == 4)
      EXPECT_EQ(lb, "") << "row 3 has no age";
    else
      EXPECT_EQ(lb, la) << "line " << lines;
    ++lines;
  }
  EXPECT_EQ(lines, 31);
  EXPECT_NE(kept.err.find("1 of 30 rows have a missing feature; their predictions are left empty"), std::string::npos)
      << kept.err;
  EXPECT_NE(kept.err.find("R2: "), std::string::npos);
  EXPECT_NE(kept.err.find("(on the 28 of 30 rows with both a prediction and a target value)"), std::string::npos)
      << kept.err;
}

void gzip_file(const std::string& path, const std::string& content) {
  gzFile f = gzopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(gzwrite(f, content.data(), static_cast<unsigned>(content.size())), static_cast<int>(content.size()));
  gzclose(f);
}

TEST(InputFormats, TabSeparatedGzipAndStandardInputGiveTheSameModel) {
  const std::string dir = scratch_dir();
  write_text(dir + "/clinic.csv", clinic_csv());
  const std::string expected = fit_model(dir, dir + "/clinic.csv", {"--exclude", "id,clinic"});
  ASSERT_FALSE(expected.empty());
  write_text(dir + "/clinic.tsv", clinic_csv('\t'));
  write_text(dir + "/clinic.txt", clinic_csv('\t'));
  write_text(dir + "/semicolon.txt", clinic_csv(';'));
  EXPECT_EQ(fit_model(dir, dir + "/clinic.tsv", {"--exclude", "id,clinic"}), expected);  // by the name
  EXPECT_EQ(fit_model(dir, dir + "/clinic.txt", {"--exclude", "id,clinic"}), expected);  // by the header
  EXPECT_EQ(fit_model(dir, dir + "/semicolon.txt", {"--exclude", "id,clinic", "--sep", ";"}), expected);
  gzip_file(dir + "/clinic.csv.gz", clinic_csv());
  gzip_file(dir + "/clinic.tsv.gz", clinic_csv('\t'));
  EXPECT_EQ(fit_model(dir, dir + "/clinic.csv.gz", {"--exclude", "id,clinic"}), expected);
  EXPECT_EQ(fit_model(dir, dir + "/clinic.tsv.gz", {"--exclude", "id,clinic"}), expected);

  // Standard input, on the binary: `kreg fit --data - --model - | kreg predict --model - ...`.
  const std::string kreg = KREG_BINARY;
  const std::string common = " --target progression --exclude id,clinic --bandwidth 2 --lambda 0.1 --quiet";
  ASSERT_EQ(
      std::system(
          (kreg + " fit --data -" + common + " --model " + dir + "/stdin.json < " + dir + "/clinic.csv.gz").c_str()),
      0);
  EXPECT_EQ(read_text(dir + "/stdin.json"), expected);
  ASSERT_EQ(std::system((kreg + " fit --data " + dir + "/clinic.csv" + common + " --model - | " + kreg +
                         " predict --model - --data " + dir + "/clinic.csv --output " + dir + "/piped.csv --quiet")
                            .c_str()),
            0);
  write_text(dir + "/m.json", expected);
  ASSERT_EQ(run_cli({"predict", "--model", dir + "/m.json", "--data", dir + "/clinic.csv", "--output",
                     dir + "/direct.csv", "--quiet"})
                .status,
            0);
  EXPECT_EQ(read_text(dir + "/piped.csv"), read_text(dir + "/direct.csv"));
}

// A file saved with carriage returns alone as line ends (classic Mac OS; Excel for Mac's "CSV
// (Macintosh)"), and one with line ends mixed, give the model of the LF file; the quoted
// "east, old wing" cells stay whole.
TEST(InputFormats, CarriageReturnLineEndsGiveTheSameModel) {
  const std::string dir = scratch_dir();
  write_text(dir + "/clinic.csv", clinic_csv());
  const std::string expected = fit_model(dir, dir + "/clinic.csv", {"--exclude", "id,clinic"});
  ASSERT_FALSE(expected.empty());
  std::string mac = clinic_csv(), mixed;
  std::replace(mac.begin(), mac.end(), '\n', '\r');
  int line = 0;
  for (char c : clinic_csv()) mixed += c != '\n' ? std::string(1, c) : ++line % 2 ? "\r" : "\r\n";
  write_text(dir + "/mac.csv", mac);
  write_text(dir + "/mixed.csv", mixed);
  EXPECT_EQ(fit_model(dir, dir + "/mac.csv", {"--exclude", "id,clinic"}), expected);
  EXPECT_EQ(fit_model(dir, dir + "/mixed.csv", {"--exclude", "id,clinic"}), expected);
}

TEST(InputFormats, Utf8NamesTinyNumbersQuotesAndAliases) {
  const std::string dir = scratch_dir();
  // A byte order mark, non-ASCII names, CRLF, a quoted multi-line note (not used), 1e-400.
  write_text(dir + "/utf8.csv",
             "\xEF\xBB\xBF"
             "größe,note,ziel\r\n0.5,\"two\r\nlines\",1\r\n1e-400,x,2\r\n1.5,y,2.5\r\n");
  write_text(dir + "/plain.csv", "größe,ziel\n0.5,1\n0,2\n1.5,2.5\n");
  const std::vector<std::string> common = {"--target", "ziel", "--bandwidth", "1", "--lambda", "0.1", "--quiet"};
  auto fit = [&](const std::string& data, std::vector<std::string> extra) {
    std::vector<std::string> args = {"fit", "--data", data, "--model", dir + "/m.json"};
    args.insert(args.end(), common.begin(), common.end());
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 0) << r.err;
    return read_text(dir + "/m.json");
  };
  const std::string expected = fit(dir + "/plain.csv", {});
  EXPECT_NE(expected.find("\"größe\""), std::string::npos);
  EXPECT_EQ(fit(dir + "/utf8.csv", {"--exclude", "note"}), expected);
  // scikit-learn's name for the Gaussian kernel; the model records the kernel's own name.
  EXPECT_EQ(fit(dir + "/plain.csv", {"--kernel", "rbf"}), expected);
}

}  // namespace
}  // namespace kreg::test
