// Where input bytes come from: a file, standard input ("-"), or memory (tests and fuzzing).
// Files and standard input are read through zlib, which passes plain text through unchanged
// and decompresses gzip data (detected by its magic bytes, whatever the file's name).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace kreg {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  /// Reads up to `size` bytes into `buffer`; 0 at the end. Throws DataError naming the input
  /// when the data cannot be read (an I/O error, corrupt or truncated gzip data).
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  /// How messages name the input: the path, or "standard input".
  virtual const std::string& name() const = 0;
};

/// Opens `path` ("-" = standard input). Throws DataError "<path>: cannot open file for
/// reading: <reason>" when it cannot be opened.
/// `kind` names the file in errors: "<path>: cannot open <kind> for reading: <reason>".
std::unique_ptr<ByteSource> open_input(const std::string& path, const std::string& kind = "file");

/// The bytes of `text` (copied), named `name` in messages.
std::unique_ptr<ByteSource> memory_input(std::string text, std::string name);

/// How messages name an input path: the path, or "standard input" for "-".
std::string input_name(const std::string& path);

}  // namespace kreg
