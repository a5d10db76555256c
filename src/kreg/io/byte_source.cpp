// zlib's gz* functions read plain files transparently, so one source serves .csv, .csv.gz,
// standard input and gzip data piped into it.
#include "kreg/io/byte_source.h"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

#include "kreg/core/errors.h"
#include "kreg/io/input_file.h"

namespace kreg {

namespace {

class GzipSource : public ByteSource {
 public:
  GzipSource(gzFile file, std::string name) : file_(file), name_(std::move(name)) {}
  ~GzipSource() override { gzclose(file_); }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;

  std::size_t read(char* buffer, std::size_t size) override {
    const unsigned want = static_cast<unsigned>(std::min<std::size_t>(size, INT_MAX / 2));
    const int got = gzread(file_, buffer, want);
    int code = Z_OK;
    const char* message = gzerror(file_, &code);
    if (got < 0 || (code != Z_OK && code != Z_STREAM_END)) {
      if (code == Z_ERRNO) throw DataError(name_ + ": read error: " + std::strerror(errno));
      // "unexpected end of file" for a truncated gzip stream, "invalid ..." for corrupt data
      throw DataError(name_ + ": corrupt or truncated gzip data (" + std::string(message ? message : "?") + ")");
    }
    return static_cast<std::size_t>(got);
  }
  const std::string& name() const override { return name_; }

 private:
  gzFile file_;
  std::string name_;
};

class MemorySource : public ByteSource {
 public:
  MemorySource(std::string text, std::string name) : text_(std::move(text)), name_(std::move(name)) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, text_.size() - pos_);
    std::memcpy(buffer, text_.data() + pos_, n);
    pos_ += n;
    return n;
  }
  const std::string& name() const override { return name_; }

 private:
  std::string text_;
  std::string name_;
  std::size_t pos_ = 0;
};

}  // namespace

std::string input_name(const std::string& path) { return path == "-" ? "standard input" : path; }

std::unique_ptr<ByteSource> open_input(const std::string& path, const std::string& kind) {
  int fd = -1;
  if (path == "-") {
    fd = ::dup(STDIN_FILENO);  // gzclose closes its descriptor; standard input stays open
    if (fd < 0) throw DataError("standard input: cannot read: " + std::string(std::strerror(errno)));
  } else {
    const std::string reason = unreadable_reason(path);
    if (!reason.empty()) throw DataError(path + ": cannot open " + kind + " for reading: " + reason);
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw DataError(path + ": cannot open " + kind + " for reading: " + std::strerror(errno));
  }
  gzFile file = gzdopen(fd, "rb");
  if (file == nullptr) {
    ::close(fd);
    throw DataError(input_name(path) + ": cannot open file for reading: out of memory");
  }
  gzbuffer(file, 1 << 17);
  return std::make_unique<GzipSource>(file, input_name(path));
}

std::unique_ptr<ByteSource> memory_input(std::string text, std::string name) {
  return std::make_unique<MemorySource>(std::move(text), std::move(name));
}

}  // namespace kreg
