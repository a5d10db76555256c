// A byte-at-a-time state machine over a 64 KiB buffer: fast enough to read millions of cells
// a second, and every byte is accounted for (a NUL cannot hide the rest of a cell).
#include "kreg/data/csv_records.h"

#include "kreg/core/errors.h"

namespace kreg {

namespace {

constexpr std::size_t kBufferSize = std::size_t(1) << 16;
constexpr std::size_t kMaxField = std::size_t(16) << 20;

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

}  // namespace

char separator_from_name(const std::string& path) {
  std::string name = lower(path);
  if (ends_with(name, ".gz")) name.resize(name.size() - 3);
  if (ends_with(name, ".tsv") || ends_with(name, ".tab")) return '\t';
  if (ends_with(name, ".csv")) return ',';
  return 0;
}

CsvRecords::CsvRecords(std::unique_ptr<ByteSource> source, char separator)
    : source_(std::move(source)), separator_(separator), buffer_(kBufferSize) {}

bool CsvRecords::refill() {
  pos_ = 0;
  end_ = source_->read(buffer_.data(), buffer_.size());
  return end_ > 0;
}

void CsvRecords::fail(long line, std::size_t column, const std::string& what) const {
  throw DataError(name() + ":" + std::to_string(line) + (column > 0 ? ":" + std::to_string(column) : "") + ": " + what);
}

void CsvRecords::start() {
  started_ = true;
  if (!refill()) return;
  // Fill the buffer as far as the source allows, so that the byte order mark and the first
  // lines (head()) can be looked at in place.
  while (end_ < buffer_.size()) {
    const std::size_t got = source_->read(buffer_.data() + end_, buffer_.size() - end_);
    if (got == 0) break;
    end_ += got;
  }
  const auto byte = [&](std::size_t i) { return i < end_ ? static_cast<unsigned char>(buffer_[i]) : 0u; };
  if ((byte(0) == 0xFF && byte(1) == 0xFE) || (byte(0) == 0xFE && byte(1) == 0xFF))
    throw DataError(name() +
                    ": the file is UTF-16 encoded; kreg reads UTF-8 (convert it with iconv -f UTF-16 -t UTF-8)");
  if (byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF) pos_ = 3;  // UTF-8 byte order mark
}

std::string CsvRecords::head(bool& complete) {
  if (!started_) start();
  complete = end_ < buffer_.size();  // start() stops filling only at the end of the input or a full buffer
  return std::string(buffer_.data() + pos_, buffer_.data() + end_);
}

bool CsvRecords::next(std::vector<std::string>& fields, std::size_t& count, long& line) {
  if (!started_) start();
  if (separator_ == 0) separator_ = ',';
  const char sep = separator_;
  // Space-aligned columns: a run of spaces and tabs is one separator.
  const bool runs = sep == ' ';
  const auto is_sep = [sep, runs](int c) { return runs ? c == ' ' || c == '\t' : c == sep; };
  // Spaces around a field are trimmed; a tab only when it is not the separator.
  const auto is_pad = [sep, runs](int c) { return !runs && (c == ' ' || (c == '\t' && sep != '\t')); };
  const auto skip_blanks = [this](int c) {  // the rest of a run of spaces and tabs
    while (c == ' ' || c == '\t') c = get_outside();
    return c;
  };
  for (;;) {
    count = 0;
    line = line_;
    int c = get_outside();
    if (c < 0) return false;
    if (runs) c = skip_blanks(c);  // spaces before the first field separate nothing
    bool blank = true;             // the record so far is one empty, unquoted field
    for (;;) {                     // one field per pass
      if (count == fields.size()) fields.emplace_back();
      std::string& field = fields[count++];
      field.clear();
      const std::size_t column = count;
      while (c >= 0 && is_pad(c)) c = get_outside();
      if (c == '"') {
        blank = false;
        const long opened = line_;
        for (;;) {
          c = get();
          if (c < 0) fail(opened, column, "unterminated quoted field (a \" without its closing \")");
          if (c == '"') {
            if (peek() != '"') break;
            get();
          } else if (c == '\n' || (c == '\r' && peek() != '\n')) {  // kept in the field; a line of the file
            ++line_;
          } else if (c == 0) {
            fail(line_, column, "NUL byte in the data (is this a binary or UTF-16 file?)");
          }
          if (field.size() >= kMaxField) fail(opened, column, "field longer than 16 MiB");
          field.push_back(static_cast<char>(c));
        }
        c = get_outside();
        while (c >= 0 && is_pad(c)) c = get_outside();
        if (c >= 0 && !is_sep(c) && c != '\n')
          fail(line_, column, "unexpected text after a closing quote (a quote inside a field is written \"\")");
      } else {
        std::size_t kept = 0;  // length without trailing spaces
        while (c >= 0 && !is_sep(c) && c != '\n') {
          if (c == 0) fail(line_, column, "NUL byte in the data (is this a binary or UTF-16 file?)");
          if (field.size() >= kMaxField) fail(line_, column, "field longer than 16 MiB");
          field.push_back(static_cast<char>(c));
          if (!is_pad(c)) kept = field.size();
          c = get_outside();
        }
        field.resize(kept);
        if (kept > 0) blank = false;
      }
      if (is_sep(c)) {
        blank = false;
        c = runs ? skip_blanks(get_outside()) : get_outside();
        if (runs && (c < 0 || c == '\n')) {  // spaces at the end of the line separate nothing
          if (c == '\n') ++line_;
          break;
        }
        if (c < 0 || c == '\n') {  // a separator at the end of the line: one more empty field
          if (count == fields.size()) fields.emplace_back();
          fields[count++].clear();
          if (c == '\n') ++line_;
          break;
        }
        continue;
      }
      if (c == '\n') ++line_;
      break;  // end of line or of input
    }
    if (!blank || count > 1) return true;
  }
}

}  // namespace kreg
