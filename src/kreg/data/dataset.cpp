// Column selection: the only place that maps CSV column names to the rows x features layout.
#include "kreg/data/dataset.h"

#include <algorithm>

#include "kreg/core/errors.h"

namespace kreg {

namespace {

std::string column_list(const CsvTable& table) {
  std::string out;
  for (std::size_t i = 0; i < table.names.size() && i < 12; ++i) out += (i ? ", " : "") + table.names[i];
  if (table.names.size() > 12) out += ", ...";
  return out;
}

std::size_t require_column(const CsvTable& table, const std::string& name, const std::string& role) {
  const long idx = table.find(name);
  if (idx < 0) {
    const bool looks_like_position =
        !name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
    const std::string hint = looks_like_position && role == "target" ? "; by position: --target-index " + name : "";
    throw DataError(table.path + ": no " + role + " column named '" + name + "' (columns: " + column_list(table) + ")" +
                    hint);
  }
  return static_cast<std::size_t>(idx);
}

arma::mat gather(const CsvTable& table, const std::vector<std::size_t>& cols) {
  const std::size_t n = table.n_rows();
  arma::mat X(n, cols.size());
  for (std::size_t j = 0; j < cols.size(); ++j)
    for (std::size_t i = 0; i < n; ++i) X(i, j) = table.at(i, cols[j]);
  return X;
}

arma::vec gather_column(const CsvTable& table, std::size_t col) {
  arma::vec v(table.n_rows());
  for (std::size_t i = 0; i < table.n_rows(); ++i) v(i) = table.at(i, col);
  return v;
}

}  // namespace

Dataset select_training_columns(const CsvTable& table, const ColumnSelection& sel) {
  const long n_cols = static_cast<long>(table.n_cols());
  std::size_t target_col = 0;
  if (!sel.target.empty()) {
    target_col = require_column(table, sel.target, "target");
  } else {
    long pos = sel.target_index == 0 ? n_cols : sel.target_index;
    if (pos < 0) pos = n_cols + 1 + pos;
    if (pos < 1 || pos > n_cols)
      throw DataError(table.path + ": target position " + std::to_string(sel.target_index) + " is outside 1.." +
                      std::to_string(n_cols));
    target_col = static_cast<std::size_t>(pos - 1);
  }
  std::vector<std::size_t> feature_cols;
  if (!sel.features.empty()) {
    for (const auto& name : sel.features) {
      const std::size_t c = require_column(table, name, "feature");
      if (c == target_col) throw DataError(table.path + ": column '" + name + "' is both the target and a feature");
      if (std::find(feature_cols.begin(), feature_cols.end(), c) != feature_cols.end())
        throw DataError(table.path + ": feature '" + name + "' is listed twice");
      feature_cols.push_back(c);
    }
  } else {
    for (const auto& name : sel.excluded) require_column(table, name, "excluded");
    for (std::size_t c = 0; c < table.n_cols(); ++c) {
      const bool excluded = std::find(sel.excluded.begin(), sel.excluded.end(), table.names[c]) != sel.excluded.end();
      if (c != target_col && !excluded) feature_cols.push_back(c);
    }
  }
  if (feature_cols.empty())
    throw DataError(table.path + ": no feature columns left besides the target '" + table.names[target_col] + "'");

  Dataset data;
  data.source = table.path;
  data.X = gather(table, feature_cols);
  data.y = gather_column(table, target_col);
  data.target_name = table.names[target_col];
  for (std::size_t c : feature_cols) data.feature_names.push_back(table.names[c]);
  return data;
}

Dataset select_prediction_columns(const CsvTable& table, const std::vector<std::string>& feature_names,
                                  const std::string& target_name) {
  std::vector<std::size_t> cols;
  for (const auto& name : feature_names) {
    const long idx = table.find(name);
    if (idx < 0)
      throw DataError(table.path + ": missing feature column '" + name +
                      "' that the model was trained on (columns: " + column_list(table) + ")");
    cols.push_back(static_cast<std::size_t>(idx));
  }
  Dataset data;
  data.source = table.path;
  data.X = gather(table, cols);
  data.feature_names = feature_names;
  const long t = target_name.empty() ? -1 : table.find(target_name);
  if (t >= 0) {
    data.y = gather_column(table, static_cast<std::size_t>(t));
    data.target_name = target_name;
  }
  return data;
}

}  // namespace kreg
