// Shard files of a split cross-validation run: writing, reading, and the checks of a merge.
#include "kreg/select/cv_shard.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/io/json_input.h"

namespace kreg {

namespace {

const char* const kMarker = "# kreg cv shard ";
const char* const kHeader = "kernel_index,fold,grid_index,mse,r2,score,unfinished,unbounded,t";

// Every bit of the value, and the non-finite values spelled as strtod reads them.
std::string exact_text(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return number_text(v);
}

[[noreturn]] void bad_line(const std::string& path, std::size_t line, const std::string& problem) {
  throw DataError(path + ":" + std::to_string(line) + ": " + problem);
}

double parse_exact(const std::string& text, const std::string& path, std::size_t line) {
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) bad_line(path, line, "'" + text + "' is not a number");
  return v;
}

std::size_t parse_index(const std::string& text, const std::string& path, std::size_t line) {
  if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != std::string::npos)
    bad_line(path, line, "'" + text + "' is not an index");
  return static_cast<std::size_t>(std::stoull(text));
}

// The first place where two runs differ, as "settings.lambda_grid" ("" when they are equal).
std::string first_difference(const nlohmann::ordered_json& a, const nlohmann::ordered_json& b,
                             const std::string& where) {
  if (a.is_object() && b.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) {
      const std::string at = where.empty() ? it.key() : where + "." + it.key();
      if (!b.contains(it.key())) return at;
      const std::string d = first_difference(it.value(), b.at(it.key()), at);
      if (!d.empty()) return d;
    }
    for (auto it = b.begin(); it != b.end(); ++it)
      if (!a.contains(it.key())) return where.empty() ? it.key() : where + "." + it.key();
    return "";
  }
  return a == b ? "" : (where.empty() ? "the run" : where);
}

std::string shard_name(const CvShard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

}  // namespace

CvShard parse_cv_shard(const std::string& text) {
  const std::size_t slash = text.find('/');
  CvShard s;
  const auto whole = [](const std::string& t) {
    return !t.empty() && t.size() <= 9 && t.find_first_not_of("0123456789") == std::string::npos;
  };
  if (slash == std::string::npos || !whole(text.substr(0, slash)) || !whole(text.substr(slash + 1)))
    throw ConfigError("shard", "expected I/N (shard I of N, 1 <= I <= N), got '" + text + "'");
  s.index = std::stoi(text.substr(0, slash));
  s.count = std::stoi(text.substr(slash + 1));
  if (s.count < 1 || s.index < 1 || s.index > s.count)
    throw ConfigError("shard", "expected I/N with 1 <= I <= N, got '" + text + "'");
  return s;
}

std::string cv_shard_text(const CvShard& shard, const nlohmann::ordered_json& run, const CvScores& scores) {
  nlohmann::ordered_json head = run;
  head["tasks"] = scores.tasks;
  head["slots"] = scores.slots.size();
  head["k"] = scores.folds;
  head["grid_values"] = scores.grid_values;
  std::ostringstream out;
  out << kMarker << shard_name(shard) << " " << head.dump() << "\n" << kHeader << "\n";
  const std::size_t k = static_cast<std::size_t>(scores.folds);
  for (std::size_t slot = 0; slot < scores.slots.size(); ++slot) {
    if (!scores.filled[slot]) continue;
    const CvFoldScores& sc = scores.slots[slot];
    for (std::size_t g = 0; g < sc.mse.size(); ++g) {
      const bool unfinished = !sc.unfinished.empty() && sc.unfinished[g];
      const bool unbounded = !sc.unbounded.empty() && sc.unbounded[g];
      out << slot / k << "," << slot % k << "," << g << "," << exact_text(sc.mse[g]) << "," << exact_text(sc.r2[g])
          << "," << exact_text(sc.score[g]) << "," << unfinished << "," << unbounded << "," << exact_text(sc.t) << "\n";
    }
  }
  return out.str();
}

