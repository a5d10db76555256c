// Scratch directories and file helpers for the tests.
#include "test_paths.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace kreg::test {

namespace {
struct ScratchRegistry {
  std::vector<std::string> dirs;
  ~ScratchRegistry() {
    for (const auto& d : dirs) {
      std::error_code ec;
      std::filesystem::remove_all(d, ec);
    }
  }
};
ScratchRegistry& registry() {
  static ScratchRegistry r;
  return r;
}
}  // namespace

std::string source_path(const std::string& relative) { return std::string(KREG_SOURCE_DIR) + "/" + relative; }

std::string scratch_dir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "kreg-test-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) std::abort();
  registry().dirs.push_back(tmpl);
  return tmpl;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

void write_text(const std::string& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
}

bool file_exists(const std::string& path) { return std::filesystem::exists(path); }

}  // namespace kreg::test
