// `kreg cv --shard I/N` and `kreg cv --merge`: the shards of a run, put together, give files
// byte-identical to the run made in one process (for N = 1, 3 and 7; krr and an early-stopping
// method; every route of krr in tests/unit/cv_shard_test.cpp), and a missing shard, a duplicate shard, a shard of
// another grid and a file that is no shard are refused with exit status 2 and nothing written.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "measured_run.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::vector<std::string> kOutputs = {"cv.csv", "per_fold.csv", "best.json", "model.json"};

// `kreg cv` on the bundled California sample with the run's own options `run`, plus `extra`.
CliResult cv(const std::vector<std::string>& run, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"cv",      "--data", source_path("tests/fixtures/california_train.csv"),
                                   "--folds", "5",      "--quiet"};
  args.insert(args.end(), run.begin(), run.end());
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

// The run in one process, then in `count` shards put together; every output compared byte for byte.
void expect_shards_rebuild_the_run(const std::vector<std::string>& run, int count, const std::string& dir) {
  const std::string whole = dir + "/whole_", merged = dir + "/merged_";
  const CliResult one = cv(run, {"--output", whole + "cv.csv", "--per-fold", whole + "per_fold.csv", "--best",
                                 whole + "best.json", "--model", whole + "model.json"});
  ASSERT_EQ(one.status, 0) << one.err;
  std::vector<std::string> merge = {"cv", "--quiet", "--merge"};
  for (int i = count; i >= 1; --i) {  // in any order
    const std::string part = dir + "/part_" + std::to_string(i) + ".csv";
    const CliResult r = cv(run, {"--shard", std::to_string(i) + "/" + std::to_string(count), "--output", part});
    ASSERT_EQ(r.status, 0) << r.err;
    merge.push_back(part);
  }
  merge.insert(merge.end(), {"--output", merged + "cv.csv", "--per-fold", merged + "per_fold.csv", "--best",
                             merged + "best.json", "--model", merged + "model.json"});
  const CliResult m = run_cli(merge);
  ASSERT_EQ(m.status, 0) << m.err;
  for (const std::string& name : kOutputs) {
    const std::string expected = read_text(whole + name);
    ASSERT_FALSE(expected.empty()) << name;
    EXPECT_EQ(read_text(merged + name), expected) << name << " from " << count << " shards";
  }
}

const std::vector<std::string> kKrr = {"--bandwidth-grid", "logspace:-0.5:0.5:4", "--lambda-grid", "logspace:-3:0:5"};

TEST(CvShard, KrrShardsMergeToTheSameFilesForOneThreeAndSevenShards) {
  for (int count : {1, 3, 7}) {
    SCOPED_TRACE(count);
    expect_shards_rebuild_the_run(kKrr, count, scratch_dir());
  }
}

TEST(CvShard, SharedStatisticsShardsMergeToTheSameFiles) {
  std::vector<std::string> shared = kKrr;  // group deletion: one task per bandwidth covers every fold
  shared.insert(shared.end(), {"--standardize", "none"});
  expect_shards_rebuild_the_run(shared, 3, scratch_dir());
}

TEST(CvShard, EarlyStoppingShardsMergeToTheSameFiles) {
  const std::vector<std::string> kgd = {"--method", "kgd", "--step-size",      "0.01",
                                        "--t-max",  "3",   "--bandwidth-grid", "logspace:-0.5:0.5:3"};
  for (int count : {1, 3, 7}) {
    SCOPED_TRACE(count);
    expect_shards_rebuild_the_run(kgd, count, scratch_dir());
  }
}

