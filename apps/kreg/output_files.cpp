// Output files, "-" meaning standard output (see output_files.h).
#include "output_files.h"

#include "kreg/core/errors.h"
#include "kreg/io/atomic_file.h"

namespace kreg::cli {

OutputFiles::OutputFiles(const OptionSet& options, const std::vector<std::pair<std::string, std::string>>& files) {
  std::string first;
  for (const auto& [key, path] : files) {
    if (path != "-") continue;
    if (!first.empty())
      throw ConfigError(options.where(key) + ": only one output can go to standard output ('-'), and " +
                        options.where(first) + " does");
    first = key;
  }
  to_standard_output_ = !first.empty();
}

void OutputFiles::write(Streams& io, const std::string& path, const std::string& content) const {
  if (path == "-") {
    io.out << content;
    io.out.flush();
  } else {
    write_file_atomically(path, content);
  }
}

}  // namespace kreg::cli