CvShardFile read_cv_shard(const std::string& path) {
  const std::string text = read_input_text(path, "shard file");
  std::istringstream in(text);
  std::string line;
  CvShardFile file;
  file.path = path;
  const std::string marker = kMarker;
  if (!std::getline(in, line) || line.compare(0, marker.size(), marker) != 0)
    bad_line(path, 1, "not a shard file of kreg cv (it should start with '" + marker + "I/N')");
  const std::string rest = line.substr(marker.size());
  const std::size_t space = rest.find(' ');
  try {
    file.shard = parse_cv_shard(rest.substr(0, space));
  } catch (const ConfigError& e) {
    bad_line(path, 1, e.problem());
  }
  nlohmann::json parsed;
  const std::string problem =
      space == std::string::npos ? "no run description" : parse_json_text(rest.substr(space + 1), parsed);
  if (!problem.empty()) bad_line(path, 1, problem);
  file.run = nlohmann::ordered_json::parse(rest.substr(space + 1));
  const auto count = [&](const char* key) -> std::size_t {
    if (!file.run.contains(key) || !file.run[key].is_number_unsigned())
      bad_line(path, 1, std::string("no '") + key + "'");
    return file.run[key].get<std::size_t>();
  };
  file.scores.tasks = count("tasks");
  const std::size_t slots = count("slots"), k = count("k"), grid_values = count("grid_values");
  if (k == 0 || slots % k != 0 || slots > (std::size_t{1} << 32)) bad_line(path, 1, "inconsistent 'slots' and 'k'");
  file.scores.folds = static_cast<int>(k);
  file.scores.grid_values = grid_values;
  file.scores.slots.resize(slots);
  file.scores.filled.assign(slots, 0);
  if (!std::getline(in, line) || line != kHeader) bad_line(path, 2, std::string("expected the header ") + kHeader);
  for (std::size_t number = 3; std::getline(in, line); ++number) {
    std::vector<std::string> cell;
    std::string item;
    std::istringstream fields(line);
    while (std::getline(fields, item, ',')) cell.push_back(item);
    if (cell.size() != 9) bad_line(path, number, "expected 9 fields, found " + std::to_string(cell.size()));
    const std::size_t kernel = parse_index(cell[0], path, number), fold = parse_index(cell[1], path, number),
                      g = parse_index(cell[2], path, number);
    if (fold >= k || kernel >= slots / k) bad_line(path, number, "kernel_index or fold out of range");
    const std::size_t slot = kernel * k + fold;
    CvFoldScores& sc = file.scores.slots[slot];
    if (g != sc.mse.size()) bad_line(path, number, "grid_index " + cell[2] + " out of order");
    sc.mse.push_back(parse_exact(cell[3], path, number));
    sc.r2.push_back(parse_exact(cell[4], path, number));
    sc.score.push_back(parse_exact(cell[5], path, number));
    if (cell[6] != "0" && cell[6] != "1") bad_line(path, number, "unfinished must be 0 or 1");
    if (cell[7] != "0" && cell[7] != "1") bad_line(path, number, "unbounded must be 0 or 1");
    sc.unfinished.push_back(cell[6] == "1");
    sc.unbounded.push_back(cell[7] == "1");
    sc.t = parse_exact(cell[8], path, number);
    file.scores.filled[slot] = 1;
  }
  for (std::size_t slot = 0; slot < slots; ++slot)
    if (file.scores.filled[slot] && file.scores.slots[slot].mse.size() != grid_values)
      throw DataError(path + ": kernel_index " + std::to_string(slot / k) + ", fold " + std::to_string(slot % k) +
                      " has " + std::to_string(file.scores.slots[slot].mse.size()) + " of its " +
                      std::to_string(grid_values) + " grid values (is the file cut short?)");
  return file;
}

CvScores merge_cv_shards(const std::vector<CvShardFile>& shards) {
  if (shards.empty()) throw ConfigError("merge", "no shard files given");
  const CvShardFile& first = shards.front();
  std::map<int, const CvShardFile*> by_index;
  for (const CvShardFile& s : shards) {
    if (s.shard.count != first.shard.count)
      throw ConfigError("merge", s.path + " is shard " + shard_name(s.shard) + " but " + first.path + " is shard " +
                                     shard_name(first.shard) + ": not parts of one run");
    const std::string d = first_difference(first.run, s.run, "");
    if (!d.empty())
      throw ConfigError("merge", s.path + " belongs to another cv run than " + first.path + " ('" + d + "' differs)");
    const auto [it, inserted] = by_index.emplace(s.shard.index, &s);
    if (!inserted)
      throw ConfigError("merge",
                        "shard " + shard_name(s.shard) + " given twice: " + it->second->path + " and " + s.path);
  }
  std::string missing;
  for (int i = 1; i <= first.shard.count; ++i)
    if (!by_index.count(i)) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
  if (!missing.empty())
    throw ConfigError("merge", "shard" + std::string(missing.find(',') != std::string::npos ? "s " : " ") + missing +
                                   " of " + std::to_string(first.shard.count) + " missing (" +
                                   std::to_string(shards.size()) + " shard file" + (shards.size() == 1 ? "" : "s") +
                                   " given)");
  CvScores out = first.scores;
  out.filled.assign(out.slots.size(), 0);
  for (const CvShardFile& s : shards)
    for (std::size_t slot = 0; slot < s.scores.slots.size(); ++slot) {
      if (!s.scores.filled[slot]) continue;
      if (out.filled[slot]) throw ConfigError("merge", s.path + " repeats results of another shard file");
      out.slots[slot] = s.scores.slots[slot];
      out.filled[slot] = 1;
    }
  for (char f : out.filled)
    if (!f)
      throw ConfigError("merge", "the shard files do not cover every task of the run (is one of them cut short?)");
  return out;
}

}  // namespace kreg
