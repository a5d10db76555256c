// The output files of a command, checked before any computation and written all or none at
// the end (kreg/io/output_set.h has the rule). "-" names standard output: results can go
// down a pipe (`kreg loo ... --output - | gnuplot ...`); at most one output can take it, and
// the run's summary lines then go to standard error.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "command.h"
#include "kreg/io/output_set.h"

namespace kreg::cli {

/// (config key, path) of a file option; an empty path means the option was not given.
using FileOption = std::pair<std::string, std::string>;

class OutputFiles {
 public:
  /// Checks the inputs and outputs before the run starts. Throws ConfigError (exit 2) naming
  /// the option when two inputs or two outputs are "-", two outputs or an output and an input
  /// name the same file, or an output cannot be written or replaced (its directory is missing,
  /// the file is immutable or another user's in a sticky directory, its name is too long, it is
  /// a socket, ...: kreg/io/output_target.h, unwritable_reason).
  OutputFiles(const OptionSet& options, const std::vector<FileOption>& outputs,
              const std::vector<FileOption>& inputs = {});

  /// Queues the content of the output option `key` (nothing is written yet).
  void add(const std::string& key, std::string content);
  /// Writes every queued output, all or none.
  void commit(Streams& io);

  /// Where summary lines go: io.out, or io.err when an output takes standard output.
  std::ostream& summary(Streams& io) const { return to_standard_output_ ? io.err : io.out; }

  /// How messages name `path`: the path, or "standard output".
  static std::string name(const std::string& path) { return path == "-" ? "standard output" : path; }

 private:
  std::vector<std::pair<std::string, OutputTarget>> targets_;  ///< by config key
  OutputSet set_;
  bool to_standard_output_ = false;
};

}  // namespace kreg::cli
