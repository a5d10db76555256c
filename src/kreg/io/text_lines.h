// Lines of a text file that a program wrote (kreg's own shard files), read one at a time with
// bounded memory: a NUL or another control byte is refused where it is, at once, and so is a line
// longer than the caller allows, so that a damaged or foreign file of any size costs no more
// than one line before it is refused.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kreg/io/byte_source.h"

namespace kreg {

class TextLines {
 public:
  /// `kind` names the file in messages ("shard file").
  TextLines(std::unique_ptr<ByteSource> source, std::string kind);

  /// Reads the next line, without its '\n', into `line`; false at the end of the input. At most
  /// `max_length` bytes; `limit_note` says why in the message ("the most a row takes"). Throws
  /// DataError "<name>:<line>:<column>: ..." for a byte below 0x20 other than '\n' (a NUL, a
  /// carriage return) or 0x7F, and "<name>:<line>: ..." for a line that is too long.
  bool next(std::string& line, std::size_t max_length, const std::string& limit_note);

  /// Up to `size` (at most 64 KiB) of the bytes next() reads next, without reading them: to
  /// refuse a file by its first bytes before reading a long first line.
  std::string peek(std::size_t size);

  /// The number of the line that next() returned last (1-based).
  std::size_t line_number() const { return line_; }
  const std::string& name() const { return source_->name(); }

 private:
  std::unique_ptr<ByteSource> source_;
  std::string kind_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  std::size_t line_ = 0;
  bool at_end_ = false;
};

}  // namespace kreg
