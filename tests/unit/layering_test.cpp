// The layers of the sources, each of which includes only itself and the layers before it:
//   core <- linalg <- io <- data <- kernels <- spectral <- gp <- solvers <- model <- routes
//     <- select <- plot <- apps <- docgen
// (gp, the Gaussian-process tuning objectives and their minimiser, reads only core, linalg, data
// and kernels; the solvers, the routes and the commands above it may call it. plot, the pictures,
// reads the tables kreg writes and draws them with core, io, data, kernels and select.)
// The library's layers are src/kreg/<layer>/ (a layer may have no directory yet); apps is the
// command line, apps/kreg/; docgen is apps/kreg_docgen/, the build step that writes the man page
// and the bash completion from the command line's own CLI11 App (it includes kreg_app.h and
// links the command line), so it sits above it and the command line never includes it.
// Every #include of src/ and apps/, "..." or <...>, is followed to the file the compiler would
// take (beside the including file for "...", then src/ and apps/kreg/); a name found in none of
// those but in a program's directory is that program's header, and one found nowhere counts by
// its spelling: kreg/<layer>/... is that layer, anything else a system or third-party header.
//
// A second rule keeps the programs (apps/kreg, and apps/kreg_docgen built on it) out of the
// numerical work: from the library they include only core, io, data, kernels, model, routes,
// select and plot headers, of solvers only the settings and registries, and of gp only the names of the
// tuning objectives; never a linalg or spectral header, a solver or the tuning's numerical work,
// directly or through a library header they include.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "test_paths.h"

namespace kreg::test {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kLayers = {"core",    "linalg", "io",     "data",   "kernels", "spectral", "gp",
                                          "solvers", "model",  "routes", "select", "plot",    "apps",    "docgen"};
// The programs, above the library: their layer and directory.
const std::vector<std::pair<std::string, std::string>> kPrograms = {{"apps", "apps/kreg"},
                                                                    {"docgen", "apps/kreg_docgen"}};

// What the programs may include from the library: these layers whole, and of solvers/ the files
// that say what to fit rather than how: the settings (fit_settings.h), the method and solver
// tables (method_registry.h, solver_table.h), the default grids (default_grids.h: a method's
// row and one number in, a list of regulariser values out, with no matrix and no solver in it)
// and what a path returns (path_point.h: one point's values, a plain struct).
const std::vector<std::string> kCommandLineLayers = {"core",   "io",     "data",   "kernels",
                                                     "model",  "routes", "select", "plot"};
const std::vector<std::string> kCommandLineSolverHeaders = {"fit_settings.h", "method_registry.h", "default_grids.h",
                                                            "solver_table.h", "path_point.h"};
// And of gp/ the names of the tuning objectives (tune_objective.h: an enum and its text).
const std::vector<std::string> kCommandLineGpHeaders = {"tune_objective.h"};

std::string joined(const std::vector<std::string>& words, const std::string& separator) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : separator) + w;
  return s;
}

long rank_of(const std::string& layer) {
  const auto it = std::find(kLayers.begin(), kLayers.end(), layer);
  return it == kLayers.end() ? -1 : static_cast<long>(it - kLayers.begin());
}

bool is_program(const std::string& layer) {
  return std::any_of(kPrograms.begin(), kPrograms.end(), [&](const auto& p) { return p.first == layer; });
}

bool is_library(const std::string& layer) { return rank_of(layer) >= 0 && !is_program(layer); }

bool is_source(const fs::path& file) {
  static const std::set<std::string> extensions = {".h",   ".hh",  ".hpp", ".hxx", ".c",  ".cc",
                                                   ".cpp", ".cxx", ".inl", ".ipp", ".tpp"};
  return extensions.count(file.extension().string()) > 0;
}

// Where a file is: its layer ("" for none) and its name in it, "solvers/krr.h" for a library
// file (as it is included, without kreg/), the path below the program's directory for a program's.
struct Place {
  std::string layer;
  std::string name;
};

