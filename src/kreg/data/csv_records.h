// CSV records from a byte stream (RFC 4180 and the files people really have): a separator
// chosen by the caller, double-quoted fields with "" escapes that may span lines, spaces
// around fields trimmed (but kept inside quotes), CRLF or LF line ends, blank lines skipped.
// Every error names input:line[:column]. Memory is one 64 KiB buffer plus the current record.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "kreg/io/byte_source.h"

namespace kreg {

class CsvRecords {
 public:
  /// `separator` is ',' '\t' ';' '|' or another single byte (never '"', CR or LF); 0 means
  /// "from the first line": tab when it has tabs but no comma, else comma.
  CsvRecords(std::unique_ptr<ByteSource> source, char separator);

  /// Reads the next non-blank record into `fields` (their number is the return value's field
  /// count; `fields` may hold more, unused, strings to reuse their memory). Returns false at
  /// the end of the input. `line` is the line on which the record starts. Throws DataError
  /// for a NUL byte, an unterminated quoted field, text after a closing quote, or a field
  /// longer than 16 MiB.
  bool next(std::vector<std::string>& fields, std::size_t& count, long& line);

  const std::string& name() const { return source_->name(); }
  /// The separator in use (decided by the first call of next() when it was 0).
  char separator() const { return separator_; }

 private:
  int get() {
    if (pos_ == end_ && !refill()) return -1;
    return static_cast<unsigned char>(buffer_[pos_++]);
  }
  int peek() {
    if (pos_ == end_ && !refill()) return -1;
    return static_cast<unsigned char>(buffer_[pos_]);
  }
  bool refill();
  void start();  // byte order marks, and the separator when it is still to be decided
  [[noreturn]] void fail(long line, std::size_t column, const std::string& what) const;

  std::unique_ptr<ByteSource> source_;
  char separator_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  long line_ = 1;  ///< line of the next byte
  bool started_ = false;
};

/// The separator a file name implies: tab for .tsv or .tab, comma for .csv (before any .gz);
/// 0 when the name does not decide (then CsvRecords looks at the first line).
char separator_from_name(const std::string& path);

}  // namespace kreg
