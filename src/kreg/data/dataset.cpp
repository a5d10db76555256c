// Column selection: the only place that maps CSV column names to the rows x features layout.
#include "kreg/data/dataset.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "kreg/core/errors.h"
#include "kreg/core/suggest.h"

namespace kreg {

std::string to_string(MissingPolicy policy) { return policy == MissingPolicy::kDrop ? "drop" : "error"; }

bool parse_missing_policy(const std::string& text, MissingPolicy& policy) {
  if (text == "error")
    policy = MissingPolicy::kError;
  else if (text == "drop")
    policy = MissingPolicy::kDrop;
  else
    return false;
  return true;
}

namespace {

std::string column_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < 12; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > 12) out += ", ...";
  return out;
}

std::size_t require_column(const std::vector<std::string>& names, const std::string& name, const std::string& role,
                           const std::string& source) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  const bool looks_like_position =
      !name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
  const std::string hint = looks_like_position && role == "target" ? "; by position: --target-index " + name : "";
  throw DataError(source + ": no " + role + " column named '" + name + "'" + did_you_mean(name, names) +
                  " (columns: " + column_list(names) + ")" + hint);
}

struct ChosenColumns {
  std::size_t target = 0;
  std::vector<std::size_t> features;
  long fold = -1;
  bool features_by_default = true;
};

ChosenColumns choose_training_columns(const std::vector<std::string>& names, const ColumnSelection& sel,
                                      const std::string& source) {
  ChosenColumns chosen;
  const long n_cols = static_cast<long>(names.size());
  if (!sel.target.empty()) {
    chosen.target = require_column(names, sel.target, "target", source);
  } else {
    long pos = sel.target_index == 0 ? n_cols : sel.target_index;
    if (pos < 0) pos = n_cols + 1 + pos;
    if (pos < 1 || pos > n_cols)
      throw DataError(source + ": target position " + std::to_string(sel.target_index) + " is outside 1.." +
                      std::to_string(n_cols));
    chosen.target = static_cast<std::size_t>(pos - 1);
  }
  const std::string& target_name = names[chosen.target];
  if (!sel.fold_column.empty()) {
    chosen.fold = static_cast<long>(require_column(names, sel.fold_column, "fold", source));
    if (static_cast<std::size_t>(chosen.fold) == chosen.target)
      throw DataError(source + ": column '" + target_name + "' cannot be both the target and the fold column");
  }
  for (const auto& name : sel.excluded) {
    const std::size_t c = require_column(names, name, "excluded", source);
    if (c == chosen.target) throw DataError(source + ": column '" + name + "' is the target; it cannot be excluded");
    if (std::find(sel.features.begin(), sel.features.end(), name) != sel.features.end())
      throw DataError(source + ": column '" + name + "' is both a listed feature and excluded");
  }
  chosen.features_by_default = sel.features.empty();
  if (!sel.features.empty()) {
    for (const auto& name : sel.features) {
      const std::size_t c = require_column(names, name, "feature", source);
      if (c == chosen.target) throw DataError(source + ": column '" + name + "' is both the target and a feature");
      if (static_cast<long>(c) == chosen.fold)
        throw DataError(source + ": column '" + name + "' is the fold column; it cannot be a feature");
      if (std::find(chosen.features.begin(), chosen.features.end(), c) != chosen.features.end())
        throw DataError(source + ": feature '" + name + "' is listed twice");
      chosen.features.push_back(c);
    }
  } else {
    for (std::size_t c = 0; c < names.size(); ++c) {
      const bool excluded = std::find(sel.excluded.begin(), sel.excluded.end(), names[c]) != sel.excluded.end();
      if (c != chosen.target && static_cast<long>(c) != chosen.fold && !excluded) chosen.features.push_back(c);
    }
  }
  if (chosen.features.empty())
    throw DataError(source + ": no feature columns left besides the target '" + target_name + "'");
  return chosen;
}

std::vector<std::size_t> sorted_unique(std::vector<std::size_t> cols) {
  std::sort(cols.begin(), cols.end());
  cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
  return cols;
}

// The error for the first missing value among `cols` in row `row`.
[[noreturn]] void missing_value_error(const CsvTable& table, std::size_t row, const std::vector<std::size_t>& cols) {
  std::size_t col = cols.front();
  for (const std::size_t c : cols)
    if (std::isnan(table.at(row, c))) {
      col = c;
      break;
    }
  const long line = table.line_numbers[row];
  const bool known = table.first_missing.line == line && table.first_missing.column == col;
  const std::string what =
      known && !table.first_missing.text.empty() ? "missing value '" + table.first_missing.text + "'" : "empty cell";
  throw DataError(table.path + ":" + std::to_string(line) + ":" + std::to_string(col + 1) + ": column '" +
                  table.names[col] + "': " + what + " (to leave out rows with missing values: --missing drop)");
}

