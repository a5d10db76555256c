// The options that say how to read data files: --data, --target, --target-index, --features,
// --exclude (training data) and --sep, --decimal, --missing, --na-values (every data file).
#pragma once

#include <string>
#include <vector>

#include "command.h"
#include "kreg/data/dataset.h"
#include "option_set.h"

namespace kreg::cli {

/// How a CSV file is read: separator, decimal mark, missing-value markers and what to do
/// about them.
struct ReadOptions {
  std::string sep = "auto";       ///< auto | tab | comma | semicolon | pipe | space | one character
  std::string decimal = "point";  ///< point | comma
  std::string missing = "error";  ///< error | drop
  std::vector<std::string> na_values = {"NA", "NaN", "nan", "null"};

  void register_on(OptionSet& options, bool for_predict = false);
  CsvFormat format(const OptionSet& options) const;
  MissingPolicy policy(const OptionSet& options) const;
};

struct DataOptions {
  std::string data;                   ///< CSV file (required; - = standard input)
  std::string target;                 ///< target column name; empty = --target-index
  long target_index = 0;              ///< 1-based position, negative from the end, 0 = last
  std::vector<std::string> features;  ///< feature columns; empty = all but the target
  std::vector<std::string> exclude;   ///< columns never used as features
  ReadOptions read;
  std::vector<std::string> keys;  ///< the config keys register_on added

  void register_on(OptionSet& options);
  /// Reads the training data; `fold_column` (cv) is parsed and returned, never a feature.
  /// Warnings (an identifier-like feature) and dropped rows are reported on io.
  TrainingData load(const OptionSet& options, Streams& io, const std::string& fold_column = "") const;
  /// Reads validation data from `path` with the columns of `train` (rows with a missing
  /// value are refused or left out, as --missing says).
  Dataset load_validation(const OptionSet& options, Streams& io, const std::string& path, const Dataset& train) const;
  /// The options above that were given (command line or config), --data aside, under their
  /// config keys: what a config needs to read the same columns of the same file.
  nlohmann::ordered_json given_config(const OptionSet& options) const;
};

}  // namespace kreg::cli
