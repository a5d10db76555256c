// The shards of a cv run, written to text, read back and put together, give the table of the run
// made in one process bit for bit, for every route of krr (each task's numbers do not depend on
// which process or thread computed them, and the shard file keeps every bit).
#include "kreg/select/cv_shard.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "kreg/core/errors.h"
#include "kreg/select/cv.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(CvShardScores, EveryKrrRouteGivesTheSameBitsFromShards) {
  const Dataset d = california("train", 150);
  const Folds folds = seeded_folds(d.n(), 5, 2);
  CvSettings s;
  s.base.standardize = StandardizeMode::kNone;
  s.kernel_grids["bandwidth"] = {200.0, 600.0, 2000.0};  // raw features (Population ~ 10^3)
  s.regulariser_grid = {1e-3, 1e-2, 0.1, 1.0};
  s.threads = 2;
  const nlohmann::ordered_json run = {{"test", "routes"}};
  for (CvRoute route : {CvRoute::kCholesky, CvRoute::kBand, CvRoute::kEigen, CvRoute::kGroupDeletion}) {
    SCOPED_TRACE(static_cast<int>(route));
    s.route = route;
    const CvResult whole = cross_validate(d, s, folds);
    std::vector<CvShardFile> parts;
    for (int i = 1; i <= 4; ++i) {
      const CvShard shard{i, 4};
      const std::string path = scratch_dir() + "/part" + std::to_string(i) + ".csv";
      write_text(path, cv_shard_text(shard, run, compute_cv_scores(d, s, folds, shard)));
      parts.push_back(read_cv_shard(path));
    }
    const CvResult merged = aggregate_cv(s, folds, merge_cv_shards(parts));
    ASSERT_EQ(merged.rows.size(), whole.rows.size());
    ASSERT_EQ(whole.rows.size(), 12u);
    for (std::size_t r = 0; r < whole.rows.size(); ++r) {
      EXPECT_TRUE(same_bits(merged.rows[r].mean_mse, whole.rows[r].mean_mse)) << r;
      EXPECT_TRUE(same_bits(merged.rows[r].fold_sd_r2, whole.rows[r].fold_sd_r2)) << r;
      for (std::size_t f = 0; f < 5; ++f) EXPECT_TRUE(same_bits(merged.rows[r].fold_mse[f], whole.rows[r].fold_mse[f]));
    }
    EXPECT_EQ(merged.best_min, whole.best_min);
    EXPECT_EQ(merged.best_1se, whole.best_1se);
  }
}

TEST(CvShardScores, ShardNumbersAreParsedStrictly) {
  EXPECT_EQ(parse_cv_shard("3/7").index, 3);
  EXPECT_EQ(parse_cv_shard("3/7").count, 7);
  for (const char* bad : {"0/3", "4/3", "1/0", "1", "a/3", "1/3/5", "-1/3", "1/", "/3", " 1/3"})
    EXPECT_THROW(parse_cv_shard(bad), ConfigError) << bad;
}

TEST(CvShardScores, TasksAreDealtRoundRobin) {
  // 11 tasks over 3 shards: 4, 4 and 3, each task exactly once.
  std::vector<int> owners(11, 0);
  for (int i = 1; i <= 3; ++i)
    for (std::size_t t = 0; t < owners.size(); ++t) owners[t] += CvShard{i, 3}.owns(t) ? i : 0;
  EXPECT_EQ(owners, (std::vector<int>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2}));
}

// The run description holds, in this order, what identifies the run and what a merge replays.
TEST(CvShardRun, TheDescriptionIsTheVersionTheDataTheSettingsTheFoldsAndWhatWasGiven) {
  Dataset d;
  d.X = arma::mat{{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}, {7.0, 8.0}};
  d.y = arma::vec{1.0, 2.0, 3.0, 4.0};
  Folds folds;
  folds.k = 2;
  folds.fold_of_row = {0, 1, 1, 0};
  const nlohmann::ordered_json settings = {{"method", "krr"}, {"folds", 2}};
  const nlohmann::ordered_json given = {{"bandwidth_grid", {0.5, 1.0}}};
  const nlohmann::ordered_json run = cv_shard_run(d, folds, settings, "train.csv", given);
  std::vector<std::string> keys;
  for (auto it = run.begin(); it != run.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"kreg_version", "data_fingerprint", "rows", "settings", "folds", "data",
                                            "given"}));
  EXPECT_EQ(run["kreg_version"], KREG_VERSION);
  EXPECT_EQ(run["rows"], 4u);
  EXPECT_EQ(run["settings"], settings);
  EXPECT_EQ(run["folds"]["k"], 2);
  EXPECT_EQ(run["folds"]["fold_of_row"], nlohmann::ordered_json({0, 1, 1, 0}));
  EXPECT_EQ(run["data"], "train.csv");
  EXPECT_EQ(run["given"], given);

  // Read back: the given settings to replay, and the data checked by their contents.
  CvShardFile file;
  file.path = "part1.csv";
  file.run = run;
  EXPECT_EQ(cv_shard_given_settings(file), given.dump());
  EXPECT_NO_THROW(check_cv_shard_data(file, d, "train.csv"));
  Dataset other = d;
  other.y(3) = 5.0;
  try {
    check_cv_shard_data(file, other, "other.csv");
    ADD_FAILURE() << "other data accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "data");
    EXPECT_STREQ(e.what(), "data: 'other.csv' is not the data the shards were computed on (its contents differ)");
  }
}

// A description without what the merge needs is refused naming the file and line 1; one from
// another version of kreg is refused before its settings are replayed.
TEST(CvShardRun, ADescriptionLackingAKeyOrFromAnotherVersionIsRefused) {
  nlohmann::ordered_json run = {{"kreg_version", KREG_VERSION},
                                {"data_fingerprint", "0123456789abcdef"},
                                {"given", nlohmann::ordered_json::object()}};
  CvShardFile file;
  file.path = "part2.csv";
  const std::vector<std::pair<std::string, std::string>> missing = {
      {"kreg_version", "part2.csv:1: the run description has no 'kreg_version'"},
      {"data_fingerprint", "part2.csv:1: the run description has no 'data_fingerprint'"},
      {"given", "part2.csv:1: the run description has no 'given' settings"}};
  for (const auto& [key, says] : missing) {
    file.run = run;
    file.run.erase(key);
    try {
      cv_shard_given_settings(file);
      ADD_FAILURE() << "accepted without " << key;
    } catch (const DataError& e) {
      EXPECT_EQ(e.what(), says);
    }
  }
  file.run = run;
  file.run["given"] = nlohmann::ordered_json::array();  // not an object
  EXPECT_THROW(cv_shard_given_settings(file), DataError);
  file.run = run;
  file.run["kreg_version"] = "0.0.1-other";
  try {
    cv_shard_given_settings(file);
    ADD_FAILURE() << "another version accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "merge");
    EXPECT_EQ(e.problem(), std::string("part2.csv was written by kreg 0.0.1-other, this is ") + KREG_VERSION +
                               ": merge with the version that computed it");
  }
}

}  // namespace
}  // namespace kreg::test
