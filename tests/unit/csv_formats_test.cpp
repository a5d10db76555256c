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

// The records and the line each starts on.
std::pair<std::vector<std::vector<std::string>>, std::vector<long>> records_of(const std::string& text, char sep) {
  CsvRecords records(memory_input(text, "t"), sep);
  std::vector<std::string> fields;
  std::size_t count = 0;
  long line = 0;
  std::pair<std::vector<std::vector<std::string>>, std::vector<long>> out;
  while (records.next(fields, count, line)) {
    out.first.emplace_back(fields.begin(), fields.begin() + static_cast<long>(count));
    out.second.push_back(line);
  }
  return out;
}

// Line ends as LF (Unix), CRLF (Windows) or CR alone (classic Mac OS, Excel's "CSV (Macintosh)"),
// mixed in one file too: every file of one table reads as the LF file, with the same line numbers
// in its messages; a CR inside quotes stays in the field.
TEST(CsvFormats, CarriageReturnsAloneEndLinesAsNewlinesDo) {
  const std::string dir = scratch_dir();
  const std::string lf = table_text(',');
  write_text(dir + "/lf.csv", lf);
  const Dataset expected = load(dir + "/lf.csv");
  ASSERT_EQ(expected.n(), 25u);
  std::string cr = lf, crlf;
  std::replace(cr.begin(), cr.end(), '\n', '\r');
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  std::string mixed;  // the line ends in turn LF, CR, CRLF
  int end = 0;
  for (char c : lf) mixed += c != '\n' ? std::string(1, c) : std::vector<std::string>{"\n", "\r", "\r\n"}[end++ % 3];
  for (const auto& [name, text] :
       std::vector<std::pair<std::string, std::string>>{{"cr.csv", cr}, {"crlf.csv", crlf}, {"mixed.csv", mixed}}) {
    write_text(dir + "/" + name, text);
    expect_same(load(dir + "/" + name), expected, name);
    // A bad cell on line 9 is reported there.
    std::string bad = text;
    const std::size_t at = bad.find("-0.541");  // x1 of the 8th row, on line 9
    ASSERT_NE(at, std::string::npos);
    bad.replace(at, 6, "-0.5x1");
    write_text(dir + "/bad_" + name, bad);
    const std::string bad_path = dir + "/bad_" + name;  // a structured binding cannot be captured before C++20
    EXPECT_NE(error_of([&] { load(bad_path); }).find("bad_" + name + ":9:1:"), std::string::npos)
        << error_of([&] { load(bad_path); });
  }
  // Tabs, semicolons and aligned columns with CR alone are sniffed and read the same way.
  for (const char sep : {'\t', ';', ' '}) {
    std::string text = table_text(sep);
    std::replace(text.begin(), text.end(), '\n', '\r');
    write_text(dir + "/cr_sep.txt", text);
    expect_same(load(dir + "/cr_sep.txt"), expected, std::string("CR alone, separator '") + sep + "'");
  }
  // Records and their lines: a CR or CRLF inside quotes is kept (and counts as a line of the
  // file), blank lines of any ending are skipped.
  const auto r = records_of("a,\"b\rc\",d\r1,\"2\r\n3\",4\r\r\n\r5,6,7\r", ',');
  EXPECT_EQ(r.first,
            (std::vector<std::vector<std::string>>{{"a", "b\rc", "d"}, {"1", "2\r\n3", "4"}, {"5", "6", "7"}}));
  EXPECT_EQ(r.second, (std::vector<long>{1, 3, 7}));
  // A NUL byte in a file with CR line ends is refused where it is.
  const std::string with_nul("a,b\r1,2\r3,\0\r", 12);
  EXPECT_NE(error_of([&] { records_of(with_nul, ','); }).find("t:3:2: NUL byte"), std::string::npos)
      << error_of([&] { records_of(with_nul, ','); });
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
            dir +
                "/t.csv:2:2: column 'clinic name': not a number: 'east' (a text column? leave it out with "
                "--exclude 'clinic name')");
  ColumnSelection listed;
  listed.features = {"x", "clinic name"};
  EXPECT_NE(error_of([&] {
              load_training_data(dir + "/t.csv", {}, listed, MissingPolicy::kError);
            }).find("not a number: 'east' (a text column? leave it out of --features)"),
            std::string::npos);
  // The target cannot be excluded: no such advice.
  write_text(dir + "/y.csv", "x,y\n1,high\n");
  EXPECT_EQ(error_of([&] { load(dir + "/y.csv"); }), dir + "/y.csv:2:2: column 'y': not a number: 'high'");
}

}  // namespace
}  // namespace kreg::test
