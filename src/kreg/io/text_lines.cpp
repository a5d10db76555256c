// A line at a time from a 64 KiB buffer; every byte is looked at once.
#include "kreg/io/text_lines.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "kreg/core/errors.h"

namespace kreg {

namespace {

// How a message names a control byte.
std::string byte_name(unsigned char c) {
  if (c == 0) return "NUL byte";
  if (c == '\r') return "carriage return";
  if (c == '\t') return "tab";
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned>(c));
  return std::string("control byte ") + buf;
}

}  // namespace

TextLines::TextLines(std::unique_ptr<ByteSource> source, std::string kind)
    : source_(std::move(source)), kind_(std::move(kind)), buffer_(std::size_t(1) << 16) {}

std::string TextLines::peek(std::size_t size) {
  size = std::min(size, buffer_.size());
  if (end_ - pos_ < size && !at_end_) {  // move what is left to the front and fill up behind it
    std::memmove(buffer_.data(), buffer_.data() + pos_, end_ - pos_);
    end_ -= pos_;
    pos_ = 0;
    while (end_ < size) {
      const std::size_t got = source_->read(buffer_.data() + end_, buffer_.size() - end_);
      if (got == 0) break;
      end_ += got;
    }
  }
  return std::string(buffer_.data() + pos_, std::min(size, end_ - pos_));
}

bool TextLines::next(std::string& line, std::size_t max_length, const std::string& limit_note) {
  line.clear();
  if (at_end_) return false;
  ++line_;
  bool any = false;  // a byte of this line (or its '\n') was read
  for (;;) {
    if (pos_ == end_) {
      pos_ = 0;
      end_ = source_->read(buffer_.data(), buffer_.size());
      if (end_ == 0) {
        at_end_ = true;
        return any;
      }
    }
    any = true;
    const std::size_t start = pos_;
    while (pos_ < end_) {
      const auto c = static_cast<unsigned char>(buffer_[pos_]);
      if (c == '\n' || c < 0x20 || c == 0x7F) break;
      ++pos_;
    }
    if (line.size() + (pos_ - start) > max_length)
      throw DataError(name() + ":" + std::to_string(line_) + ": line longer than " + std::to_string(max_length) +
                      " bytes, " + limit_note + ": is this a " + kind_ + " of kreg?");
    line.append(buffer_.data() + start, pos_ - start);
    if (pos_ == end_) continue;
    const auto c = static_cast<unsigned char>(buffer_[pos_++]);
    if (c == '\n') return true;
    throw DataError(name() + ":" + std::to_string(line_) + ":" + std::to_string(line.size() + 1) + ": " + byte_name(c) +
                    ", which a " + kind_ + " never holds: is this a " + kind_ + " of kreg, or was it damaged?");
  }
}

}  // namespace kreg