bool row_complete(const CsvTable& table, std::size_t row, const std::vector<std::size_t>& cols) {
  for (const std::size_t c : cols)
    if (std::isnan(table.at(row, c))) return false;
  return true;
}

// The rows `rows` of the table's columns `cols` as a matrix; DataError when no row is left.
arma::mat gather_rows(const CsvTable& table, const std::vector<std::size_t>& rows,
                      const std::vector<std::size_t>& cols) {
  if (rows.empty())
    throw DataError(table.path + ": every one of the " + std::to_string(table.n_rows()) +
                    " rows has a missing value in a column that is used");
  arma::mat X(rows.size(), cols.size());
  for (std::size_t j = 0; j < cols.size(); ++j)
    for (std::size_t r = 0; r < rows.size(); ++r) X(r, j) = table.at(rows[r], cols[j]);
  return X;
}

// A row identifier: distinct whole numbers that either count up through the rows or fill a
// range of consecutive numbers (1..n in some order). Distinct whole numbers alone are not
// enough: ages or years in a small file often are.
bool looks_like_identifier(const arma::vec& v) {
  if (v.n_elem < 10) return false;
  std::unordered_set<double> seen;
  bool increasing = true;
  for (arma::uword i = 0; i < v.n_elem; ++i) {
    if (v[i] != std::floor(v[i]) || !seen.insert(v[i]).second) return false;
    if (i > 0 && v[i] <= v[i - 1]) increasing = false;
  }
  return increasing || v.max() - v.min() + 1.0 == static_cast<double>(v.n_elem);
}

TrainingData gather_training(const CsvTable& table, const ChosenColumns& chosen, MissingPolicy missing) {
  std::vector<std::size_t> used = chosen.features;
  used.push_back(chosen.target);
  if (chosen.fold >= 0) used.push_back(static_cast<std::size_t>(chosen.fold));
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < table.n_rows(); ++i) {
    if (row_complete(table, i, used))
      rows.push_back(i);
    else if (missing == MissingPolicy::kError)
      missing_value_error(table, i, used);
  }
  TrainingData out;
  out.rows_read = table.n_rows();
  out.rows_dropped = table.n_rows() - rows.size();
  Dataset& d = out.data;
  d.source = table.path;
  d.X = gather_rows(table, rows, chosen.features);
  d.y = gather_rows(table, rows, {chosen.target});
  if (chosen.fold >= 0)
    for (const std::size_t r : rows) out.fold_labels.push_back(table.at(r, static_cast<std::size_t>(chosen.fold)));
  d.target_name = table.names[chosen.target];
  for (const std::size_t c : chosen.features) d.feature_names.push_back(table.names[c]);
  if (chosen.features_by_default)
    for (std::size_t j = 0; j < chosen.features.size(); ++j)
      if (looks_like_identifier(d.X.col(j)))
        out.warnings.push_back(table.path + ": column '" + d.feature_names[j] +
                               "' holds a different whole number in every row, like a row identifier, and is used as "
                               "a feature (leave it out with --exclude " +
                               d.feature_names[j] + ", or list the features with --features)");
  return out;
}

// A column name as the shell takes it: in single quotes unless it is plain.
std::string shell_word(const std::string& name) {
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  });
  if (plain) return name;
  std::string quoted = "'";
  for (const char c : name) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

TrainingData load_training_data(const std::string& path, const CsvFormat& format, const ColumnSelection& sel,
                                MissingPolicy missing) {
  ChosenColumns chosen;
  std::vector<std::string> names;
  const std::string source = input_name(path);
  const auto choose = [&](const std::vector<std::string>& header) {
    names = header;
    chosen = choose_training_columns(header, sel, source);
    std::vector<std::size_t> cols = chosen.features;
    cols.push_back(chosen.target);
    if (chosen.fold >= 0) cols.push_back(static_cast<std::size_t>(chosen.fold));
    return sorted_unique(cols);
  };
  // Text in a feature column: an identifier, a category, a date. Say how to leave it out.
  const auto text_hint = [&](std::size_t column) -> std::string {
    if (std::find(chosen.features.begin(), chosen.features.end(), column) == chosen.features.end()) return "";
    if (!chosen.features_by_default) return " (a text column? leave it out of --features)";
    return " (a text column? leave it out with --exclude " + shell_word(names[column]) + ")";
  };
  const CsvTable table = read_csv_table(path, format, choose, text_hint);
  return gather_training(table, chosen, missing);
}

TrainingData training_data_from(const CsvTable& table, const ColumnSelection& sel, MissingPolicy missing) {
  return gather_training(table, choose_training_columns(table.names, sel, table.path), missing);
}

Dataset select_training_columns(const CsvTable& table, const ColumnSelection& sel) {
  return training_data_from(table, sel, MissingPolicy::kError).data;
}

