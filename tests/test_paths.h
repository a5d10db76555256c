// Paths for tests: the source tree (data, fixtures) and a fresh scratch directory per test.
#pragma once

#include <string>

namespace kreg::test {

/// Absolute path of `relative` inside the source tree.
std::string source_path(const std::string& relative);
/// A new empty directory under the system temp dir, removed at process exit.
std::string scratch_dir();
/// Reads a whole file ("" if missing).
std::string read_text(const std::string& path);
/// Writes a file (for building bad inputs).
void write_text(const std::string& path, const std::string& content);
bool file_exists(const std::string& path);

}  // namespace kreg::test