Place place_of(const fs::path& root, const fs::path& file) {
  const fs::path rel = file.lexically_normal().lexically_relative(root.lexically_normal());
  std::vector<std::string> parts;
  for (const auto& part : rel) parts.push_back(part.string());
  if (parts.size() >= 4 && parts[0] == "src" && parts[1] == "kreg" && is_library(parts[2]))
    return {parts[2], rel.lexically_relative("src/kreg").generic_string()};
  for (const auto& [layer, dir] : kPrograms) {
    const fs::path below = rel.lexically_relative(dir);
    if (!below.empty() && *below.begin() != ".." && below != ".") return {layer, below.generic_string()};
  }
  return {};
}

// One #include line.
struct Include {
  int line = 0;
  std::string text;    // the whole line
  std::string header;  // what it names
  bool quoted = false;
};

std::vector<Include> includes_of(const fs::path& file) {
  static const std::regex include_line(R"(^\s*#\s*include\s*([<"])([^">]+)[">])");
  std::vector<Include> found;
  std::ifstream in(file);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::smatch m;
    if (std::regex_search(line, m, include_line)) found.push_back({number, line, m[2], m[1] == "\""});
  }
  return found;
}

// What an include names: `project` false for a system or third-party header; else its place
// (layer "" for a file of the project in no layer) and, when it exists, the file.
struct Target {
  bool project = false;
  Place place;
  fs::path file;
};

Target target_of(const fs::path& root, const fs::path& includer, const Include& include) {
  std::vector<fs::path> dirs;
  if (include.quoted) dirs.push_back(includer.parent_path());
  dirs.push_back(root / "src");
  for (const auto& program : kPrograms) dirs.push_back(root / program.second);
  for (const auto& dir : dirs) {
    const fs::path candidate = (dir / include.header).lexically_normal();
    if (fs::is_regular_file(candidate)) return {true, place_of(root, candidate), candidate};
  }
  static const std::regex library_name(R"(^kreg/([^/]+)/(.+)$)");
  std::smatch m;
  if (std::regex_search(include.header, m, library_name)) return {true, {m[1], m[1].str() + "/" + m[2].str()}, {}};
  return {};
}

std::string where(const fs::path& root, const fs::path& file, const Include& include) {
  return file.lexically_relative(root).generic_string() + ":" + std::to_string(include.line) + ": " + include.text;
}

