// The library's layers, each of which includes only itself and the layers before it:
//   core <- linalg <- io <- data <- kernels <- spectral <- solvers <- model <- select <- apps
// (src/kreg/<layer>/, and apps/kreg/ for the command line). This test reads every #include of
// src/ and apps/ and fails on one that points up the order, so the layering stays true.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "test_paths.h"

namespace kreg::test {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kLayers = {"core",     "linalg",  "io",    "data",   "kernels",
                                          "spectral", "solvers", "model", "select", "apps"};

long rank_of(const std::string& layer) {
  const auto it = std::find(kLayers.begin(), kLayers.end(), layer);
  return it == kLayers.end() ? -1 : static_cast<long>(it - kLayers.begin());
}

// "file:line: #include ..." for every include that breaks the order, or names an unknown layer,
// under root/src/kreg and root/apps/kreg.
std::vector<std::string> layering_violations(const fs::path& root) {
  std::vector<std::string> found;
  const std::regex include_line(R"(^\s*#\s*include\s*"([^"]+)\")");
  const std::regex library_header(R"(^kreg/([A-Za-z_]+)/)");
  for (const auto& [dir, is_apps] :
       {std::pair{root / "src" / "kreg", false}, std::pair{root / "apps" / "kreg", true}}) {
    if (!fs::exists(dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      if (!entry.is_regular_file()) continue;
      const fs::path& file = entry.path();
      const std::string layer = is_apps ? "apps" : file.lexically_relative(dir).begin()->string();
      const long own = rank_of(layer);
      std::ifstream in(file);
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        std::smatch m, h;
        if (!std::regex_search(line, m, include_line)) continue;
        const std::string header = m[1];
        const std::string where = file.lexically_relative(root).string() + ":" + std::to_string(number) + ": ";
        if (std::regex_search(header, h, library_header)) {
          const long target = rank_of(h[1]);
          if (own < 0 || target < 0 || target > own) found.push_back(where + line);
        } else if (!is_apps) {
          found.push_back(where + line + " (library headers are included as \"kreg/<layer>/...\")");
        }
      }
    }
  }
  return found;
}

TEST(Layering, NoIncludePointsUpTheOrder) {
  const std::vector<std::string> found = layering_violations(KREG_SOURCE_DIR);
  std::string list;
  for (const auto& f : found) list += "\n  " + f;
  EXPECT_TRUE(found.empty()) << "includes against the layer order core <- linalg <- io <- data <- kernels <- "
                                "spectral <- solvers <- model <- select <- apps:"
                             << list;
}

TEST(Layering, AnUpwardIncludeIsFound) {
  const fs::path root = scratch_dir();
  fs::create_directories(root / "src" / "kreg" / "data");
  fs::create_directories(root / "src" / "kreg" / "select");
  std::ofstream(root / "src" / "kreg" / "data" / "bad.cpp") << "#include <vector>\n#include \"kreg/core/errors.h\"\n"
                                                               "#include \"kreg/select/cv.h\"\n";
  std::ofstream(root / "src" / "kreg" / "select" / "fine.cpp") << "#include \"kreg/data/dataset.h\"\n";
  const std::vector<std::string> found = layering_violations(root);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find("src/kreg/data/bad.cpp:3:"), std::string::npos) << found[0];
}

}  // namespace
}  // namespace kreg::test
