// CSV reading: the quirks of real files (BOM, CRLF, quotes, padding, blank lines) and the
// exact numbers that come out.
#include "kreg/data/csv_table.h"

#include <gtest/gtest.h>

#include "kreg/core/errors.h"
#include "kreg/core/number_parse.h"
#include "kreg/data/dataset.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

TEST(CsvTable, HandlesBomCrlfQuotesAndSpaces) {
  const std::string dir = scratch_dir();
  write_text(dir + "/q.csv", "\xEF\xBB\xBF\"a\", b ,\"c,d\"\r\n 1.5 ,\"2\",  -3e2\r\n\r\n+4,5,6");
  const CsvTable t = read_csv_table(dir + "/q.csv");
  ASSERT_EQ(t.names, (std::vector<std::string>{"a", "b", "c,d"}));
  ASSERT_EQ(t.n_rows(), 2u);
  EXPECT_EQ(t.at(0, 0), 1.5);
  EXPECT_EQ(t.at(0, 1), 2.0);
  EXPECT_EQ(t.at(0, 2), -300.0);
  EXPECT_EQ(t.at(1, 0), 4.0);
  EXPECT_EQ(t.line_numbers, (std::vector<long>{2, 4}));
}

TEST(CsvTable, ReadsThePapersWoodFibresFile) {
  // CRLF, numbers padded with spaces, no final newline; 25,165 rows of 6 columns.
  const CsvTable t = read_csv_table(source_path("data/wood-fibres.csv"));
  EXPECT_EQ(t.n_cols(), 6u);
  EXPECT_EQ(t.n_rows(), 25165u);
  EXPECT_EQ(t.names.front(), "Length");
  EXPECT_EQ(t.at(0, 0), 0.068);
  EXPECT_EQ(t.at(1, 5), 26.0);
}

TEST(CsvTable, ReadsQuotedHeaderOfCasp) {
  const CsvTable t = read_csv_table(source_path("data/CASP.csv"));
  EXPECT_EQ(t.names.front(), "RMSD");
  EXPECT_EQ(t.n_rows(), 45730u);
  EXPECT_EQ(t.at(0, 0), 17.284);
}

TEST(CsvTable, RoundTripsSeventeenDigitNumbers) {
  double v = 0.0;
  ASSERT_TRUE(parse_finite_double("0.085649167143624361", v));
  EXPECT_EQ(v, 0.085649167143624361);
  EXPECT_FALSE(parse_finite_double("1e999", v));  // overflow is not a finite number
  EXPECT_FALSE(parse_finite_double("0x10", v));
  EXPECT_FALSE(parse_finite_double("1,5", v));
  EXPECT_FALSE(parse_finite_double("", v));
}

TEST(Dataset, TargetByNamePositionAndFeatureList) {
  const std::string dir = scratch_dir();
  write_text(dir + "/d.csv", "a,b,c,d\n1,2,3,4\n5,6,7,8\n");
  const CsvTable t = read_csv_table(dir + "/d.csv");
  ColumnSelection sel;
  Dataset d = select_training_columns(t, sel);  // default: last column
  EXPECT_EQ(d.target_name, "d");
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"a", "b", "c"}));
  sel.target_index = 1;
  d = select_training_columns(t, sel);
  EXPECT_EQ(d.target_name, "a");
  EXPECT_EQ(d.y(1), 5.0);
  sel.target_index = -2;
  EXPECT_EQ(select_training_columns(t, sel).target_name, "c");
  sel = ColumnSelection{};
  sel.target = "b";
  sel.features = {"d", "a"};
  d = select_training_columns(t, sel);
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"d", "a"}));
  EXPECT_EQ(d.X(0, 0), 4.0);
  EXPECT_EQ(d.X(1, 1), 5.0);
  sel.features = {"b"};
  EXPECT_THROW(select_training_columns(t, sel), DataError);
  sel = ColumnSelection{};
  sel.target_index = 9;
  EXPECT_THROW(select_training_columns(t, sel), DataError);
}

}  // namespace
}  // namespace kreg::test