// The source files under root/src and root/apps.
std::vector<fs::path> sources_under(const fs::path& root) {
  std::vector<fs::path> files;
  for (const char* top : {"src", "apps"}) {
    if (!fs::exists(root / top)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / top))
      if (entry.is_regular_file() && is_source(entry.path())) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// "file:line: #include ... (why)" for every include that points up the layer order, names no
// layer, or is a library include spelled other than "kreg/<layer>/..."; "file: (why)" for a
// source file in no layer.
std::vector<std::string> layering_violations(const fs::path& root) {
  std::vector<std::string> found;
  for (const fs::path& file : sources_under(root)) {
    const Place own = place_of(root, file);
    if (own.layer.empty()) {
      found.push_back(file.lexically_relative(root).generic_string() +
                      ": (in no layer: the library is src/kreg/<layer>/, the programs apps/kreg/ and "
                      "apps/kreg_docgen/)");
      continue;
    }
    for (const Include& include : includes_of(file)) {
      const Target target = target_of(root, file, include);
      const bool library = !is_program(own.layer);
      std::string why;
      if (library && is_program(target.place.layer))
        why = "a library file includes no program header";
      else if (library && include.quoted && include.header.rfind("kreg/", 0) != 0)
        why = "library headers are included as \"kreg/<layer>/...\"";
      else if (!target.project)
        continue;
      else if (target.place.layer.empty())
        why = "names a file in no layer";
      else if (rank_of(target.place.layer) < 0)
        why = "kreg/" + target.place.layer + "/ is no layer";
      else if (rank_of(target.place.layer) > rank_of(own.layer))
        why = own.layer + " includes " + target.place.layer + ", a layer after it";
      if (!why.empty()) found.push_back(where(root, file, include) + " (" + why + ")");
    }
  }
  return found;
}

// Why the programs may not include the library header `name` ("solvers/krr.h"), or "" when they may.
std::string refused_to_programs(const Place& header) {
  if (std::find(kCommandLineLayers.begin(), kCommandLineLayers.end(), header.layer) != kCommandLineLayers.end())
    return "";
  const std::string file =
      header.name.substr(header.name.find('/') + 1);  // "fit_settings.h" of "solvers/fit_settings.h"
  if (header.layer == "solvers" && std::find(kCommandLineSolverHeaders.begin(), kCommandLineSolverHeaders.end(),
                                             file) != kCommandLineSolverHeaders.end())
    return "";
  if (header.layer == "gp" &&
      std::find(kCommandLineGpHeaders.begin(), kCommandLineGpHeaders.end(), file) != kCommandLineGpHeaders.end())
    return "";
  if (header.layer == "solvers") return "a solver's implementation";
  if (header.layer == "gp") return "the Gaussian-process tuning's numerical work";
  if (header.layer == "linalg" || header.layer == "spectral") return "linear algebra";
  return "not a layer the programs may include";
}

// "file:line: #include ... (why)" for every include of a program (apps/kreg, apps/kreg_docgen)
// that brings in a library header other than those above, itself or through the library headers
// it includes.
std::vector<std::string> command_line_violations(const fs::path& root) {
  std::vector<std::string> found;
  for (const fs::path& file : sources_under(root)) {
    if (!is_program(place_of(root, file).layer)) continue;
    for (const Include& include : includes_of(file)) {
      const Target target = target_of(root, file, include);
      if (!target.project || is_program(target.place.layer)) continue;  // a program's own headers are read as files
      const std::string why = refused_to_programs(target.place);
      if (!why.empty()) {
        found.push_back(where(root, file, include) + " (" + target.place.name + ": " + why + ")");
        continue;
      }
      // The library headers it includes in turn, nearest first, each with the chain that leads to it.
      std::vector<std::pair<Target, std::string>> queue = {{target, "kreg/" + target.place.name}};
      std::set<fs::path> seen = {target.file};
      for (std::size_t next = 0; next < queue.size(); ++next) {
        const auto [header, chain] = queue[next];
        if (header.file.empty()) continue;
        for (const Include& inner : includes_of(header.file)) {
          const Target t = target_of(root, header.file, inner);
          if (!t.project || t.file.empty() || !is_library(t.place.layer) || !seen.insert(t.file).second) continue;
          const std::string step = chain + " -> kreg/" + t.place.name;
          const std::string inner_why = refused_to_programs(t.place);
          if (inner_why.empty())
            queue.push_back({t, step});
          else
            found.push_back(where(root, file, include) + " (" + step + ": " + inner_why + ")");
        }
      }
    }
  }
  return found;
}

std::string listed(const std::vector<std::string>& found) {
  std::string list;
  for (const auto& f : found) list += "\n  " + f;
  return list;
}

TEST(Layering, NoIncludePointsUpTheOrder) {
  const std::vector<std::string> found = layering_violations(KREG_SOURCE_DIR);
  EXPECT_TRUE(found.empty()) << "includes against the layer order " << joined(kLayers, " <- ")
                             << " (src/kreg/<layer>/, apps = apps/kreg/, docgen = apps/kreg_docgen/; each "
                                "includes only itself and the layers before it):"
                             << listed(found);
}

TEST(Layering, CommandLineIncludesNoLinalgOrSolverImplementation) {
  const std::vector<std::string> found = command_line_violations(KREG_SOURCE_DIR);
  EXPECT_TRUE(found.empty()) << "apps/kreg and apps/kreg_docgen include from the library only "
                             << joined(kCommandLineLayers, ", ") << " headers, and of solvers only "
                             << joined(kCommandLineSolverHeaders, ", ") << ", and of gp only "
                             << joined(kCommandLineGpHeaders, ", ")
                             << " (no linalg or spectral header and no solver, also not through a header they "
                                "include); what they need of those belongs behind a header of an allowed layer:"
                             << listed(found);
}

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

bool has(const std::vector<std::string>& found, const std::string& start) {
  return std::any_of(found.begin(), found.end(), [&](const std::string& f) { return f.rfind(start, 0) == 0; });
}

TEST(Layering, AnUpwardIncludeIsFound) {
  const fs::path root = scratch_dir();
  write(root / "src/kreg/data/bad.cpp",
        "#include <vector>\n#include \"kreg/core/errors.h\"\n#include \"kreg/select/cv.h\"\n"
        "#  include <kreg/solvers/krr.h>\n#include<kreg/model/train.h>\n");
  write(root / "src/kreg/select/fine.cpp", "#include \"kreg/data/dataset.h\"\n#include <kreg/routes/route.h>\n");
  const std::vector<std::string> found = layering_violations(root);
  EXPECT_EQ(found.size(), 3u) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/data/bad.cpp:3: ")) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/data/bad.cpp:4: ")) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/data/bad.cpp:5: ")) << listed(found);
}

