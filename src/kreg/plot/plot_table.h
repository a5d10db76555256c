// A table written by kreg, read for a picture: which kind it is (recognised from the header
// kreg writes, or named), and its numeric columns.
//   cv           mean_mse and se_mse        (kreg cv --output)
//   path         train_mse and df           (kreg path --output)
//   loo          loo_mse and gcv            (kreg loo --output)
//   predictions  prediction                 (kreg predict --output)
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kreg/io/byte_source.h"

namespace kreg {

enum class PlotKind { kCv, kPath, kLoo, kPredictions };

/// "cv", "path", "loo", "predictions".
const char* plot_kind_name(PlotKind kind);
/// The kind named `text`; nullopt for another word.
std::optional<PlotKind> parse_plot_kind(const std::string& text);
/// The kind whose columns the header has (first match in the order above); nullopt for none.
std::optional<PlotKind> recognise_plot_kind(const std::vector<std::string>& names);
/// The columns a table of `kind` must have.
std::vector<std::string> required_columns(PlotKind kind);

struct PlotTable {
  std::string name;                ///< how messages name the table (its path)
  PlotKind kind = PlotKind::kCv;
  std::vector<std::string> names;  ///< the header, in order
  std::map<std::string, std::vector<double>> columns;  ///< the columns read as numbers (NaN: empty cell)
  std::map<std::string, std::vector<std::string>> text;  ///< predictions: the other columns, as written
  std::vector<long> lines;         ///< file line of each row

  std::size_t rows() const { return lines.size(); }
  bool has(const std::string& column) const { return columns.count(column) > 0; }
  /// The column, which must have been read (std::out_of_range otherwise).
  const std::vector<double>& operator[](const std::string& column) const { return columns.at(column); }
  /// Position of `column` in the header, or -1.
  long position(const std::string& column) const;
  /// A text column read as numbers: an empty cell or NA is NaN; DataError naming the line and
  /// column for a cell that is not a finite number.
  std::vector<double> numbers_of(const std::string& column) const;
};

/// Reads `source` as a table of `kind` (nullopt: recognised from the header). Columns read as
/// numbers: every column for cv, path and loo; for predictions, prediction, std, lower and
/// upper, the others kept as text (columns kept by kreg predict --keep may hold anything);
/// `target`, when not empty, must be one of them. DataError, naming the table, for
/// a table kreg does not write (listing the kinds and their columns), a named kind whose
/// columns are missing, a table without rows, and what read_csv_table refuses (a cell that is
/// not a number, "inf", a short row, ...: with its line and column).
PlotTable read_plot_table(std::unique_ptr<ByteSource> source, const std::string& name,
                          std::optional<PlotKind> kind, const std::string& target = "");

/// The columns of a predictions table that are not kreg's own (prediction, std, lower, upper).
std::vector<std::string> kept_columns(const PlotTable& table);

}  // namespace kreg
