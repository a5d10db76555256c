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

}  // namespace
}  // namespace kreg::test