TEST(CvShard, MissingDuplicateForeignAndBrokenShardsAreRefused) {
  const std::string dir = scratch_dir();
  for (int i = 1; i <= 3; ++i)
    ASSERT_EQ(
        cv(kKrr, {"--shard", std::to_string(i) + "/3", "--output", dir + "/p" + std::to_string(i) + ".csv"}).status, 0);
  std::vector<std::string> other_grid = kKrr;
  other_grid[3] = "logspace:-3:0:6";
  ASSERT_EQ(cv(other_grid, {"--shard", "3/3", "--output", dir + "/other3.csv"}).status, 0);
  const std::string text = read_text(dir + "/p2.csv");
  write_text(dir + "/cut2.csv", text.substr(0, text.rfind('\n', text.size() - 2) + 1));  // last row lost
  const std::string p1 = dir + "/p1.csv", p2 = dir + "/p2.csv", p3 = dir + "/p3.csv", out = dir + "/out.csv";
  struct Case {
    std::vector<std::string> parts;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{p1, p2}, "shard 3 of 3 missing"},
      {{p1, p2, p2, p3}, "shard 2/3 given twice"},
      {{p1, p2, dir + "/other3.csv"}, "another cv run than"},
      {{p1, dir + "/cut2.csv", p3}, "cut short"},
      {{p1, p2, source_path("tests/fixtures/california_train.csv")}, "not a shard file"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"cv", "--merge"};
    args.insert(args.end(), c.parts.begin(), c.parts.end());
    args.insert(args.end(), {"--output", out});
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2) << c.says;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_FALSE(file_exists(out)) << c.says;
  }
  const CliResult bad = cv(kKrr, {"--shard", "4/3", "--output", out});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--shard"), std::string::npos) << bad.err;
}

// The fields of a row of a shard file (line `line`, counted from 1) with `field` set to `value`.
std::string with_field(const std::string& text, int line, const std::vector<std::pair<int, std::string>>& fields) {
  std::size_t start = 0;
  for (int l = 1; l < line; ++l) start = text.find('\n', start) + 1;
  const std::size_t end = text.find('\n', start);
  std::vector<std::string> cell;
  for (std::size_t a = start;;) {
    const std::size_t comma = text.find(',', a);
    if (comma == std::string::npos || comma > end) {
      cell.push_back(text.substr(a, end - a));
      break;
    }
    cell.push_back(text.substr(a, comma - a));
    a = comma + 1;
  }
  for (const auto& [field, value] : fields) cell.at(static_cast<std::size_t>(field)) = value;
  std::string row;
  for (const auto& c : cell) row += (row.empty() ? "" : ",") + c;
  return text.substr(0, start) + row + text.substr(end);
}

