// Shard files of a cross-validation run split across processes (`kreg cv --shard I/N`), and
// putting them back together (`kreg cv --merge`).
//
// A shard file is a CSV that pandas and R read with comment = "#":
//   # kreg cv shard 2/3 {"kreg_version": ..., "tasks": ..., "rows": ..., "data_fingerprint": ...,
//   #                    "settings": {...}, "folds": {"k": ..., "fold_of_row": [...]}, ...}
//   kernel_index,fold,grid_index,mse,r2,score,unfinished,unbounded,t
//   0,1,0,0.123...,0.87...,0.123...,0,0,
// (score: the run's --score, which the run's settings name; equal to mse for mse)
// one row per (kernel grid point, fold, grid value) the shard computed, every number with the
// digits that read back to the same bits, so that the merged run is bit for bit the run made in
// one process. The first line's JSON ("the run") identifies the run: shards merge only when
// their runs are equal in everything but the shard number.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kreg/select/cv.h"

namespace kreg {

/// One shard file as read.
struct CvShardFile {
  std::string path;
  CvShard shard;
  nlohmann::ordered_json run;  ///< the run's identity, without the shard number
  CvScores scores;             ///< slots of the whole run; `filled` marks this shard's
};

/// The text of the shard file of `shard`, whose tasks computed `scores` (compute_cv_scores).
std::string cv_shard_text(const CvShard& shard, const nlohmann::ordered_json& run, const CvScores& scores);

/// Reads a shard file. DataError naming the file (and line) when it is not one.
CvShardFile read_cv_shard(const std::string& path);

/// The scores of the whole run from its shard files, in any order. ConfigError (exit 2) when a
/// shard is missing or given twice, when a file belongs to another run (naming the first setting
/// that differs), or when the shards do not cover every task exactly once.
CvScores merge_cv_shards(const std::vector<CvShardFile>& shards);

/// Parses "I/N" (1 <= I <= N). ConfigError with key "shard" otherwise.
CvShard parse_cv_shard(const std::string& text);

}  // namespace kreg
