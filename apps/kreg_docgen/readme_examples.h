// The usage examples of the README, for the man page's EXAMPLES.
#pragma once

#include <string>
#include <vector>

namespace kreg::docgen {

/// The lines of the first ```sh block after the "## Usage" heading of the README at `path`.
/// Throws std::runtime_error when the file or the block is missing.
std::vector<std::string> readme_usage_lines(const std::string& path);

}  // namespace kreg::docgen
