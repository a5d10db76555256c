// The output files of a command, where "-" names standard output: results can go down a pipe
// (`kreg loo ... --output - | gnuplot ...`). At most one output can take standard output; the
// run's summary lines then go to standard error, so that standard output holds only the file.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "command.h"

namespace kreg::cli {

class OutputFiles {
 public:
  /// `files`: (config key, path) of each output option. Throws ConfigError naming the second
  /// key when two outputs are "-".
  OutputFiles(const OptionSet& options, const std::vector<std::pair<std::string, std::string>>& files);

  /// Writes `content` to `path` atomically, or to io.out when `path` is "-".
  void write(Streams& io, const std::string& path, const std::string& content) const;

  /// Where summary lines go: io.out, or io.err when an output takes standard output.
  std::ostream& summary(Streams& io) const { return to_standard_output_ ? io.err : io.out; }

  /// How messages name `path`: the path, or "standard output".
  static std::string name(const std::string& path) { return path == "-" ? "standard output" : path; }

 private:
  bool to_standard_output_ = false;
};

}  // namespace kreg::cli
