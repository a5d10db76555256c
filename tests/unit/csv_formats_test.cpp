// One table written as the files people have (comma, semicolon, tab, pipe, space-aligned,
// European decimal commas) reads as the same Dataset without a --sep; the errors of a
// wrong-looking split, a decimal mark and a text column say what to do.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>

#include "kreg/core/errors.h"
#include "kreg/data/csv_records.h"
#include "kreg/data/dataset.h"
#include "kreg/io/byte_source.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// 25 rows of x1, x2, y with three decimals; `sep` between fields (' ': aligned in columns of
// width 9 with leading spaces), `decimal` as the decimal mark.
std::string table_text(char sep, char decimal = '.') {
  std::string out;
  const auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t j = 0; j < cells.size(); ++j) {
      if (sep == ' ') {
        out += std::string(9 - std::min<std::size_t>(cells[j].size(), 8), ' ') + cells[j];
      } else {
        out += (j ? std::string(1, sep) : "") + cells[j];
      }
    }
    out += "\n";
  };
  line({"x1", "x2", "y"});
  for (int i = 0; i < 25; ++i) {
    std::vector<std::string> cells;
    for (const double v : {0.137 * i - 1.5, 2.0 + (i * 7 % 11) * 0.25, 3.125 - 0.061 * i * i}) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.3f", v);
      std::string text = buf;
      std::replace(text.begin(), text.end(), '.', decimal);
      cells.push_back(text);
    }
    line(cells);
  }
  return out;
}

Dataset load(const std::string& path, CsvFormat format = {}) {
  return load_training_data(path, format, ColumnSelection{}, MissingPolicy::kError).data;
}

void expect_same(const Dataset& a, const Dataset& b, const std::string& what) {
  EXPECT_EQ(a.feature_names, b.feature_names) << what;
  EXPECT_EQ(a.target_name, b.target_name) << what;
  ASSERT_EQ(a.X.n_rows, b.X.n_rows) << what;
  ASSERT_EQ(a.X.n_cols, b.X.n_cols) << what;
  EXPECT_TRUE(arma::all(arma::vectorise(a.X == b.X))) << what;
  EXPECT_TRUE(arma::all(a.y == b.y)) << what;
}

