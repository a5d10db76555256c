// CSV reading on top of fast-cpp-csv-parser's LineReader (buffered, CRLF-aware); the field
// splitting and number parsing are ours so that every error can name line and column.
#include "kreg/data/csv_table.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-truncation"
// Synchronous reading: one thread fewer to start, and the parse dominates anyway.
#define CSV_IO_NO_THREAD
#include <limits>  // csv.h uses std::numeric_limits without including it
#include <libfccp/csv.h>
#pragma GCC diagnostic pop

#include <charconv>
#include <cmath>
#include <set>

#include "kreg/core/errors.h"
#include "kreg/io/input_file.h"

namespace kreg {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_space(s[b])) ++b;
  while (e > b && is_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

bool is_blank(const char* line) {
  for (const char* p = line; *p; ++p)
    if (!is_space(*p)) return false;
  return true;
}

// Shortens a cell for an error message so that one bad line cannot flood the terminal.
std::string shown(const std::string& text) { return text.size() <= 40 ? text : text.substr(0, 37) + "..."; }

}  // namespace

long CsvTable::find(const std::string& name) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<long>(i);
  return -1;
}

std::vector<std::string> split_csv_line(const char* line, const std::string& where) {
  std::vector<std::string> fields;
  const char* p = line;
  for (;;) {
    std::string field;
    while (*p == ' ' || *p == '\t') ++p;
    if (*p == '"') {
      ++p;
      for (;;) {
        if (*p == '\0') throw DataError(where + ": unterminated quoted field");
        if (*p == '"') {
          if (p[1] == '"') {
            field += '"';
            p += 2;
            continue;
          }
          ++p;
          break;
        }
        field += *p++;
      }
      while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
      if (*p != ',' && *p != '\0')
        throw DataError(where + ":" + std::to_string(fields.size() + 1) + ": unexpected text after a closing quote");
      fields.push_back(field);  // quoted content is kept as written, spaces included
    } else {
      while (*p != ',' && *p != '\0') field += *p++;
      fields.push_back(trim(field));
    }
    if (*p == '\0') break;
    ++p;  // skip the comma
  }
  return fields;
}

bool parse_finite_double(const std::string& text, double& value) {
  if (text.empty()) return false;
  const char* first = text.data();
  const char* last = first + text.size();
  if (*first == '+') ++first;  // from_chars rejects a leading '+', CSV writers emit it
  if (first == last) return false;
  auto [ptr, ec] = std::from_chars(first, last, value);
  return ec == std::errc() && ptr == last && std::isfinite(value);
}

namespace {
CsvTable read_csv_table_unguarded(const std::string& path, bool empty_as_nan);
}

CsvTable read_csv_table(const std::string& path, bool empty_as_nan) {
  try {
    return read_csv_table_unguarded(path, empty_as_nan);
  } catch (const io::error::base& e) {  // e.g. a line longer than the reader's limit
    throw DataError(path + ": " + e.what());
  }
}

namespace {

CsvTable read_csv_table_unguarded(const std::string& path, bool empty_as_nan) {
  const std::string reason = unreadable_reason(path);
  if (!reason.empty()) throw DataError(path + ": cannot open file for reading: " + reason);
  CsvTable table;
  table.path = path;
  io::LineReader reader(path);
  char* line = nullptr;
  long line_no = 0;
  // Header: the first non-blank line.
  while ((line = reader.next_line()) != nullptr) {
    ++line_no;
    if (line_no == 1 && static_cast<unsigned char>(line[0]) == 0xEF && static_cast<unsigned char>(line[1]) == 0xBB &&
        static_cast<unsigned char>(line[2]) == 0xBF)
      line += 3;  // UTF-8 byte order mark
    if (!is_blank(line)) break;
  }
  if (line == nullptr) throw DataError(path + ": empty file (expected a header row)");
  const std::string header_where = path + ":" + std::to_string(line_no);
  table.names = split_csv_line(line, header_where);
  std::set<std::string> seen;
  for (std::size_t c = 0; c < table.names.size(); ++c) {
    const std::string& name = table.names[c];
    const std::string where = header_where + ":" + std::to_string(c + 1);
    if (name.empty()) throw DataError(where + ": empty column name in header");
    if (!seen.insert(name).second) throw DataError(where + ": duplicate column name '" + name + "'");
  }
  const std::size_t n_cols = table.names.size();
  while ((line = reader.next_line()) != nullptr) {
    ++line_no;
    if (is_blank(line)) continue;
    const std::string where = path + ":" + std::to_string(line_no);
    std::vector<std::string> fields = split_csv_line(line, where);
    if (fields.size() != n_cols)
      throw DataError(where + ": expected " + std::to_string(n_cols) + " fields as in the header, found " +
                      std::to_string(fields.size()));
    for (std::size_t c = 0; c < n_cols; ++c) {
      double value = 0.0;
      if (empty_as_nan && fields[c].empty()) {
        table.cells.push_back(std::nan(""));
        continue;
      }
      if (!parse_finite_double(fields[c], value)) {
        const std::string at = where + ":" + std::to_string(c + 1) + ": column '" + table.names[c] + "': ";
        if (fields[c].empty()) throw DataError(at + "empty cell");
        double probe_value = 0.0;
        const bool parsed =
            std::from_chars(fields[c].data(), fields[c].data() + fields[c].size(), probe_value).ec == std::errc();
        if (parsed && !std::isfinite(probe_value)) throw DataError(at + "non-finite value '" + shown(fields[c]) + "'");
        throw DataError(at + "not a number: '" + shown(fields[c]) + "'");
      }
      table.cells.push_back(value);
    }
    table.line_numbers.push_back(line_no);
  }
  if (table.line_numbers.empty()) throw DataError(path + ": no data rows after the header");
  return table;
}

}  // namespace

}  // namespace kreg