// Every number of a shard file is checked against what kreg cv --shard writes: a changed or
// damaged row is refused with exit 2 naming the file, the line and the field (its number and
// name), and nothing is written. (A fold whose fit broke down is written nan or inf in the mse,
// with a non-finite R2: such a row, consistent, is merged as in one process, never selected.)
TEST(CvShard, EveryNumberOfAShardIsChecked) {
  const std::string dir = scratch_dir();
  for (int i = 1; i <= 2; ++i)
    ASSERT_EQ(
        cv(kKrr, {"--shard", std::to_string(i) + "/2", "--output", dir + "/p" + std::to_string(i) + ".csv"}).status, 0);
  const std::string p1 = read_text(dir + "/p1.csv"), p2 = dir + "/p2.csv", out = dir + "/out.csv";
  ASSERT_EQ(p1.rfind("# kreg cv shard 1/2 ", 0), 0u);
  ASSERT_EQ(run_cli({"cv", "--merge", dir + "/p1.csv", p2, "--output", out, "--quiet"}).status, 0);
  std::remove(out.c_str());
  // Fields: kernel_index 0, fold 1, grid_index 2, mse 3, r2 4, score 5, unfinished 6, unbounded 7, t 8.
  // Line 3 is the first row (kernel 0, fold 0, grid index 0), line 4 its grid index 1.
  struct Case {
    int line;
    std::vector<std::pair<int, std::string>> fields;
    std::string says;
  };
  const std::vector<Case> cases = {
      {3, {{3, "-1"}, {5, "-1"}}, ":3:4: mse: '-1' is negative"},
      {3, {{3, "-0.001"}, {5, "0.5"}}, ":3:4: mse: '-0.001' is negative"},
      {3, {{5, "-2.5"}}, ":3:6: score: '-2.5' is negative"},
      {3, {{3, "nan"}}, ":3:5: r2:"},                             // nan mse, finite R2
      {3, {{3, "nan"}, {5, "nan"}}, ":3:5: r2:"},                 // the same with the score
      {3, {{3, "inf"}, {5, "inf"}}, ":3:5: r2:"},                 // inf mse, finite R2
      {3, {{3, "-inf"}, {4, "nan"}, {5, "-inf"}}, ":3:4: mse:"},  // -inf is negative
      {3, {{3, "nan"}, {4, "nan"}}, ":3:6: score:"},              // nan mse, finite score
      {3, {{3, "0.5"}}, ":3:6: score:"},                          // the score is the MSE: equal
      {3, {{3, "NaN"}, {4, "nan"}, {5, "NaN"}}, ":3:4: mse: 'NaN' is not a number"},
      {3, {{3, "infinity"}, {4, "nan"}, {5, "infinity"}}, ":3:4: mse: 'infinity' is not a number"},
      {3, {{3, "0x1p-3"}, {5, "0x1p-3"}}, ":3:4: mse: '0x1p-3' is not a number"},
      {3, {{3, "1e999"}, {5, "1e999"}}, ":3:4: mse: '1e999' is not a number"},
      {3, {{3, " 0.5"}, {5, " 0.5"}}, ":3:4: mse:"},
      {3, {{3, ""}, {5, ""}}, ":3:4: mse:"},
      {3, {{4, "1.5"}}, ":3:5: r2: '1.5' is above 1"},
      {3, {{4, "inf"}}, ":3:5: r2: 'inf' is above 1"},
      {3, {{8, "-1"}}, ":3:9: t:"},
      {3, {{8, "inf"}}, ":3:9: t:"},
      {3, {{6, "2"}}, ":3:7: unfinished:"},
      {3, {{7, "-1"}}, ":3:8: unbounded:"},
      {3, {{0, "99"}}, ":3:1: kernel_index: 99 is beyond"},
      {3, {{0, "-1"}}, ":3:1: kernel_index: '-1' is not an index"},
      {3, {{1, "5"}}, ":3:2: fold: 5 is beyond"},
      {3, {{2, "3"}}, ":3:3: grid_index: 3 out of order"},
      {4, {{2, "5"}}, ":4:3: grid_index: 5 out of order"},
      {3, {{1, "1"}}, ":3: kernel_index 0, fold 1 belongs to another shard"},
      {3, {{8, "nan,0"}}, ":3: expected 9 fields, found 10"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.says);
    write_text(dir + "/edited.csv", with_field(p1, c.line, c.fields));
    const CliResult r = run_cli({"cv", "--merge", dir + "/edited.csv", p2, "--output", out, "--quiet"});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("kreg: error: " + dir + "/edited.csv" + c.says), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(out));
  }
  // A row as a fold whose fit broke down is written: merged, counted in the warning, never chosen.
  write_text(dir + "/broken.csv", with_field(p1, 3, {{3, "nan"}, {4, "nan"}, {5, "nan"}}));
  const CliResult broken = run_cli({"cv", "--merge", dir + "/broken.csv", p2, "--output", out});
  EXPECT_EQ(broken.status, 0) << broken.err;
  EXPECT_NE(broken.err.find("1 of 20 grid points have no finite cross-validation error"), std::string::npos)
      << broken.err;
  std::remove(out.c_str());

  // The first line: the counts, against each other and against the run's settings.
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = p1;
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
  };
  const std::vector<std::pair<std::string, std::string>> first_line = {
      {"\"slots\":20", "\"slots\":21"},            // not a multiple of k
      {"\"grid_values\":5", "\"grid_values\":0"},  // no grid values
      {"\"k\":5,\"grid", "\"k\":1,\"grid"},        // one fold
      {"\"tasks\":20", "\"tasks\":7"},             // neither slots nor slots / k
  };
  for (const auto& [from, to] : first_line) {
    SCOPED_TRACE(to);
    write_text(dir + "/edited.csv", replaced(from, to));
    const CliResult r = run_cli({"cv", "--merge", dir + "/edited.csv", p2, "--output", out, "--quiet"});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("kreg: error: " + dir + "/edited.csv:1: "), std::string::npos) << r.err;
  }
  // Changed alike in both files (so that they are still of one run): the counts against the
  // settings the files carry, and a row's fold outside 0..k-1 in the run's folds.
  const auto both = [&](const std::string& from, const std::string& to) {
    for (const std::string& name : {std::string("p1"), std::string("p2")}) {
      std::string text = read_text(dir + "/" + name + ".csv");
      const std::size_t at = text.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      if (at != std::string::npos) text.replace(at, from.size(), to);
      write_text(dir + "/edited_" + name + ".csv", text);
    }
    return run_cli({"cv", "--merge", dir + "/edited_p1.csv", dir + "/edited_p2.csv", "--output", out, "--quiet"});
  };
  CliResult r = both("\"tasks\":20,\"slots\":20", "\"tasks\":40,\"slots\":40");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("edited_p1.csv holds 8 kernel points x 5 grid values, but its run's settings give 4 x 5"),
            std::string::npos)
      << r.err;
  r = both("\"fold_of_row\":[", "\"fold_of_row\":[7,");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("edited_p1.csv:1: 'folds.fold_of_row' is not a list of one fold per row"), std::string::npos)
      << r.err;
  const std::size_t first_fold = p1.find("\"fold_of_row\":[") + 15;
  r = both(p1.substr(first_fold - 15, 16), "\"fold_of_row\":[7");  // its first fold, one digit
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("edited_p1.csv:1: 'folds.fold_of_row' holds 7, not a fold from 0 to 4"), std::string::npos)
      << r.err;
  EXPECT_FALSE(file_exists(out));
}

