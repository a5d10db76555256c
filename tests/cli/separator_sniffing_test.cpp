// Data files from other tools and locales, read without options: semicolon (named .csv),
// space-aligned, tab and pipe files give the model of the comma file; a European file gives it
// with --decimal comma (on fit, predict, cv, path and validation data, or config key
// "decimal"); a split that looks wrong, a text column and --decimal comma with --sep comma are
// refused with one line naming the option to use.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// 30 rows: age, bmi, region (text), progression, as a small clinical file. `sep` between
// fields (' ': aligned in columns, with leading spaces); `decimal` the decimal mark.
std::string clinic(char sep, char decimal = '.', bool with_region = true) {
  std::ostringstream os;
  const auto line = [&](std::vector<std::string> cells) {
    if (!with_region) cells.erase(cells.begin() + 2);
    for (std::size_t j = 0; j < cells.size(); ++j) {
      std::string cell = cells[j];
      if (sep == ' ')
        os << std::string(13 - std::min<std::size_t>(cell.size(), 12), ' ') << cell;
      else
        os << (j ? std::string(1, sep) : "") << cell;
    }
    os << "\n";
  };
  const auto number = [decimal](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string text = buf;
    std::replace(text.begin(), text.end(), '.', decimal);
    return text;
  };
  line({"age", "bmi", "region", "progression"});
  for (int i = 0; i < 30; ++i) {
    const double age = 20.0 + (i * 37 % 60), bmi = 18.0 + (i * 13 % 22) * 0.45;
    line({number(age), number(bmi), i % 3 == 0 ? "\"north east\"" : "west", number(0.5 * age + 2.0 * bmi + (i % 5))});
  }
  return os.str();
}

const std::vector<std::string> kFit = {"fit", "--target", "progression", "--bandwidth", "2", "--lambda", "0.1",
                                       "--quiet"};

// Runs `base` with --data `data`, the output option `out_flag` `dir/out` and `extra`; returns
// the output file's text ("" on failure, with the failure reported).
std::string output_of(const std::string& dir, std::vector<std::string> args, const std::string& data,
                      const std::string& out_flag, const std::vector<std::string>& extra) {
  args.insert(args.end(), {"--data", data, out_flag, dir + "/out"});
  args.insert(args.end(), extra.begin(), extra.end());
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 0) << data << ": " << r.err;
  const std::string text = read_text(dir + "/out");
  std::remove((dir + "/out").c_str());
  return text;
}

std::string model_of(const std::string& dir, const std::string& data, const std::vector<std::string>& extra = {}) {
  return output_of(dir, kFit, data, "--model", extra);
}

TEST(SeparatorSniffing, SemicolonSpaceTabAndPipeFilesGiveTheCommaFilesModel) {
  const std::string dir = scratch_dir();
  write_text(dir + "/comma.csv", clinic(','));
  const std::string expected = model_of(dir, dir + "/comma.csv", {"--exclude", "region"});
  ASSERT_FALSE(expected.empty());
  const std::vector<std::pair<std::string, char>> files = {
      {"semicolon.csv", ';'}, {"aligned.txt", ' '}, {"tab.txt", '\t'}, {"tab.csv", '\t'}, {"pipe.txt", '|'}};
  for (const auto& [name, sep] : files) {
    write_text(dir + "/" + name, clinic(sep));
    EXPECT_EQ(model_of(dir, dir + "/" + name, {"--exclude", "region"}), expected) << name;
  }
  // --sep space is the same reading as the sniffed one, whatever the file's name.
  write_text(dir + "/aligned.csv", clinic(' '));
  EXPECT_EQ(model_of(dir, dir + "/aligned.csv", {"--exclude", "region", "--sep", "space"}), expected);
}

TEST(SeparatorSniffing, DecimalCommaFilesReadWithDecimalCommaWhereverDataIsRead) {
  const std::string dir = scratch_dir();
  write_text(dir + "/comma.csv", clinic(','));
  write_text(dir + "/european.csv", clinic(';', ','));
  const std::vector<std::string> dec = {"--exclude", "region", "--decimal", "comma"};
  const std::string expected = model_of(dir, dir + "/comma.csv", {"--exclude", "region"});
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(model_of(dir, dir + "/european.csv", dec), expected);
  write_text(dir + "/cfg.json", "{\"decimal\": \"comma\"}");
  EXPECT_EQ(model_of(dir, dir + "/european.csv", {"--exclude", "region", "--config", dir + "/cfg.json"}), expected);
  // Space-aligned with decimal commas.
  write_text(dir + "/european.txt", clinic(' ', ','));
  EXPECT_EQ(model_of(dir, dir + "/european.txt", dec), expected);

  // predict: the same predictions from the European file.
  write_text(dir + "/m.json", expected);
  const std::vector<std::string> predict = {"predict", "--model", dir + "/m.json", "--quiet"};
  const std::string predictions = output_of(dir, predict, dir + "/comma.csv", "--output", {});
  ASSERT_FALSE(predictions.empty());
  EXPECT_EQ(output_of(dir, predict, dir + "/european.csv", "--output", {"--decimal", "comma"}), predictions);

  // cv and path, the latter with a European validation file.
  const std::vector<std::string> cv = {"cv",       "--target", "progression", "--bandwidth-grid", "1,2",
                                       "--lambda-grid", "0.1,1", "--folds", "3", "--seed", "1", "--quiet"};
  const std::string table = output_of(dir, cv, dir + "/comma.csv", "--output", {"--exclude", "region"});
  ASSERT_FALSE(table.empty());
  EXPECT_EQ(output_of(dir, cv, dir + "/european.csv", "--output", dec), table);
  const std::vector<std::string> path = {"path", "--target", "progression", "--bandwidth", "2",
                                         "--lambda-grid", "0.1,1", "--quiet"};
  const std::string on_comma =
      output_of(dir, path, dir + "/comma.csv", "--output", {"--exclude", "region", "--validation", dir + "/comma.csv"});
  ASSERT_NE(on_comma.find("val_mse"), std::string::npos);
  std::vector<std::string> dec_validation = dec;
  dec_validation.insert(dec_validation.end(), {"--validation", dir + "/european.csv"});
  EXPECT_EQ(output_of(dir, path, dir + "/european.csv", "--output", dec_validation), on_comma);
}

