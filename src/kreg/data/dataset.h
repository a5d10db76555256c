// Dataset: the design matrix X (n x p, one row per sample), the response y, and names;
// and the selection of target and feature columns from a CsvTable (SPEC §7).
#pragma once

#include <armadillo>
#include <string>
#include <vector>

#include "kreg/data/csv_table.h"

namespace kreg {

struct Dataset {
  arma::mat X;                             ///< n x p, rows are samples
  arma::vec y;                             ///< n responses (empty when there is no target)
  std::vector<std::string> feature_names;  ///< p names, in the order of X's columns
  std::string target_name;                 ///< empty when there is no target
  std::string source;                      ///< file the data came from

  arma::uword n() const { return X.n_rows; }
  arma::uword p() const { return X.n_cols; }
  bool has_target() const { return !target_name.empty(); }
};

/// How to pick the response and the features from a table.
struct ColumnSelection {
  std::string target;                 ///< target column name; empty = use target_index
  long target_index = 0;              ///< 1-based position; 0 = last column; negative = from the end
  std::vector<std::string> features;  ///< feature names; empty = every column but target (and excluded)
  std::vector<std::string> excluded;  ///< columns never used as features (e.g. a fold column)
};

/// Training data: target and features by `sel`. Throws DataError naming the file when a
/// named column is missing, the target is also listed as a feature, or no feature is left.
Dataset select_training_columns(const CsvTable& table, const ColumnSelection& sel);

/// Data to predict on: the columns `feature_names` (any order in the file, extra columns
/// ignored), plus `target_name` as y when the file has it. Throws DataError naming the
/// first missing feature.
Dataset select_prediction_columns(const CsvTable& table, const std::vector<std::string>& feature_names,
                                  const std::string& target_name);

}  // namespace kreg
