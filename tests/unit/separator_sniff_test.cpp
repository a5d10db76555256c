// Separator sniffing: each candidate is recognised from the header and the first rows, quotes
// are respected, the file name only breaks ties, a decimal comma rules the comma out, and the
// note for a wrong-looking split names the --sep to use.
#include "kreg/data/separator_sniff.h"

#include <gtest/gtest.h>

namespace kreg::test {
namespace {

char sniffed(const std::string& sample, char preferred = 0, bool decimal_comma = false) {
  return sniff_separator(sample, true, preferred, decimal_comma).chosen;
}

const SeparatorSplit& split_of(const SeparatorSniff& sniff, char separator) {
  for (const auto& s : sniff.splits)
    if (s.separator == separator) return s;
  throw std::logic_error("no such candidate");
}

TEST(SeparatorSniff, RecognisesEachCandidate) {
  EXPECT_EQ(sniffed("age,sex,y\n59,2,151\n48,1,75\n"), ',');
  EXPECT_EQ(sniffed("age;sex;y\n59;2;151\n48;1;75\n"), ';');
  EXPECT_EQ(sniffed("age\tsex\ty\n59\t2\t151\n48\t1\t75\n"), '\t');
  EXPECT_EQ(sniffed("age|sex|y\n59|2|151\n48|1|75\n"), '|');
  // Space-aligned, as R's write.table or a report prints it: leading spaces, runs of spaces.
  EXPECT_EQ(sniffed("  age  sex      y\n   59    2  151.5\n   48    1   75.0\n"), ' ');
}

TEST(SeparatorSniff, TheContentDecidesAndTheNameBreaksTies) {
  // A .csv file that is really semicolon-separated, with decimal commas.
  EXPECT_EQ(sniffed("age;bmi;y\n59;32,1;151\n48;21,6;75\n", ','), ';');
  // Both tab and comma split every line into two fields: the name decides, else comma.
  const std::string both = "a\tb,c\n1\t2,3\n4\t5,6\n";
  EXPECT_EQ(sniffed(both, '\t'), '\t');
  EXPECT_EQ(sniffed(both, ','), ',');
  EXPECT_EQ(sniffed(both), ',');
  // Spaces after the commas split into as many fields as the commas do: comma wins the tie.
  EXPECT_EQ(sniffed("age, sex, y\n59, 2, 151\n48, 1, 75\n"), ',');
}

TEST(SeparatorSniff, RespectsQuotes) {
  // Ignoring the quotes, the commas would split every line into two fields.
  const std::string sample = "\"name, given\";x;y\n\"Smith, J\";1;2\n\"Doe, A\";3;4\n";
  EXPECT_EQ(sniffed(sample), ';');
  const SeparatorSniff sniff = sniff_separator(sample, true, 0, false);
  EXPECT_EQ(split_of(sniff, ';').header_fields, 3u);
  EXPECT_FALSE(split_of(sniff, ',').consistent());
}

TEST(SeparatorSniff, CountsTheHeaderAndTheFirstTwentyRows) {
  std::string sample = "a,b\n";
  for (int i = 0; i < 30; ++i) sample += "1,2\n";
  const SeparatorSniff sniff = sniff_separator(sample, true, 0, false);
  EXPECT_EQ(split_of(sniff, ',').header_fields, 2u);
  EXPECT_EQ(split_of(sniff, ',').rows, kSniffRows);
  EXPECT_EQ(split_of(sniff, ',').rows_agreeing, kSniffRows);
  EXPECT_TRUE(split_of(sniff, ',').consistent());
  EXPECT_EQ(split_of(sniff, ';').header_fields, 1u);  // one column: never consistent
  EXPECT_FALSE(split_of(sniff, ';').consistent());
}

TEST(SeparatorSniff, AnIncompleteSampleLeavesOutItsCutLine) {
  const std::string sample = "a;b;c\n1;2;3\n4;5";  // the input goes on after "4;5"
  EXPECT_EQ(split_of(sniff_separator(sample, false, 0, false), ';').rows, 1u);
  const SeparatorSplit whole = split_of(sniff_separator(sample, true, 0, false), ';');
  EXPECT_EQ(whole.rows, 2u);
  EXPECT_EQ(whole.rows_agreeing, 1u);
}

TEST(SeparatorSniff, ADecimalCommaIsNeverTakenForTheSeparator) {
  // Read at commas, both lines would have two fields.
  EXPECT_EQ(sniffed("x,y\n1,5\n", ',', false), ',');
  const SeparatorSniff sniff = sniff_separator("x,y\n1,5\n", true, ',', true);
  EXPECT_NE(sniff.chosen, ',');
  for (const auto& s : sniff.splits) EXPECT_NE(s.separator, ',');
  EXPECT_EQ(sniffed("x;y\n1,5;2,25\n", ',', true), ';');
}

TEST(SeparatorSniff, WithoutAConsistentSplitTheBestNonSpaceOneIsUsed) {
  // The header splits at commas, one row of two agrees: the reader then names the ragged row.
  EXPECT_EQ(sniffed("x1,x2,y\n0.1,1,2\n0.2,3\n"), ',');
  // A single column whose name has a space is not taken for a space-aligned table.
  EXPECT_EQ(sniffed("house price\n1\n2\n", ','), ',');
  EXPECT_EQ(sniffed("house price\n1\n2\n"), ',');
}

TEST(SeparatorSniff, TheNoteNamesTheSeparatorUsedAndABetterOne) {
  const SeparatorSniff sniff = sniff_separator("age;sex;y\n59;2;151\n", true, ',', false);
  EXPECT_EQ(sniff.better_than(','), ';');
  EXPECT_EQ(sniff.better_than(';'), 0);
  EXPECT_EQ(separator_note(',', sniff), "the fields were split at commas (--sep comma); try --sep semicolon");
  EXPECT_EQ(separator_note(';', sniff), "the fields were split at semicolons (--sep semicolon)");
  EXPECT_EQ(separator_note(':', sniff), "the fields were split at ':' (--sep :); try --sep semicolon");
  EXPECT_EQ(separator_name(' '), "space");
  EXPECT_EQ(separator_name('\t'), "tab");
  EXPECT_EQ(separator_name('|'), "pipe");
}

}  // namespace
}  // namespace kreg::test
