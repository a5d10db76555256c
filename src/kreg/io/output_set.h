// The output files of one run, written all or none. Before the run, unwritable_reason
// (output_target.h) has checked that each file output can be created and, if it exists,
// replaced. At the end, each regular file (or new path) is first written in full to a temporary
// file beside it (.kreg-tmp-XXXXXX, fsync'ed, with the old file's mode and owner, or the umask's
// mode for a new file); devices, FIFOs and standard output are then written directly; only when
// all of that succeeded are the temporary files put in place, in one short replacement step:
//   - with an exclusive advisory lock (flock) on each output directory, taken in a fixed order
//     (device and inode) and only for this step, so that two runs writing the same outputs
//     leave all of one run's files, never a mix;
//   - each existing file is first kept under a second name (.kreg-old-XXXXXX: a hard link, or,
//     where a hard link is refused, the file itself moved there), then the temporary file is
//     renamed over it;
//   - if any rename fails, the files already replaced get their kept old files back (new ones
//     are removed), every temporary file is removed, and the error names the file; when all
//     are in place, the kept old files are removed.
// SIGINT, SIGTERM, SIGHUP or SIGPIPE before that step remove the temporary files, leave every
// existing output as it was and end the process by the same signal; during it they are held
// back until it is over.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "kreg/io/output_target.h"

namespace kreg {

class OutputSet {
 public:
  /// Queues `content` for `target` (from inspect_output, already checked by unwritable_reason).
  void add(const OutputTarget& target, std::string content);

  /// Writes every queued output as described above; standard output goes to `standard_output`,
  /// and a line saying that kreg waits for a named pipe's reader (after a second) to `notices`.
  /// Throws kreg::Error (exit 1) naming the file when the system refuses a write or a rename;
  /// no file output has been replaced then.
  void commit(std::ostream& standard_output, std::ostream* notices = nullptr);

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

/// For tests: faults injected into the replacement step of every following commit.
struct ReplacementFaults {
  /// Called before the replacement of each file output, with its index among them (0, 1, ...);
  /// a nonzero result is an errno with which that replacement fails. It may also wait, to let
  /// another run come in between.
  std::function<int(std::size_t)> before_replace;
  /// Act as if the file system refused hard links (old files are then moved aside).
  bool no_hard_links = false;
};
void set_replacement_faults_for_testing(ReplacementFaults faults);

}  // namespace kreg
