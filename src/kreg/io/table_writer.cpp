// CSV text assembly.
#include "kreg/io/table_writer.h"

#include <stdexcept>

namespace kreg {

std::string csv_field(const std::string& text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  const bool quote = text.find_first_of(",\"\r\n") != std::string::npos ||
                     (!text.empty() && (blank(text.front()) || blank(text.back())));
  if (!quote) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

TableWriter::TableWriter(std::vector<std::string> columns) : n_columns_(columns.size()) {
  for (std::size_t i = 0; i < columns.size(); ++i) text_ += (i ? "," : "") + columns[i];
  text_ += "\n";
}

void TableWriter::add_row(const std::vector<std::string>& cells) {
  if (cells.size() != n_columns_) throw std::logic_error("TableWriter: row has the wrong number of cells");
  for (std::size_t i = 0; i < cells.size(); ++i) text_ += (i ? "," : "") + cells[i];
  text_ += "\n";
}

}  // namespace kreg