TEST(Layering, RoutesSitsBetweenModelAndSelect) {
  const fs::path root = scratch_dir();  // no src/kreg/routes/ needed: a name counts by its spelling
  write(root / "src/kreg/model/m.cpp", "#include \"kreg/routes/route.h\"\n#include \"kreg/solvers/krr.h\"\n");
  write(root / "src/kreg/routes/r.cpp", "#include \"kreg/model/train.h\"\n#include \"kreg/select/cv.h\"\n");
  write(root / "src/kreg/select/s.cpp", "#include \"kreg/routes/route.h\"\n");
  write(root / "src/kreg/nowhere/n.cpp", "#include \"kreg/core/errors.h\"\n");
  write(root / "src/kreg/core/c.cpp", "#include \"kreg/nowhere/n.h\"\n");
  const std::vector<std::string> found = layering_violations(root);
  EXPECT_EQ(found.size(), 4u) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/model/m.cpp:1: ")) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/routes/r.cpp:2: ")) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/nowhere/n.cpp: (in no layer")) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/core/c.cpp:1: ")) << listed(found);
}

TEST(Layering, GpSitsBetweenSpectralAndSolvers) {
  const fs::path root = scratch_dir();  // names count by their spelling
  write(root / "src/kreg/gp/g.cpp",
        "#include \"kreg/linalg/cholesky.h\"\n#include \"kreg/kernels/kernel.h\"\n#include \"kreg/data/dataset.h\"\n"
        "#include \"kreg/solvers/krr.h\"\n#include \"kreg/routes/route.h\"\n#include \"kreg/select/cv.h\"\n"
        "#include \"kreg/model/model.h\"\n");
  write(root / "src/kreg/solvers/s.cpp", "#include \"kreg/gp/gp_objective.h\"\n");
  write(root / "src/kreg/routes/r.cpp", "#include \"kreg/gp/bounded_minimizer.h\"\n");
  write(root / "src/kreg/kernels/k.cpp", "#include \"kreg/gp/gp_kernel.h\"\n");
  const std::vector<std::string> found = layering_violations(root);
  EXPECT_EQ(found.size(), 5u) << listed(found);
  for (const char* line : {"src/kreg/gp/g.cpp:4: ", "src/kreg/gp/g.cpp:5: ", "src/kreg/gp/g.cpp:6: ",
                           "src/kreg/gp/g.cpp:7: ", "src/kreg/kernels/k.cpp:1: "})
    EXPECT_TRUE(has(found, line)) << line << listed(found);
}

