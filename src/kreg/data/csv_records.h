// CSV records from a byte stream (RFC 4180 and the files people really have): a separator
// chosen by the caller (or by separator_sniff.h from head()), double-quoted fields with ""
// escapes that may span lines, spaces around fields trimmed (but kept inside quotes), LF, CRLF
// or CR line ends (mixed too; a CR inside quotes is kept), blank lines skipped; or space-aligned columns, where a run
// of spaces and tabs is one separator. Every error names input:line[:column]. Memory is one 64 KiB buffer plus the
// current record.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "kreg/io/byte_source.h"

namespace kreg {

class CsvRecords {
 public:
  /// `separator` is ',' '\t' ';' '|' or another single byte (never '"', CR or LF); ' ' means
  /// space-aligned: a run of spaces and tabs separates two fields, and spaces at the start or
  /// the end of a line separate nothing. 0: set_separator() is to be called before next()
  /// (else comma).
  CsvRecords(std::unique_ptr<ByteSource> source, char separator = 0);

  /// The first bytes of the input (up to 64 KiB, after a byte order mark), before any record
  /// is read, for choosing the separator; `complete` says whether they are the whole input.
  /// Throws DataError for a UTF-16 input.
  std::string head(bool& complete);
  /// Sets the separator (values as in the constructor); only before the first next().
  void set_separator(char separator) { separator_ = separator; }

  /// Reads the next non-blank record into `fields` (their number is the return value's field
  /// count; `fields` may hold more, unused, strings to reuse their memory). Returns false at
  /// the end of the input. `line` is the line on which the record starts. Throws DataError
  /// for a NUL byte, an unterminated quoted field, text after a closing quote, or a field
  /// longer than 16 MiB.
  bool next(std::vector<std::string>& fields, std::size_t& count, long& line);

  const std::string& name() const { return source_->name(); }
  /// The separator in use.
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
  // The next byte outside quotes, with every line end read as '\n': LF, CRLF, and a CR alone
  // (the line end of classic Mac OS files, which Excel for Mac still writes as "CSV (Macintosh)").
  int get_outside() {
    const int c = get();
    if (c != '\r') return c;
    if (peek() == '\n') get();
    return '\n';
  }
  bool refill();
  void start();  // fills the buffer; byte order marks
  [[noreturn]] void fail(long line, std::size_t column, const std::string& what) const;

  std::unique_ptr<ByteSource> source_;
  char separator_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  long line_ = 1;  ///< line of the next byte
  bool started_ = false;
};

/// The separator a file name implies: tab for .tsv or .tab, comma for .csv (before any .gz);
/// 0 for any other name. Sniffing the content comes first; the name only breaks ties.
char separator_from_name(const std::string& path);

}  // namespace kreg
