// A numeric CSV table read from disk: header names plus a row-major block of doubles.
// Reading is strict: every cell must be a finite number; errors name file:line:column.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace kreg {

/// A parsed CSV file. `cells` is row-major: cells[r * names.size() + c].
struct CsvTable {
  std::string path;                ///< file the table came from (used in messages)
  std::vector<std::string> names;  ///< header names, trimmed and unquoted
  std::vector<double> cells;       ///< row-major values
  std::vector<long> line_numbers;  ///< 1-based file line of each data row

  std::size_t n_rows() const { return names.empty() ? 0 : cells.size() / names.size(); }
  std::size_t n_cols() const { return names.size(); }
  double at(std::size_t row, std::size_t col) const { return cells[row * names.size() + col]; }
  /// Index of the column called `name`, or -1.
  long find(const std::string& name) const;
};

/// Reads `path`. Handles a UTF-8 BOM, CRLF or LF line ends, double-quoted fields with ""
/// escapes, and spaces around fields; skips blank lines. Throws DataError for: a missing or
/// empty file, a header without data rows, duplicate or empty column names, a row whose
/// field count differs from the header's, and a cell that is empty, not a number, or not
/// finite ("nan", "inf"). Messages have the form `path:line:column: ...`.
/// `empty_as_nan` reads empty cells as NaN instead (for kreg's own result tables, whose
/// "not applicable" cells are empty).
CsvTable read_csv_table(const std::string& path, bool empty_as_nan = false);

/// Splits one CSV line into trimmed, unquoted fields. `where` prefixes error messages
/// (e.g. "data.csv:12"). Exposed for tests.
std::vector<std::string> split_csv_line(const char* line, const std::string& where);

/// Parses a finite double from the whole of `text` (already trimmed); false otherwise.
bool parse_finite_double(const std::string& text, double& value);

}  // namespace kreg
