// What an output path names once symbolic links are followed, and whether kreg may write
// there. The rule (README, "Outputs"): a regular file, or a path where nothing exists yet, is
// replaced atomically; a symbolic link is followed and its target is what gets written (the
// link stays); anything else that exists (a device, a FIFO) is written to directly, never
// renamed over; "-" is standard output. A socket is refused. Before a run starts,
// unwritable_reason checks that each file output can be created and, if it exists, replaced
// (kreg/io/replaceable.h), so that the run does not fail only when it writes its results.
#pragma once

#include <sys/types.h>

#include <string>

namespace kreg {

struct OutputTarget {
  enum class Kind {
    kStandardOutput,  ///< "-"
    kNewFile,         ///< nothing exists at `resolved` yet: a file is created there
    kRegularFile,     ///< an existing regular file: replaced atomically, its mode and owner kept
    kSpecialFile,     ///< an existing device or FIFO: written to directly (a socket is refused)
    kDirectory,       ///< not writable as an output (unwritable_reason says so)
  };
  std::string path;      ///< as the user gave it
  std::string resolved;  ///< after following symbolic links (== path when there are none)
  Kind kind = Kind::kNewFile;
  mode_t mode = 0;  ///< permission bits of an existing file
  mode_t type = 0;  ///< its type bits (S_IFREG, S_IFCHR, S_IFIFO, S_IFSOCK, ...)
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
/// ("directory '/x' does not exist", "is a directory", "Permission denied", ...). For a file
/// (new or existing): the directory exists, is writable and lets files be renamed in it, the
/// name fits the directory's limit, a temporary file can be created there (one is created and
/// removed), and an existing file can be replaced (no immutable or append-only flag, not
/// another user's file in a sticky directory, not a mount point). A socket is refused.
std::string unwritable_reason(const OutputTarget& target);

/// The directory of an output file ("." for a bare name).
std::string output_directory(const std::string& resolved);

/// Creates a new empty file with a unique short name in directory `dir` (".kreg-TAG-XXXXXX",
/// as mkstemp), open for writing with mode 0600; its path goes to `name`. Returns the
/// descriptor, or -1 with errno set. The name is short so that it fits wherever an output's own
/// name fits.
int create_temporary_file(const std::string& dir, const char* tag, std::string& name);

/// A key that is equal for two paths exactly when they name the same file: device and inode
/// of an existing file, the absolute resolved path of one still to be created, "-" for
/// standard output. Paths that cannot be resolved give their text.
std::string file_identity(const std::string& path);

}  // namespace kreg
