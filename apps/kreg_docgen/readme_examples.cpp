// Reads the README's usage block.
#include "readme_examples.h"

#include <fstream>
#include <stdexcept>

namespace kreg::docgen {

std::vector<std::string> readme_usage_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  enum { kBefore, kInSection, kInBlock } state = kBefore;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (state == kBefore && line == "## Usage") {
      state = kInSection;
    } else if (state == kInSection && line.rfind("## ", 0) == 0) {
      break;
    } else if (state == kInSection && line == "```sh") {
      state = kInBlock;
    } else if (state == kInBlock) {
      if (line == "```") return lines;
      lines.push_back(line);
    }
  }
  throw std::runtime_error(path + ": no ```sh block under \"## Usage\"");
}

}  // namespace kreg::docgen
