// `kreg predict --keep COL[,COL]`: the named columns of the data (an identifier, the target;
// any text) come first in the output, as written in the input, in its row order, then the
// predictions, which are those of a run without --keep.
#include <gtest/gtest.h>

#include <sstream>

#include "cli_runner.h"
#include "kreg/data/csv_table.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const char* const kTrain = "x1,x2,y\n0.1,1.0,0.5\n0.4,2.0,0.7\n0.9,0.5,0.1\n0.3,1.5,0.6\n0.7,0.2,0.2\n";

// The training model, in `dir`/m.json.
void fit_model(const std::string& dir) {
  write_text(dir + "/train.csv", kTrain);
  const CliResult r = run_cli({"fit", "--data", dir + "/train.csv", "--bandwidth", "0.5", "--lambda", "0.1", "--model",
                               dir + "/m.json", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

CliResult predict(const std::string& dir, const std::string& data, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"predict", "--model", dir + "/m.json", "--data", data, "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

TEST(PredictKeep, KeptColumnsComeFirstAsWrittenInRowOrder) {
  const std::string dir = scratch_dir();
  fit_model(dir);
  // Identifiers that are not numbers, one with leading zeros (kept as written), one with the
  // separator inside quotes, one with a quote; a text column that is not kept.
  write_text(dir + "/new.csv",
             "id,note,x2,x1,y\n"
             "007,a,1.0,0.1,0.5\n"
             "\"b,2\",b,0.5,0.8,\n"
             "\"c\"\"d\",c,2.0,0.4,0.7\n"
             "  e  ,d,0.2,0.6,0.3\n");
  const CliResult plain = predict(dir, dir + "/new.csv", {});
  ASSERT_EQ(plain.status, 0) << plain.err;
  const CliResult kept = predict(dir, dir + "/new.csv", {"--keep", "y,id"});
  ASSERT_EQ(kept.status, 0) << kept.err;

  const auto p = lines_of(plain.out), k = lines_of(kept.out);
  ASSERT_EQ(p.size(), 5u);
  ASSERT_EQ(k.size(), 5u);
  EXPECT_EQ(p[0], "prediction");
  EXPECT_EQ(k[0], "y,id,prediction");  // in the order of --keep
  // The text as the reader reads it (unquoted, outer spaces trimmed), quoted again where CSV
  // needs it; an empty target stays empty; the predictions are those of the plain run.
  EXPECT_EQ(k[1], "0.5,007," + p[1]);
  EXPECT_EQ(k[2], ",\"b,2\"," + p[2]);
  EXPECT_EQ(k[3], "0.7,\"c\"\"d\"," + p[3]);
  EXPECT_EQ(k[4], "0.3,e," + p[4]);

  // kreg's own reader gives back the input's cells.
  write_text(dir + "/out.csv", kept.out);
  const CsvTable back = read_csv_table(
      dir + "/out.csv", {}, [](const std::vector<std::string>&) { return std::vector<std::size_t>{2}; }, {},
      [](const std::vector<std::string>&) { return std::vector<std::size_t>{1}; });
  ASSERT_EQ(back.n_rows(), 4u);
  EXPECT_EQ(back.text_at(0, 0), "007");
  EXPECT_EQ(back.text_at(1, 0), "b,2");
  EXPECT_EQ(back.text_at(2, 0), "c\"d");
  EXPECT_EQ(back.text_at(3, 0), "e");
}

// --missing drop: a row with a missing feature keeps its place and its kept values, with an
// empty prediction.
TEST(PredictKeep, RowsWithoutAPredictionKeepTheirValues) {
  const std::string dir = scratch_dir();
  fit_model(dir);
  write_text(dir + "/new.csv", "id,x1,x2\nr1,0.1,1.0\nr2,NA,2.0\nr3,0.9,\nr4,0.4,2.0\n");
  const CliResult r = predict(dir, dir + "/new.csv", {"--keep", "id", "--missing", "drop"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto k = lines_of(r.out);
  ASSERT_EQ(k.size(), 5u);
  EXPECT_EQ(k[0], "id,prediction");
  EXPECT_EQ(k[1].rfind("r1,", 0), 0u);
  EXPECT_GT(k[1].size(), 3u);
  EXPECT_EQ(k[2], "r2,");
  EXPECT_EQ(k[3], "r3,");
  EXPECT_EQ(k[4].rfind("r4,", 0), 0u);
  EXPECT_GT(k[4].size(), 3u);
}

// A config list, a tab-separated input, and a kept column that is also a feature.
TEST(PredictKeep, ConfigListTabInputAndAFeatureColumn) {
  const std::string dir = scratch_dir();
  fit_model(dir);
  write_text(dir + "/new.tsv", "name\tx1\tx2\nwest, upper\t0.1\t1.0\neast\t0.4\t2.0\n");
  write_text(dir + "/cfg.json", R"({"keep": ["name", "x1"]})");
  const CliResult r = predict(dir, dir + "/new.tsv", {"--config", dir + "/cfg.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto k = lines_of(r.out);
  ASSERT_EQ(k.size(), 3u);
  EXPECT_EQ(k[0], "name,x1,prediction");
  EXPECT_EQ(k[1].rfind("\"west, upper\",0.1,", 0), 0u) << k[1];
  EXPECT_EQ(k[2].rfind("east,0.4,", 0), 0u) << k[2];
}

}  // namespace
}  // namespace kreg::test
