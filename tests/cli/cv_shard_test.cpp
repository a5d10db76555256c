// `kreg cv --shard I/N` and `kreg cv --merge`: the shards of a run, put together, give files
// byte-identical to the run made in one process (for N = 1, 3 and 7; krr and an early-stopping
// method; every route of krr in tests/unit/cv_shard_test.cpp), and a missing shard, a duplicate shard, a shard of
// another grid and a file that is no shard are refused with exit status 2 and nothing written.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_runner.h"
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

}  // namespace
}  // namespace kreg::test