TEST(Layering, ALibraryFileIncludingAProgramHeaderIsFound) {
  const fs::path root = scratch_dir();
  write(root / "apps/kreg/command.h", "#include \"kreg/core/errors.h\"\n#include \"man_page.h\"\n");
  write(root / "apps/kreg_docgen/man_page.h", "#include \"kreg_app.h\"\n#include <kreg/core/errors.h>\n");
  write(root / "apps/kreg/kreg_app.h", "#include \"command.h\"\n");
  write(root / "src/kreg/select/a.cpp", "#include <command.h>\n#include <string>\n");
  write(root / "src/kreg/select/b.cpp", "#include \"../../../apps/kreg/command.h\"\n");
  write(root / "src/kreg/select/c.cpp", "#include <man_page.h>\n");
  const std::vector<std::string> found = layering_violations(root);
  EXPECT_EQ(found.size(), 4u) << listed(found);
  EXPECT_TRUE(has(found, "apps/kreg/command.h:2: ")) << listed(found);  // the command line includes no docgen header
  EXPECT_TRUE(has(found, "src/kreg/select/a.cpp:1: ")) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/select/b.cpp:1: ")) << listed(found);
  EXPECT_TRUE(has(found, "src/kreg/select/c.cpp:1: ")) << listed(found);
}

TEST(Layering, ACommandLineIncludeOfLinalgOrASolverIsFound) {
  const fs::path root = scratch_dir();
  write(root / "src/kreg/linalg/cholesky.h", "");
  write(root / "src/kreg/solvers/fit_settings.h", "#include \"kreg/solvers/method_registry.h\"\n");
  write(root / "src/kreg/solvers/method_registry.h", "#include <string>\n");
  write(root / "src/kreg/select/cv.h", "#include \"kreg/solvers/fit_settings.h\"\n");
  write(root / "src/kreg/select/leaky.h", "#include \"kreg/select/cv.h\"\n#include \"kreg/linalg/cholesky.h\"\n");
  write(root / "apps/kreg/fine.cpp",
        "#include \"kreg/core/errors.h\"\n#include <kreg/io/table_writer.h>\n#include \"kreg/data/dataset.h\"\n"
        "#include \"kreg/kernels/kernel_type.h\"\n#include \"kreg/model/train.h\"\n#include \"kreg/routes/route.h\"\n"
        "#include \"kreg/select/cv.h\"\n#include \"kreg/solvers/fit_settings.h\"\n"
        "#include \"kreg/solvers/method_registry.h\"\n#include \"kreg/solvers/default_grids.h\"\n"
        "#include \"kreg/solvers/solver_table.h\"\n#include <vector>\n#include \"fine.h\"\n");
  write(root / "apps/kreg/bad.cpp",
        "#include \"kreg/linalg/lapack.h\"\n#include <kreg/solvers/krr.h>\n#include \"kreg/spectral/spectrum.h\"\n"
        "#include \"../../src/kreg/linalg/cholesky.h\"\n#include \"kreg/select/leaky.h\"\n");
  write(root / "apps/kreg_docgen/doc.cpp",
        "#include \"kreg/solvers/nystrom_path.h\"\n#include \"kreg/core/errors.h\"\n");
  const std::vector<std::string> found = command_line_violations(root);
  EXPECT_EQ(found.size(), 6u) << listed(found);
  for (const char* line : {"apps/kreg/bad.cpp:1: ", "apps/kreg/bad.cpp:2: ", "apps/kreg/bad.cpp:3: ",
                           "apps/kreg/bad.cpp:4: ", "apps/kreg/bad.cpp:5: ", "apps/kreg_docgen/doc.cpp:1: "})
    EXPECT_TRUE(has(found, line)) << line << listed(found);
  EXPECT_TRUE(layering_violations(root).empty()) << listed(layering_violations(root));
}

}  // namespace
}  // namespace kreg::test