// A shard file with a gibibyte of NUL bytes after it (a sparse file), a control byte, or a row
// without an end: refused at the first bad byte, or once a line is longer than any shard's,
// within seconds and in little memory (reading it whole took 6.3 GB and 18 s).
TEST(CvShard, AHugeOrBinaryFileIsRefusedAtItsFirstBadByte) {
  const std::string dir = scratch_dir();
  for (int i = 1; i <= 2; ++i)
    ASSERT_EQ(
        cv(kKrr, {"--shard", std::to_string(i) + "/2", "--output", dir + "/p" + std::to_string(i) + ".csv"}).status, 0);
  const std::string p1 = read_text(dir + "/p1.csv"), p2 = dir + "/p2.csv";
  const long lines = static_cast<long>(std::count(p1.begin(), p1.end(), '\n'));
  ASSERT_TRUE(sparse_copy(dir + "/huge.csv", p1, 1LL << 30));
  const MeasuredRun r = run_measured({"cv", "--merge", dir + "/huge.csv", p2, "--output", dir + "/out.csv"}, dir);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("huge.csv:" + std::to_string(lines + 1) + ":1: NUL byte"), std::string::npos) << r.err;
  EXPECT_LT(r.seconds, 10.0);
  EXPECT_LT(r.max_rss_kib, 256L * 1024) << "peak memory " << r.max_rss_kib << " KiB";
  EXPECT_FALSE(file_exists(dir + "/out.csv"));

  // A NUL or a carriage return inside a row: at its line and column.
  const std::size_t row = p1.find('\n', p1.find('\n') + 1) + 1;  // line 3
  for (const char c : {'\0', '\r', '\x01'}) {
    std::string text = p1;
    text.insert(row + 4, 1, c);
    write_text(dir + "/bad.csv", text);
    const CliResult b = run_cli({"cv", "--merge", dir + "/bad.csv", p2, "--output", dir + "/out.csv"});
    EXPECT_EQ(b.status, 2) << b.err;
    EXPECT_NE(b.err.find("bad.csv:3:5: "), std::string::npos) << b.err;
  }
  // A row of 10 MB without a line end, and a file that does not start as a shard file.
  write_text(dir + "/long_row.csv", p1 + std::string(10000000, '1'));
  CliResult b = run_cli({"cv", "--merge", dir + "/long_row.csv", p2, "--output", dir + "/out.csv"});
  EXPECT_EQ(b.status, 2) << b.err;
  EXPECT_NE(b.err.find("long_row.csv:" + std::to_string(lines + 1) + ": line longer than 4096 bytes"),
            std::string::npos)
      << b.err;
  write_text(dir + "/not_shard.csv", std::string(10000000, '1'));
  b = run_cli({"cv", "--merge", dir + "/not_shard.csv", p2, "--output", dir + "/out.csv"});
  EXPECT_EQ(b.status, 2) << b.err;
  EXPECT_NE(b.err.find("not_shard.csv:1: not a shard file"), std::string::npos) << b.err;
}

}  // namespace
}  // namespace kreg::test
