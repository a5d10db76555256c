// Why an input file cannot be read, in words a user can act on ("No such file or directory",
// "Permission denied", "is a directory"), for the one-line errors of the command line.
#pragma once

#include <string>

namespace kreg {

/// Empty when `path` names a regular file (or a device or pipe) that this process can open for
/// reading; otherwise the reason it cannot: the system's error text or "is a directory".
std::string unreadable_reason(const std::string& path);

}  // namespace kreg
