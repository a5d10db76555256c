// A CSV table read for its numbers: the header's names, and the cells of the columns a caller
// asks for, as doubles. Columns nobody asked for are split but never parsed, so text in them
// is fine. Missing values (an empty cell or a marker such as NA) are read as NaN and counted;
// what to do with them is the caller's choice (dataset.h). Errors name input:line:column, and
// the separator used when the split looks wrong.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kreg/io/byte_source.h"

namespace kreg {

struct CsvFormat {
  /// 0: sniffed from the header and the first rows (separator_sniff.h; the file name, .tsv/.tab:
  /// tab, .csv: comma, breaks ties); ' ': space-aligned (a run of spaces and tabs separates).
  char separator = 0;
  /// '.' or ',': the decimal mark of the numbers ("1,5" is 1.5 with ','; then a point is not
  /// read, and the separator cannot be a comma).
  char decimal_mark = '.';
  /// Cells read as missing besides the empty cell.
  std::vector<std::string> na_values = {"NA", "NaN", "nan", "null"};
};

/// A missing cell, for messages.
struct MissingCell {
  long line = 0;
  std::size_t column = 0;  ///< 0-based table column
  std::string text;        ///< as written ("" for an empty cell)
};

struct CsvTable {
  std::string path;                 ///< how messages name the input
  char separator = ',';             ///< the separator the table was read with
  std::vector<std::string> names;   ///< header names, trimmed and unquoted, valid UTF-8
  std::vector<std::size_t> parsed;  ///< table columns read as numbers, increasing
  std::vector<double> cells;        ///< row-major over `parsed`: NaN for a missing value
  std::vector<long> line_numbers;   ///< line of each data row
  std::size_t missing_cells = 0;    ///< number of missing values among the parsed columns
  MissingCell first_missing;        ///< the first of them (when missing_cells > 0)

  std::size_t n_rows() const { return line_numbers.size(); }
  std::size_t n_cols() const { return names.size(); }
  /// The cell of table column `col` (which must be parsed) in data row `row`.
  double at(std::size_t row, std::size_t col) const {
    return cells.at(row * parsed.size() + slot_of_column.at(col));  // out_of_range for an unparsed column
  }
  /// Index of the column called `name`, or -1.
  long find(const std::string& name) const;
  /// Whether table column `col` was read as numbers.
  bool is_parsed(std::size_t col) const { return slot_of_column[col] != kNotParsed; }

  static constexpr std::size_t kNotParsed = static_cast<std::size_t>(-1);
  std::vector<std::size_t> slot_of_column;  ///< position in `parsed` of each table column, or kNotParsed

  std::vector<std::size_t> text_columns;  ///< table columns also kept as text (any content)
  std::vector<std::string> text_cells;    ///< row-major over text_columns: each cell as read (unquoted, trimmed)
  /// The text of the k-th of text_columns in data row `row`.
  const std::string& text_at(std::size_t row, std::size_t k) const {
    return text_cells.at(row * text_columns.size() + k);
  }
};

/// Chooses, from the header's names, the table columns to read as numbers (any order, no
/// repeats); may throw DataError (a column that does not exist). Empty function: all columns.
using ColumnChooser = std::function<std::vector<std::size_t>(const std::vector<std::string>& names)>;
/// Advice appended to the error for a cell that is not a number in table column `column`
/// (" (leave it out with --exclude NAME)"), or "". Empty function: none.
using TextCellHint = std::function<std::string(std::size_t column)>;

/// Reads `path` ("-" = standard input; gzip data is decompressed). Throws DataError for: an
/// unreadable or empty input, a UTF-16 file, a header without data rows, empty, duplicate or
/// non-UTF-8 column names, a row whose field count differs from the header's, and, in the
/// parsed columns, a cell that is not a number, not finite ("inf") or out of range ("1e999");
/// plus what CsvRecords refuses (NUL bytes, broken quotes). Numbers too small for a double
/// ("1e-400") read as 0, as numpy and R read them. The field-count error, and the errors of
/// `choose` and of cells when the split looks wrong (one column, or a column name holding
/// another separator), say which separator was used and which --sep looks right. ConfigError
/// (key "decimal") for a comma as both separator and decimal mark. `keep_text` chooses the
/// columns whose cells are also kept as text (text_cells), whatever they hold; an empty
/// function keeps none.
CsvTable read_csv_table(const std::string& path, const CsvFormat& format = {}, const ColumnChooser& choose = {},
                        const TextCellHint& hint = {}, const ColumnChooser& keep_text = {});
/// The same from any byte source (tests, fuzzing); `name_hint` breaks separator ties as a
/// path would.
CsvTable read_csv_table(std::unique_ptr<ByteSource> source, const std::string& name_hint, const CsvFormat& format,
                        const ColumnChooser& choose = {}, const TextCellHint& hint = {},
                        const ColumnChooser& keep_text = {});

/// Parses a `--sep` value: a single character, or tab, comma, semicolon, pipe, space (' ':
/// space-aligned), or "auto" (0). False for anything else.
bool parse_separator(const std::string& text, char& separator);

}  // namespace kreg
