// Header checks, the choice of columns, and the numbers of the chosen ones.
#include "kreg/data/csv_table.h"

#include <cmath>
#include <cstdlib>
#include <set>

#include "kreg/core/errors.h"
#include "kreg/core/number_parse.h"
#include "kreg/core/utf8.h"
#include "kreg/data/csv_records.h"

namespace kreg {

namespace {

// Shortens a cell for an error message so that one bad line cannot flood the terminal, and
// shows bytes that are not printable as \xHH.
std::string shown(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < 40; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return text.size() <= 40 ? out : out + "...";
}

enum class Cell { kNumber, kMissing, kNotANumber, kNonFinite, kOutOfRange };

Cell parse_cell(const std::string& text, const std::vector<std::string>& na_values, double& value) {
  if (text.empty()) return Cell::kMissing;
  for (const auto& na : na_values)
    if (text == na) return Cell::kMissing;
  switch (parse_number(text.data(), text.data() + text.size(), value)) {
    case NumberText::kNumber:
      return Cell::kNumber;
    case NumberText::kNonFinite:
      return Cell::kNonFinite;
    case NumberText::kOutOfRange:
      return Cell::kOutOfRange;
    case NumberText::kNotANumber:
      break;
  }
  return Cell::kNotANumber;
}

void check_names(const std::vector<std::string>& names, const std::string& where) {
  std::set<std::string> seen;
  for (std::size_t c = 0; c < names.size(); ++c) {
    const std::string& name = names[c];
    const std::string at = where + ":" + std::to_string(c + 1);
    if (name.empty()) throw DataError(at + ": empty column name in header");
    std::size_t bad = 0;
    if (!is_valid_utf8(name, bad)) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(name[bad]));
      throw DataError(at + ": column name '" + shown(name.substr(0, bad)) + "...' is not UTF-8 (byte " + byte +
                      "); kreg reads UTF-8: convert the file, e.g. iconv -f WINDOWS-1252 -t UTF-8");
    }
    if (!seen.insert(name).second) throw DataError(at + ": duplicate column name '" + shown(name) + "'");
  }
}

}  // namespace

long CsvTable::find(const std::string& name) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<long>(i);
  return -1;
}

bool parse_separator(const std::string& text, char& separator) {
  if (text == "auto")
    separator = 0;
  else if (text == "tab" || text == "\\t" || text == "\t")
    separator = '\t';
  else if (text == "comma")
    separator = ',';
  else if (text == "semicolon")
    separator = ';';
  else if (text == "pipe")
    separator = '|';
  else if (text == "space")
    separator = ' ';
  else if (text.size() == 1 && text[0] != '"' && text[0] != '\n' && text[0] != '\r' && text[0] != '\0')
    separator = text[0];
  else
    return false;
  return true;
}

CsvTable read_csv_table(const std::string& path, const CsvFormat& format, const ColumnChooser& choose,
                        const ColumnChooser& keep_text) {
  return read_csv_table(open_input(path), path, format, choose, keep_text);
}

CsvTable read_csv_table(std::unique_ptr<ByteSource> source, const std::string& name_hint, const CsvFormat& format,
                        const ColumnChooser& choose, const ColumnChooser& keep_text) {
  const char separator = format.separator != 0 ? format.separator : separator_from_name(name_hint);
  CsvRecords records(std::move(source), separator);
  CsvTable table;
  table.path = records.name();
  std::vector<std::string> fields;
  std::size_t count = 0;
  long line = 0;
  if (!records.next(fields, count, line)) throw DataError(table.path + ": empty file (expected a header row)");
  const std::string header_where = table.path + ":" + std::to_string(line);
  table.names.assign(fields.begin(), fields.begin() + static_cast<long>(count));
  check_names(table.names, header_where);

  const std::size_t n_cols = table.names.size();
  if (choose) {
    table.parsed = choose(table.names);
  } else {
    for (std::size_t c = 0; c < n_cols; ++c) table.parsed.push_back(c);
  }
  table.slot_of_column.assign(n_cols, CsvTable::kNotParsed);
  for (std::size_t j = 0; j < table.parsed.size(); ++j) table.slot_of_column.at(table.parsed[j]) = j;
  if (keep_text) table.text_columns = keep_text(table.names);

  while (records.next(fields, count, line)) {
    const std::string where = table.path + ":" + std::to_string(line);
    if (count != n_cols) {
      const std::string hint = n_cols == 1 || count == 1 ? " (is the separator right? see --sep)" : "";
      throw DataError(where + ": expected " + std::to_string(n_cols) + " fields as in the header, found " +
                      std::to_string(count) + hint);
    }
    for (const std::size_t c : table.parsed) {
      double value = 0.0;
      const std::string& text = fields[c];
      const Cell kind = parse_cell(text, format.na_values, value);
      if (kind == Cell::kNumber) {
        table.cells.push_back(value);
        continue;
      }
      if (kind == Cell::kMissing) {
        if (table.missing_cells++ == 0) table.first_missing = MissingCell{line, c, text};
        table.cells.push_back(std::nan(""));
        continue;
      }
      const std::string at = where + ":" + std::to_string(c + 1) + ": column '" + table.names[c] + "': ";
      if (kind == Cell::kNonFinite) throw DataError(at + "non-finite value '" + shown(text) + "'");
      if (kind == Cell::kOutOfRange)
        throw DataError(at + "number out of range: '" + shown(text) + "' (beyond 1.8e308)");
      throw DataError(at + "not a number: '" + shown(text) + "'");
    }
    for (const std::size_t c : table.text_columns) table.text_cells.push_back(fields.at(c));
    table.line_numbers.push_back(line);
  }
  if (table.line_numbers.empty()) throw DataError(table.path + ": no data rows after the header");
  return table;
}

}  // namespace kreg
