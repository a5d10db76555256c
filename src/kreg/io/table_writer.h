// CSV tables for results: a header and rows of numbers (17 significant digits; NaN and
// "not applicable" become empty fields, which pandas and R read as missing).
#pragma once

#include <string>
#include <vector>

namespace kreg {

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