std::string error_of(const std::function<void()>& read) {
  try {
    read();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(CsvFormats, EverySeparatorReadsAsTheCommaFileWithoutOptions) {
  const std::string dir = scratch_dir();
  write_text(dir + "/comma.csv", table_text(','));
  const Dataset expected = load(dir + "/comma.csv");
  ASSERT_EQ(expected.n(), 25u);
  ASSERT_EQ(expected.p(), 2u);
  EXPECT_EQ(expected.X(3, 0), -1.089);
  EXPECT_EQ(expected.y(2), 2.881);
  const std::vector<std::pair<std::string, char>> files = {
      {"semicolon.csv", ';'}, {"tab.txt", '\t'}, {"pipe.dat", '|'}, {"aligned.txt", ' '}, {"aligned.csv", ' '}};
  for (const auto& [name, sep] : files) {
    write_text(dir + "/" + name, table_text(sep));
    expect_same(load(dir + "/" + name), expected, name);
  }
  // The decimal-comma file: semicolons, and "1,5" for 1.5.
  write_text(dir + "/european.csv", table_text(';', ','));
  CsvFormat european;
  european.decimal_mark = ',';
  expect_same(load(dir + "/european.csv", european), expected, "european.csv");
  write_text(dir + "/european_aligned.txt", table_text(' ', ','));
  expect_same(load(dir + "/european_aligned.txt", european), expected, "european_aligned.txt");
}

TEST(CsvFormats, SpaceAlignedRecordsTakeARunOfBlanksAsOneSeparator) {
  CsvRecords records(memory_input("  a   \"b c\"\t d  \r\n\n   1  2\t\t3\n \t \n4 \"5\" 6", "t"), ' ');
  std::vector<std::string> fields;
  std::size_t count = 0;
  long line = 0;
  std::vector<std::vector<std::string>> rows;
  std::vector<long> lines;
  while (records.next(fields, count, line)) {
    rows.emplace_back(fields.begin(), fields.begin() + static_cast<long>(count));
    lines.push_back(line);
  }
  EXPECT_EQ(rows, (std::vector<std::vector<std::string>>{{"a", "b c", "d"}, {"1", "2", "3"}, {"4", "5", "6"}}));
  EXPECT_EQ(lines, (std::vector<long>{1, 3, 5}));
}

TEST(CsvFormats, TheTableRecordsTheSeparatorItWasReadWith) {
  EXPECT_EQ(read_csv_table(memory_input("a|b\n1|2\n", "t.csv"), "t.csv", {}).separator, '|');
  EXPECT_EQ(read_csv_table(memory_input("a b\n1 2\n", "t.csv"), "t.csv", {}).separator, ' ');
  CsvFormat given;
  given.separator = ';';
  const auto none = [](const std::vector<std::string>&) { return std::vector<std::size_t>{}; };
  EXPECT_EQ(read_csv_table(memory_input("a,b\n1,2\n", "t.csv"), "t.csv", given, none).n_cols(), 1u);
}

TEST(CsvFormats, DecimalMarkErrorsSayWhichMarkToUse) {
  CsvFormat european;
  european.decimal_mark = ',';
  const auto read = [](const std::string& text, const CsvFormat& format) {
    return [=] { read_csv_table(memory_input(text, "d.csv"), "d.csv", format); };
  };
  EXPECT_EQ(error_of(read("x;y\n1,5;2\n1.5;2\n", european)),
            "d.csv:3:1: column 'x': not a number: '1.5' (with --decimal comma the decimal mark is a comma, and a "
            "point is not read)");
  // A thousands point is not read as a decimal point either.
  EXPECT_NE(error_of(read("x;y\n1.234,5;2\n", european)).find("d.csv:2:1: column 'x': not a number: '1.234,5'"),
            std::string::npos);
  EXPECT_EQ(error_of(read("x;y\n1,5;2\n", CsvFormat{})),
            "d.csv:2:1: column 'x': not a number: '1,5' (a decimal comma? read the file with --decimal comma)");
  CsvFormat both = european;
  both.separator = ',';
  EXPECT_THROW(read("x;y\n1;2\n", both)(), ConfigError);
  EXPECT_EQ(error_of(read("x;y\n1;2\n", both)),
            "decimal: a comma cannot be both the decimal mark and the separator (--sep comma); give --sep "
            "semicolon, or --sep auto");
}

TEST(CsvFormats, AWrongLookingSplitNamesTheSeparatorAndTheOneToUse) {
  const std::string dir = scratch_dir();
  write_text(dir + "/semi.csv", "age;sex;y\n59;2;151\n48;1;75\n");
  CsvFormat comma;
  comma.separator = ',';
  EXPECT_EQ(error_of([&] { load(dir + "/semi.csv", comma); }),
            dir +
                "/semi.csv: no feature columns left besides the target 'age;sex;y'; the fields were split at commas "
                "(--sep comma); try --sep semicolon");
  // Field counts that disagree: the separator used is named.
  EXPECT_EQ(error_of([&] { read_csv_table(memory_input("a,b,c\n1,2,3\n4,5\n", "r.csv"), "r.csv", {}); }),
            "r.csv:3: expected 3 fields as in the header, found 2; the fields were split at commas (--sep comma)");
  // A column name holding another separator: the cell error says how the line was split.
  EXPECT_EQ(error_of([&] { read_csv_table(memory_input("a;b,c\n1;2,3\n", "n.csv"), "n.csv", {}); }),
            "n.csv:2:1: column 'a;b': not a number: '1;2'; the fields were split at commas (--sep comma)");
}

TEST(CsvFormats, ATextColumnErrorSaysHowToLeaveItOut) {
  const std::string dir = scratch_dir();
  write_text(dir + "/t.csv", "x,clinic name,y\n1,east,2\n");
  EXPECT_EQ(error_of([&] { load(dir + "/t.csv"); }),
            dir + "/t.csv:2:2: column 'clinic name': not a number: 'east' (a text column? leave it out with "
                  "--exclude 'clinic name')");
  ColumnSelection listed;
  listed.features = {"x", "clinic name"};
  EXPECT_NE(error_of([&] { load_training_data(dir + "/t.csv", {}, listed, MissingPolicy::kError); })
                .find("not a number: 'east' (a text column? leave it out of --features)"),
            std::string::npos);
  // The target cannot be excluded: no such advice.
  write_text(dir + "/y.csv", "x,y\n1,high\n");
  EXPECT_EQ(error_of([&] { load(dir + "/y.csv"); }), dir + "/y.csv:2:2: column 'y': not a number: 'high'");
}

}  // namespace
}  // namespace kreg::test
