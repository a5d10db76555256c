// CSV tables for results: a header and rows of numbers (17 significant digits; NaN and
// "not applicable" become empty fields, which pandas and R read as missing).
#pragma once

#include <string>
#include <vector>

namespace kreg {

/// A text cell as a CSV field (RFC 4180): in double quotes, with each quote doubled, when it
/// holds a comma, a quote or a line break or begins or ends with a space or tab (which readers
/// trim); as it is otherwise.
std::string csv_field(const std::string& text);

class TableWriter {
 public:
  explicit TableWriter(std::vector<std::string> columns);
  /// Appends a row; `cells` are already formatted (use kreg::format_double for numbers).
  void add_row(const std::vector<std::string>& cells);
  const std::string& text() const { return text_; }

 private:
  std::size_t n_columns_;
  std::string text_;
};

}  // namespace kreg
