// The options that choose training data: --data, --target, --target-index, --features.
#pragma once

#include <string>
#include <vector>

#include "kreg/data/dataset.h"
#include "option_set.h"

namespace kreg::cli {

struct DataOptions {
  std::string data;                   ///< CSV file (required)
  std::string target;                 ///< target column name; empty = --target-index
  long target_index = 0;              ///< 1-based position, negative from the end, 0 = last
  std::vector<std::string> features;  ///< feature columns; empty = all but the target

  void register_on(OptionSet& options);
  /// Reads the CSV and selects columns; DataError names file:line:column.
  Dataset load(const OptionSet& options) const;
};

}  // namespace kreg::cli