namespace {

struct PredictionColumns {
  std::vector<std::size_t> features;
  long target = -1;
};

PredictionColumns choose_prediction_columns(const std::vector<std::string>& names,
                                            const std::vector<std::string>& feature_names,
                                            const std::string& target_name, const std::string& source) {
  PredictionColumns chosen;
  // Column positions by name, hashed: linear in the number of features (the header's names
  // are distinct; read_csv_table refuses repeats).
  std::unordered_map<std::string, std::size_t> position;
  position.reserve(names.size());
  for (std::size_t c = 0; c < names.size(); ++c) position.emplace(names[c], c);
  for (const auto& name : feature_names) {
    const auto it = position.find(name);
    if (it == position.end())
      throw DataError(source + ": missing feature column '" + name + "' that the model was trained on" +
                      did_you_mean(name, names) + " (columns: " + column_list(names) + ")");
    chosen.features.push_back(it->second);
  }
  const auto t = target_name.empty() ? names.end() : std::find(names.begin(), names.end(), target_name);
  if (t != names.end()) chosen.target = static_cast<long>(t - names.begin());
  return chosen;
}

PredictionData gather_prediction(const CsvTable& table, const PredictionColumns& chosen,
                                 const std::vector<std::string>& feature_names, MissingPolicy missing,
                                 bool keep_incomplete_rows, bool require_target) {
  // A target value is needed only to validate with; to predict, a row without one is fine
  // (it just does not count in the metrics).
  std::vector<std::size_t> used = chosen.features;
  if (require_target && chosen.target >= 0) used.push_back(static_cast<std::size_t>(chosen.target));
  std::vector<std::size_t> rows;
  PredictionData out;
  out.rows_read = table.n_rows();
  for (std::size_t i = 0; i < table.n_rows(); ++i) {
    if (row_complete(table, i, used)) {
      rows.push_back(i);
    } else if (missing == MissingPolicy::kError) {
      missing_value_error(table, i, used);
    } else if (keep_incomplete_rows) {
      rows.push_back(i);
      ++out.rows_incomplete;
    }
  }
  out.rows_dropped = table.n_rows() - rows.size();
  Dataset& d = out.data;
  d.source = table.path;
  d.X = gather_rows(table, rows, chosen.features);
  d.feature_names = feature_names;
  if (chosen.target >= 0) {
    d.y = gather_rows(table, rows, {static_cast<std::size_t>(chosen.target)});
    d.target_name = table.names[static_cast<std::size_t>(chosen.target)];
  }
  for (const std::size_t i : rows) out.line_numbers.push_back(table.line_numbers[i]);
  for (const std::size_t c : table.text_columns) out.kept_columns.push_back(table.names[c]);
  for (const std::size_t i : rows)
    for (std::size_t k = 0; k < table.text_columns.size(); ++k) out.kept_text.push_back(table.text_at(i, k));
  return out;
}

// The table columns of `keep`, in its order; DataError for a name the file does not have.
std::vector<std::size_t> kept_columns(const std::vector<std::string>& names, const std::vector<std::string>& keep,
                                      const std::string& source) {
  std::vector<std::size_t> cols;
  for (const auto& name : keep) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end())
      throw DataError(source + ": no column '" + name + "' to keep" + did_you_mean(name, names) +
                      " (columns: " + column_list(names) + ")");
    cols.push_back(static_cast<std::size_t>(it - names.begin()));
  }
  return cols;
}

}  // namespace

PredictionData load_prediction_data(const std::string& path, const CsvFormat& format,
                                    const std::vector<std::string>& feature_names, const std::string& target_name,
                                    MissingPolicy missing, bool keep_incomplete_rows, bool require_target,
                                    const std::vector<std::string>& keep) {
  PredictionColumns chosen;
  const std::string source = input_name(path);
  const auto keep_text = [&](const std::vector<std::string>& names) { return kept_columns(names, keep, source); };
  const CsvTable table = read_csv_table(
      path, format,
      [&](const std::vector<std::string>& names) {
        chosen = choose_prediction_columns(names, feature_names, target_name, source);
        if (require_target && chosen.target < 0)
          throw DataError(source + ": no target column '" + target_name + "'" + did_you_mean(target_name, names));
        std::vector<std::size_t> cols = chosen.features;
        if (chosen.target >= 0) cols.push_back(static_cast<std::size_t>(chosen.target));
        return sorted_unique(cols);
      },
      {}, keep_text);
  return gather_prediction(table, chosen, feature_names, missing, keep_incomplete_rows, require_target);
}

Dataset select_prediction_columns(const CsvTable& table, const std::vector<std::string>& feature_names,
                                  const std::string& target_name) {
  const PredictionColumns chosen = choose_prediction_columns(table.names, feature_names, target_name, table.path);
  return gather_prediction(table, chosen, feature_names, MissingPolicy::kError, false, false).data;
}

}  // namespace kreg
