// Header checks, the choice of columns, and the numbers of the chosen ones.
#include "kreg/data/csv_table.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "kreg/core/errors.h"
#include "kreg/core/number_parse.h"
#include "kreg/core/utf8.h"
#include "kreg/data/csv_records.h"
#include "kreg/data/separator_sniff.h"

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

// `scratch` holds the text with its decimal comma made a point.
Cell parse_cell(const std::string& text, const CsvFormat& format, std::string& scratch, double& value) {
  if (text.empty()) return Cell::kMissing;
  for (const auto& na : format.na_values)
    if (text == na) return Cell::kMissing;
  const std::string* number = &text;
  if (format.decimal_mark == ',') {
    if (text.find('.') != std::string::npos) return Cell::kNotANumber;  // "1.234,5": a thousands point is not read
    scratch = text;
    std::replace(scratch.begin(), scratch.end(), ',', '.');
    number = &scratch;
  }
  switch (parse_number(number->data(), number->data() + number->size(), value)) {
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

// Advice for a cell that is not a number but would be one with the other decimal mark.
std::string decimal_advice(const std::string& text, const CsvFormat& format, char separator) {
  std::string as_point = text;  // the text as a number with a decimal point
  if (format.decimal_mark == '.') {
    if (separator == ',' || text.find(',') == std::string::npos) return "";
    std::replace(as_point.begin(), as_point.end(), ',', '.');
  } else if (text.find('.') == std::string::npos) {
    return "";
  }
  double value = 0.0;
  if (parse_number(as_point.data(), as_point.data() + as_point.size(), value) != NumberText::kNumber) return "";
  return format.decimal_mark == ','
             ? " (with --decimal comma the decimal mark is a comma, and a point is not read)"
             : " (a decimal comma? read the file with --decimal comma)";
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
                        const TextCellHint& hint, const ColumnChooser& keep_text) {
  return read_csv_table(open_input(path), path, format, choose, hint, keep_text);
}

CsvTable read_csv_table(std::unique_ptr<ByteSource> source, const std::string& name_hint, const CsvFormat& format,
                        const ColumnChooser& choose, const TextCellHint& hint, const ColumnChooser& keep_text) {
  if (format.decimal_mark == ',' && format.separator == ',')
    throw ConfigError("decimal", "a comma cannot be both the decimal mark and the separator (--sep comma); "
                                 "give --sep semicolon, or --sep auto");
  CsvRecords records(std::move(source));
  bool complete = false;
  const std::string head = records.head(complete);
  const SeparatorSniff sniff =
      sniff_separator(head, complete, separator_from_name(name_hint), format.decimal_mark == ',');
  CsvTable table;
  table.separator = format.separator != 0 ? format.separator : sniff.chosen;
  records.set_separator(table.separator);
  table.path = records.name();
  std::vector<std::string> fields;
  std::size_t count = 0;
  long line = 0;
  if (!records.next(fields, count, line)) throw DataError(table.path + ": empty file (expected a header row)");
  const std::string header_where = table.path + ":" + std::to_string(line);
  table.names.assign(fields.begin(), fields.begin() + static_cast<long>(count));
  check_names(table.names, header_where);

  // A split that looks wrong: one column, a better separator in sight, or a column name that
  // holds another separator ("age;sex;bmi" read at commas). Its errors say how it was split.
  const std::size_t n_cols = table.names.size();
  bool looks_wrong = n_cols == 1 || sniff.better_than(table.separator) != 0;
  for (const auto& name : table.names)
    for (const char c : {',', ';', '\t', '|'})
      looks_wrong |= c != table.separator && name.find(c) != std::string::npos;
  const std::string split_note = "; " + separator_note(table.separator, sniff);
  const std::string doubtful_split = looks_wrong ? split_note : "";

  if (choose) {
    // The chooser names the columns it cannot find; when the split looks wrong, that is why.
    try {
      table.parsed = choose(table.names);
    } catch (const DataError& e) {
      if (!looks_wrong) throw;
      throw DataError(e.what() + split_note);
    }
  } else {
    for (std::size_t c = 0; c < n_cols; ++c) table.parsed.push_back(c);
  }
  table.slot_of_column.assign(n_cols, CsvTable::kNotParsed);
  for (std::size_t j = 0; j < table.parsed.size(); ++j) table.slot_of_column.at(table.parsed[j]) = j;
  if (keep_text) table.text_columns = keep_text(table.names);

  std::string scratch;
  while (records.next(fields, count, line)) {
    const std::string where = table.path + ":" + std::to_string(line);
    if (count != n_cols) {
      const std::string hint_sep = n_cols == 1 || count == 1 ? " (is the separator right? see --sep)" : "";
      throw DataError(where + ": expected " + std::to_string(n_cols) + " fields as in the header, found " +
                      std::to_string(count) + hint_sep + split_note);
    }
    for (const std::size_t c : table.parsed) {
      double value = 0.0;
      const std::string& text = fields[c];
      const Cell kind = parse_cell(text, format, scratch, value);
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
      std::string advice = decimal_advice(text, format, table.separator);
      if (advice.empty() && hint) advice = hint(c);
      throw DataError(at + "not a number: '" + shown(text) + "'" + advice + doubtful_split);
    }
    for (const std::size_t c : table.text_columns) table.text_cells.push_back(fields.at(c));
    table.line_numbers.push_back(line);
  }
  if (table.line_numbers.empty()) throw DataError(table.path + ": no data rows after the header");
  return table;
}

}  // namespace kreg
