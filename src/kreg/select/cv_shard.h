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

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/folds.h"
#include "kreg/select/cv.h"

namespace kreg {

/// One shard file as read.
struct CvShardFile {
  std::string path;
  CvShard shard;
  nlohmann::ordered_json run;  ///< the run's identity, without the shard number
  /// The run's counts (CvScores): its tasks, slots, folds k and grid values per slot.
  std::size_t tasks = 0, slots = 0, grid_values = 0;
  int folds = 0;
  /// The slots this shard computed, by slot (only those: the run's slots are allocated by the
  /// merge, once the counts are checked against the run's settings).
  std::map<std::size_t, CvFoldScores> computed;
};

/// The run description (the first line's JSON, to which cv_shard_text adds the counts): this
/// kreg's version, the data's fingerprint and rows, `settings` (every setting of the run that
/// is not an output, a thread count or a message option), the folds, the data file's name
/// `data_path`, and `given`: the settings given, which a merge replays (with the grids taken
/// from the data among them, so that the merge needs no data).
nlohmann::ordered_json cv_shard_run(const Dataset& data, const Folds& folds, const nlohmann::ordered_json& settings,
                                    const std::string& data_path, const nlohmann::ordered_json& given);

/// The text of the shard file of `shard`, whose tasks computed `scores` (compute_cv_scores).
std::string cv_shard_text(const CvShard& shard, const nlohmann::ordered_json& run, const CvScores& scores);

/// Reads a shard file, checking every number in it against what a run can have written: the
/// counts of the first line (tasks, slots, k, grid values), and in each row
/// the indices, the MSE and the score (>= 0, or nan and inf for a fit that broke down, with a
/// non-finite R2 then), R2 (<= 1, or nan, -inf), the flags and t; with the MSE as the score, the
/// score equals the MSE. The file is read a line at a time: a NUL or control byte, a row longer
/// than 4 KiB or a first line longer than 256 MiB is refused at once. DataError (exit 2) naming
/// the file, line and column (the field's number and name) otherwise.
CvShardFile read_cv_shard(const std::string& path);

/// The folds of the run, from its description ("folds": {"k", "fold_of_row"} and "rows"):
/// DataError naming the file unless there are k folds, one per row, each from 0 to k - 1, and
/// every fold has rows.
Folds cv_shard_folds(const CvShardFile& shard);

/// ConfigError (exit 2) naming the file when its counts are not those of a run with `settings`
/// (cv_kernel_grid(settings) points x k slots, the regulariser grid's values): called before the
/// merge allocates the run's slots.
void check_cv_shard_counts(const CvShardFile& shard, const CvSettings& settings);

/// The scores of the whole run from its shard files, in any order. ConfigError (exit 2) when a
/// shard is missing or given twice, when a file belongs to another run (naming the first setting
/// that differs), or when the shards do not cover every task exactly once.
CvScores merge_cv_shards(const std::vector<CvShardFile>& shards);

/// The settings given to the run of `shard` as JSON text, for the merge to replay as a config.
/// DataError naming the file (line 1) unless its run description has the kreg version, the
/// data's fingerprint and the given settings; ConfigError ("merge") when another version of
/// kreg wrote it.
std::string cv_shard_given_settings(const CvShardFile& shard);

/// ConfigError ("data") unless `data` is the data the run of `shard` was computed on (its
/// contents, by data_fingerprint); `data_path` names it in the message.
void check_cv_shard_data(const CvShardFile& shard, const Dataset& data, const std::string& data_path);

/// Parses "I/N" (1 <= I <= N). ConfigError with key "shard" otherwise.
CvShard parse_cv_shard(const std::string& text);

}  // namespace kreg
