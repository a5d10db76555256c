// What stops kreg from putting a new file in place of an existing one by renaming, found before
// a run starts: inode flags (chattr +i immutable, +a append-only) on the file or its directory,
// the sticky-directory rule (in a directory like /tmp only the file's owner, the directory's
// owner or a process with CAP_FOWNER may replace a file), and a file that is a mount point.
#pragma once

#include <string>

namespace kreg {

/// Empty when files can be created and renamed in directory `dir`; otherwise why not, in
/// words a user can act on ("directory '/x' is immutable (chattr +i) ...").
std::string directory_obstacle(const std::string& dir);

/// Empty when the existing file `path` in directory `dir` can be replaced by renaming another
/// file over it; otherwise why not.
std::string replacement_obstacle(const std::string& path, const std::string& dir);

}  // namespace kreg
