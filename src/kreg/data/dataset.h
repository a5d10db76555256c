// Dataset: the design matrix X (n x p, one row per sample), the response y, and names; and the
// choice of target, feature and fold columns from a CSV file (SPEC §7), with what to do about
// missing values.
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

/// What to do with a row that has a missing value (empty cell or an NA marker) in a column
/// that is used.
enum class MissingPolicy {
  kError,  ///< refuse the file, naming the first missing cell (the default)
  kDrop,   ///< leave the row out (training data); predict gives it a missing prediction
};
std::string to_string(MissingPolicy policy);
/// Parses "error" | "drop"; false for anything else.
bool parse_missing_policy(const std::string& text, MissingPolicy& policy);

/// How to pick the response, the features and the fold column from a table.
struct ColumnSelection {
  std::string target;                 ///< target column name; empty = use target_index
  long target_index = 0;              ///< 1-based position; 0 = last column; negative = from the end
  std::vector<std::string> features;  ///< feature names; empty = every column but target, excluded and fold
  std::vector<std::string> excluded;  ///< columns never used as features (--exclude)
  std::string fold_column;            ///< cv: each row's fold (never a feature); empty = none
};

/// Training data read from a file, and what reading it found.
struct TrainingData {
  Dataset data;
  std::vector<double> fold_labels;    ///< one per row of data when ColumnSelection::fold_column is set
  std::size_t rows_read = 0;          ///< data rows in the file
  std::size_t rows_dropped = 0;       ///< rows left out for a missing value (MissingPolicy::kDrop)
  std::vector<std::string> warnings;  ///< e.g. a feature that looks like a row identifier
};

/// Reads training data from `path` ("-" = standard input): only the target, feature and fold
/// columns are parsed as numbers. Throws DataError naming the file when a named column is
/// missing (with the nearest name), the target is also a feature, no feature is left, or a
/// value is missing under MissingPolicy::kError (naming line, column and the option to drop).
TrainingData load_training_data(const std::string& path, const CsvFormat& format, const ColumnSelection& sel,
                                MissingPolicy missing);

/// The same selection on a table that has every column parsed (read_csv_table's default).
TrainingData training_data_from(const CsvTable& table, const ColumnSelection& sel, MissingPolicy missing);
/// training_data_from(table, sel, MissingPolicy::kError).data.
Dataset select_training_columns(const CsvTable& table, const ColumnSelection& sel);

/// Data to predict on or to validate with: the columns `feature_names` (any order in the file,
/// extra columns ignored and never parsed), plus `target_name` as y when the file has it.
struct PredictionData {
  Dataset data;                           ///< X has NaN rows where a feature is missing (kept rows)
  std::size_t rows_read = 0;              ///< data rows in the file
  std::size_t rows_dropped = 0;           ///< rows left out (keep_incomplete_rows = false)
  std::size_t rows_incomplete = 0;        ///< rows kept with a missing feature (keep_incomplete_rows)
  std::vector<long> line_numbers;         ///< the file line of each row of data
  std::vector<std::string> kept_columns;  ///< the columns asked to be kept as text, in the order asked
  std::vector<std::string> kept_text;     ///< row-major over kept_columns, one row per row of data
};
/// Throws DataError naming the first missing feature column, or a missing value under
/// MissingPolicy::kError. With kDrop, a row with a missing value is kept with NaN (predict:
/// `keep_incomplete_rows`, so that row order and count are kept) or left out (validation data).
/// `require_target`: the file must have the target column, and its values count as used;
/// otherwise a row without a target value is kept with NaN in y whatever the policy.
/// `keep`: columns (any content, an identifier) whose cells are kept as text, as read; a name
/// the file does not have is a DataError naming it, with the nearest column.
PredictionData load_prediction_data(const std::string& path, const CsvFormat& format,
                                    const std::vector<std::string>& feature_names, const std::string& target_name,
                                    MissingPolicy missing, bool keep_incomplete_rows, bool require_target,
                                    const std::vector<std::string>& keep = {});
/// The same on a table that has every column parsed; missing values are errors.
Dataset select_prediction_columns(const CsvTable& table, const std::vector<std::string>& feature_names,
                                  const std::string& target_name);

}  // namespace kreg
