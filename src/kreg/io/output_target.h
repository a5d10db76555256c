// What an output path names once symbolic links are followed, and whether kreg may write
// there. The rule (README, "Outputs"): a regular file, or a path where nothing exists yet, is
// replaced atomically; a symbolic link is followed and its target is what gets written (the
// link stays); anything else that exists (a device, a FIFO) is written to directly, never
// renamed over; "-" is standard output.
#pragma once

#include <sys/types.h>

#include <string>

namespace kreg {

struct OutputTarget {
  enum class Kind {
    kStandardOutput,  ///< "-"
    kNewFile,         ///< nothing exists at `resolved` yet: a file is created there
    kRegularFile,     ///< an existing regular file: replaced atomically, its mode and owner kept
    kSpecialFile,     ///< an existing device, FIFO or socket: written to directly
    kDirectory,       ///< not writable as an output (unwritable_reason says so)
  };
  std::string path;      ///< as the user gave it
  std::string resolved;  ///< after following symbolic links (== path when there are none)
  Kind kind = Kind::kNewFile;
  mode_t mode = 0;  ///< permission bits of an existing file
  uid_t uid = 0;    ///< owner of an existing file
  gid_t gid = 0;
  dev_t device = 0;  ///< identity of an existing file (with inode)
  ino_t inode = 0;
};

/// Follows the symbolic links of `path` (up to 40, like the kernel) and looks at what is there.
/// A dangling link resolves to the file it points to, which is then created. Never throws;
/// a link loop or an unreadable link leaves kind kNewFile with `resolved` at the last link,
/// for unwritable_reason to report.
OutputTarget inspect_output(const std::string& path);

/// Empty when the run can write `target`; otherwise why not, in words a user can act on
/// ("directory '/x' does not exist", "is a directory", "Permission denied", ...).
std::string unwritable_reason(const OutputTarget& target);

/// A key that is equal for two paths exactly when they name the same file: device and inode
/// of an existing file, the absolute resolved path of one still to be created, "-" for
/// standard output. Paths that cannot be resolved give their text.
std::string file_identity(const std::string& path);

}  // namespace kreg
