// Atomic output: content goes to a temporary file beside the target, which is renamed over
// the target only when complete, so a failed run never leaves a half-written file.
#pragma once

#include <string>

namespace kreg {

/// Writes `content` to `path` atomically. Throws kreg::Error (exit 1) on I/O failure.
void write_file_atomically(const std::string& path, const std::string& content);

/// Formats a double so that it reads back to the same bits (17 significant digits);
/// non-finite values become an empty field (read as missing by pandas and R).
std::string format_double(double value);

}  // namespace kreg