// One stderr line "kreg: error: ..." with status 2; returns it.
std::string refusal(std::vector<std::string> args) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("kreg: error: ", 0), 0u) << r.err;
  return r.err;
}

TEST(SeparatorSniffing, AWrongLookingSplitIsRefusedNamingSep) {
  const std::string dir = scratch_dir();
  write_text(dir + "/semicolon.csv", clinic(';', '.', false));
  std::vector<std::string> fit = kFit;
  fit.insert(fit.end(), {"--data", dir + "/semicolon.csv", "--model", dir + "/m.json"});
  // Told the wrong separator: the one used and the one that fits are named.
  std::vector<std::string> told_comma = fit;
  told_comma.insert(told_comma.end(), {"--sep", "comma"});
  EXPECT_NE(refusal(told_comma)
                .find("semicolon.csv: no target column named 'progression' (columns: age;bmi;progression); the "
                      "fields were split at commas (--sep comma); try --sep semicolon"),
            std::string::npos);
  // The header split at commas, the rows at semicolons: no separator fits.
  write_text(dir + "/mixed.txt", "age,bmi,progression\n30;20;35\n40;22;44\n");
  EXPECT_NE(refusal({"fit", "--data", dir + "/mixed.txt", "--model", dir + "/m.json"})
                .find("mixed.txt:2: expected 3 fields as in the header, found 1 (is the separator right? see --sep); "
                      "the fields were split at commas (--sep comma)"),
            std::string::npos);
  // A European file read without --decimal comma is told about it.
  write_text(dir + "/european.csv", clinic(';', ',', false));
  EXPECT_NE(refusal({"fit", "--data", dir + "/european.csv", "--model", dir + "/m.json"})
                .find("european.csv:2:1: column 'age': not a number: '20,00' (a decimal comma? read the file with "
                      "--decimal comma)"),
            std::string::npos);
  EXPECT_FALSE(file_exists(dir + "/m.json"));
}

TEST(SeparatorSniffing, ATextColumnErrorSuggestsExclude) {
  const std::string dir = scratch_dir();
  write_text(dir + "/clinic.csv", clinic(','));
  const std::string err = refusal({"fit", "--data", dir + "/clinic.csv", "--model", dir + "/m.json"});
  EXPECT_NE(err.find("clinic.csv:2:3: column 'region': not a number: 'north east' (a text column? leave it out with "
                     "--exclude region)"),
            std::string::npos)
      << err;
}

TEST(SeparatorSniffing, DecimalCommaWithCommaSeparatorIsRefused) {
  const std::string dir = scratch_dir();
  write_text(dir + "/comma.csv", clinic(','));
  const std::vector<std::string> fit = {"fit", "--data", dir + "/comma.csv", "--model", dir + "/m.json"};
  std::vector<std::string> args = fit;
  args.insert(args.end(), {"--decimal", "comma", "--sep", "comma"});
  EXPECT_NE(refusal(args).find("kreg: error: --decimal: a comma cannot be both the decimal mark and the field "
                               "separator (--sep: comma); give --sep semicolon, or --sep auto"),
            std::string::npos);
  write_text(dir + "/cfg.json", "{\"decimal\": \"comma\", \"sep\": \",\"}");
  args = fit;
  args.insert(args.end(), {"--config", dir + "/cfg.json"});
  EXPECT_NE(refusal(args).find("cfg.json: key 'decimal': a comma cannot be both the decimal mark and the field "
                               "separator (" +
                               dir + "/cfg.json: key 'sep': ,)"),
            std::string::npos);
  args = fit;
  args.insert(args.end(), {"--decimal", "coma"});
  EXPECT_NE(refusal(args).find("--decimal: expected point or comma, got 'coma' (did you mean 'comma'?)"),
            std::string::npos);
  EXPECT_FALSE(file_exists(dir + "/m.json"));
}

}  // namespace
}  // namespace kreg::test
