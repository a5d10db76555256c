// The output files of one run, written all or none. Each regular file (or new path) is first
// written in full to a temporary file beside it (then fsync'ed, with the old file's mode and
// owner, or the umask's mode for a new file); devices, FIFOs and standard output are then
// written directly; only when all of that succeeded are the temporary files renamed over
// their targets, with interrupts held back for those few renames. SIGINT, SIGTERM, SIGHUP or
// SIGPIPE before that point remove the temporary files, leave every existing output as it
// was and end the process by the same signal.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "kreg/io/output_target.h"

namespace kreg {

class OutputSet {
 public:
  /// Queues `content` for `target` (from inspect_output, already checked by unwritable_reason).
  void add(const OutputTarget& target, std::string content);

  /// Writes every queued output as described above; standard output goes to `standard_output`.
  /// Throws kreg::Error (exit 1) naming the file when the system refuses a write; nothing has
  /// been replaced then.
  void commit(std::ostream& standard_output);

 private:
  struct Pending {
    OutputTarget target;
    std::string content;
    std::string temporary;  ///< the temporary file, once created
  };
  std::vector<Pending> pending_;
};

/// Writes one file by the same rule (a set of one).
void write_output_file(const std::string& path, const std::string& content);

}  // namespace kreg
