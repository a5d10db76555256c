// Shard files of a split cross-validation run: writing, reading, and the checks of a merge.
#include "kreg/select/cv_shard.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>
#include <vector>

#include "kreg/core/errors.h"
#include "kreg/core/number_parse.h"
#include "kreg/core/number_text.h"
#include "kreg/data/fingerprint.h"
#include "kreg/io/byte_source.h"
#include "kreg/io/json_input.h"
#include "kreg/io/text_lines.h"

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

// A row holds three indices, five numbers of at most 24 characters and two flags: far less.
constexpr std::size_t kMaxRowLength = 4096;
// The first line holds the run: its settings (grids of up to a million values given as text) and
// the fold of every row, about 256 MiB for 80 million rows.
constexpr std::size_t kMaxRunLength = std::size_t(256) << 20;

const char* const kColumns[] = {"kernel_index", "fold",       "grid_index", "mse", "r2",
                                "score",        "unfinished", "unbounded",  "t"};

[[noreturn]] void bad_line(const std::string& path, std::size_t line, const std::string& problem) {
  throw DataError(path + ":" + std::to_string(line) + ": " + problem);
}

// "shard.csv:5:4: mse: ..." (the field's number and its column's name).
[[noreturn]] void bad_field(const std::string& path, std::size_t line, std::size_t field, const std::string& problem) {
  throw DataError(path + ":" + std::to_string(line) + ":" + std::to_string(field + 1) + ": " + kColumns[field] + ": " +
                  problem);
}

// The text of a field for a message: at most 40 characters.
std::string shown(const std::string& text) { return text.size() <= 40 ? text : text.substr(0, 37) + "..."; }

// A number as exact_text writes it: decimal digits, or nan, inf, -inf (never other spellings,
// hexadecimal, or digits beyond the range of a double).
double parse_exact(const std::string& text, const std::string& path, std::size_t line, std::size_t field) {
  if (text == "nan") return NAN;
  if (text == "inf") return HUGE_VAL;
  if (text == "-inf") return -HUGE_VAL;
  double v = 0.0;
  if (parse_number(text.data(), text.data() + text.size(), v) != NumberText::kNumber)
    bad_field(path, line, field, "'" + shown(text) + "' is not a number as kreg cv --shard writes them");
  return v;
}

std::size_t parse_index(const std::string& text, const std::string& path, std::size_t line, std::size_t field) {
  if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != std::string::npos)
    bad_field(path, line, field, "'" + shown(text) + "' is not an index");
  return static_cast<std::size_t>(std::stoull(text));
}

// The checks of the numbers of one row that each number allows alone, and between them.
struct RowNumbers {
  double mse, r2, score, t;
};
void check_row(const RowNumbers& v, bool score_is_mse, const std::string& path, std::size_t line,
               const std::vector<std::string>& cell) {
  const auto shown_value = [&](std::size_t field) { return "'" + shown(cell[field]) + "'"; };
  // A mean of squared (absolute, Huber) losses is >= 0; nan or inf when the fit broke down.
  if (v.mse < 0.0) bad_field(path, line, 3, shown_value(3) + " is negative: a mean of squared errors is >= 0");
  if (v.score < 0.0) bad_field(path, line, 5, shown_value(5) + " is negative: a mean of losses is >= 0");
  // R2 = 1 - SSE / SST <= 1; nan when the validation targets are constant, -inf when SSE overflows.
  if (v.r2 > 1.0) bad_field(path, line, 4, shown_value(4) + " is above 1: an R2 is at most 1");
  // A fold whose MSE is not finite has predictions that are not: its R2 cannot be finite either.
  if (!std::isfinite(v.mse) && std::isfinite(v.r2))
    bad_field(
        path, line, 4,
        shown_value(4) + " is finite while the MSE is " + cell[3] + ": one of them was changed after kreg wrote it");
  // A nan in the predictions makes every loss nan, and only a nan does.
  if (std::isnan(v.mse) != std::isnan(v.score))
    bad_field(path, line, 5,
              shown_value(5) + " and the mse " + shown_value(3) +
                  " are not both nan: one of them was changed after kreg wrote it");
  // With the MSE as the score, the file holds it twice, bit for bit.
  if (score_is_mse && !(v.score == v.mse || (std::isnan(v.score) && std::isnan(v.mse))))
    bad_field(path, line, 5,
              shown_value(5) + " differs from the mse " + shown_value(3) +
                  ", and the run's score is the MSE: one of them was changed after kreg wrote it");
  // t: the stopping time chosen on the fold (early stopping), nan for the other methods.
  if (v.t < 0.0 || std::isinf(v.t)) bad_field(path, line, 8, shown_value(8) + " is no stopping time (finite, >= 0)");
}

// The run's folds as the first line gives them: k >= 2 folds, each row's fold in 0..k-1, every
// fold used; "" when they are, else what is wrong.
std::string folds_problem(const nlohmann::ordered_json& run, std::size_t k) {
  if (!run.contains("rows") || !run["rows"].is_number_unsigned()) return "no 'rows'";
  if (!run.contains("folds") || !run["folds"].is_object()) return "no 'folds'";
  const auto& folds = run["folds"];
  if (!folds.contains("k") || !folds["k"].is_number_unsigned() || folds["k"].get<std::size_t>() != k)
    return "'folds.k' is not the 'k' of the scores (" + std::to_string(k) + ")";
  if (!folds.contains("fold_of_row") || !folds["fold_of_row"].is_array() ||
      folds["fold_of_row"].size() != run["rows"].get<std::size_t>())
    return "'folds.fold_of_row' is not a list of one fold per row ('rows')";
  std::vector<char> used(k, 0);
  for (const auto& f : folds["fold_of_row"]) {
    if (!f.is_number_unsigned() || f.get<std::size_t>() >= k)
      return "'folds.fold_of_row' holds " + json_excerpt(f) + ", not a fold from 0 to " + std::to_string(k - 1);
    used[f.get<std::size_t>()] = 1;
  }
  for (std::size_t f = 0; f < k; ++f)
    if (!used[f]) return "fold " + std::to_string(f) + " has no rows in 'folds.fold_of_row'";
  return "";
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

nlohmann::ordered_json cv_shard_run(const Dataset& data, const Folds& folds, const nlohmann::ordered_json& settings,
                                    const std::string& data_path, const nlohmann::ordered_json& given) {
  nlohmann::ordered_json run;
  run["kreg_version"] = KREG_VERSION;
  run["data_fingerprint"] = data_fingerprint(data);
  run["rows"] = data.n();
  run["settings"] = settings;
  run["folds"] = {{"k", folds.k}, {"fold_of_row", folds.fold_of_row}};
  run["data"] = data_path;
  run["given"] = given;
  return run;
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
  TextLines lines(open_input(path, "shard file"), "shard file");
  std::string line;
  CvShardFile file;
  file.path = path;
  const std::string marker = kMarker;
  // By its first bytes before the (long) first line.
  if (lines.peek(marker.size()) != marker ||
      !lines.next(line, kMaxRunLength, "the most a shard file's run description takes"))
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
  if (!file.run.is_object()) bad_line(path, 1, "the run description is not a JSON object");
  const auto count = [&](const char* key) -> std::size_t {
    if (!file.run.contains(key) || !file.run[key].is_number_unsigned() || file.run[key].get<std::size_t>() == 0)
      bad_line(path, 1, std::string("no '") + key + "' (a whole number >= 1)");
    return file.run[key].get<std::size_t>();
  };
  file.tasks = count("tasks");
  file.slots = count("slots");
  file.grid_values = count("grid_values");
  const std::size_t k = count("k");
  if (k < 2 || file.slots % k != 0 || file.slots > (std::size_t{1} << 32))
    bad_line(path, 1, "inconsistent 'slots' and 'k'");
  if (file.tasks != file.slots && file.tasks != file.slots / k)
    bad_line(path, 1, "'tasks' is neither 'slots' nor 'slots' / 'k'");
  file.folds = static_cast<int>(k);
  // The run's score, when it names one: the MSE unless it says otherwise.
  const bool score_is_mse = !file.run.contains("settings") || !file.run["settings"].is_object() ||
                            !file.run["settings"].contains("score") || file.run["settings"]["score"] == "mse";

  const std::string row_limit = "the most a row of a shard file takes";
  if (!lines.next(line, kMaxRowLength, row_limit) || line != kHeader)
    bad_line(path, 2, std::string("expected the header ") + kHeader);
  // The slot of each task: one slot per task, or (the group-deletion route) the k of a kernel.
  const std::size_t slots_per_task = file.tasks == file.slots ? 1 : k;
  std::vector<std::string> cell;
  while (lines.next(line, kMaxRowLength, row_limit)) {
    const std::size_t number = lines.line_number();
    cell.clear();
    for (std::size_t start = 0;;) {
      const std::size_t comma = line.find(',', start);
      cell.push_back(line.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (cell.size() != 9) bad_line(path, number, "expected 9 fields, found " + std::to_string(cell.size()));
    const std::size_t kernel = parse_index(cell[0], path, number, 0), fold = parse_index(cell[1], path, number, 1),
                      g = parse_index(cell[2], path, number, 2);
    if (kernel >= file.slots / k)
      bad_field(path, number, 0, cell[0] + " is beyond the run's " + std::to_string(file.slots / k) + " kernel points");
    if (fold >= k) bad_field(path, number, 1, cell[1] + " is beyond the run's " + std::to_string(k) + " folds");
    const std::size_t slot = kernel * k + fold;
    if (!file.shard.owns(slot / slots_per_task))
      bad_line(
          path, number,
          "kernel_index " + cell[0] + ", fold " + cell[1] + " belongs to another shard than " + shard_name(file.shard));
    CvFoldScores& sc = file.computed[slot];
    if (g != sc.mse.size() || g >= file.grid_values)
      bad_field(path, number, 2,
                cell[2] + " out of order (expected " + std::to_string(sc.mse.size()) + " of 0 to " +
                    std::to_string(file.grid_values - 1) + " for this kernel_index and fold)");
    RowNumbers v;
    v.mse = parse_exact(cell[3], path, number, 3);
    v.r2 = parse_exact(cell[4], path, number, 4);
    v.score = parse_exact(cell[5], path, number, 5);
    v.t = parse_exact(cell[8], path, number, 8);
    check_row(v, score_is_mse, path, number, cell);
    for (std::size_t flag : {std::size_t{6}, std::size_t{7}})
      if (cell[flag] != "0" && cell[flag] != "1")
        bad_field(path, number, flag, "'" + shown(cell[flag]) + "' is not 0 or 1");
    sc.mse.push_back(v.mse);
    sc.r2.push_back(v.r2);
    sc.score.push_back(v.score);
    sc.unfinished.push_back(cell[6] == "1");
    sc.unbounded.push_back(cell[7] == "1");
    if (g > 0 && !(sc.t == v.t || (std::isnan(sc.t) && std::isnan(v.t))))
      bad_field(path, number, 8, "'" + shown(cell[8]) + "' differs from the t of the rows before it of this fold");
    sc.t = v.t;
  }
  for (const auto& [slot, sc] : file.computed)
    if (sc.mse.size() != file.grid_values)
      throw DataError(path + ": kernel_index " + std::to_string(slot / k) + ", fold " + std::to_string(slot % k) +
                      " has " + std::to_string(sc.mse.size()) + " of its " + std::to_string(file.grid_values) +
                      " grid values (is the file cut short?)");
  return file;
}

std::string cv_shard_given_settings(const CvShardFile& shard) {
  const nlohmann::ordered_json& run = shard.run;
  for (const char* key : {"kreg_version", "data_fingerprint"})
    if (!run.contains(key) || !run[key].is_string())
      bad_line(shard.path, 1, std::string("the run description has no '") + key + "'");
  if (!run.contains("given") || !run["given"].is_object())
    bad_line(shard.path, 1, "the run description has no 'given' settings");
  if (run.value("kreg_version", "") != KREG_VERSION)
    throw ConfigError("merge", shard.path + " was written by kreg " + run.value("kreg_version", "?") + ", this is " +
                                   KREG_VERSION + ": merge with the version that computed it");
  return run["given"].dump();
}

void check_cv_shard_data(const CvShardFile& shard, const Dataset& data, const std::string& data_path) {
  if (data_fingerprint(data) != shard.run.value("data_fingerprint", ""))
    throw ConfigError("data", "'" + data_path + "' is not the data the shards were computed on (its contents differ)");
}

Folds cv_shard_folds(const CvShardFile& shard) {
  const std::string problem = folds_problem(shard.run, static_cast<std::size_t>(shard.folds));
  if (!problem.empty()) bad_line(shard.path, 1, problem);
  Folds folds;
  folds.k = shard.folds;
  folds.fold_of_row = shard.run["folds"]["fold_of_row"].get<std::vector<int>>();
  return folds;
}

void check_cv_shard_counts(const CvShardFile& shard, const CvSettings& settings) {
  const std::size_t kernels = cv_kernel_grid(settings).size();
  const std::size_t grid_values = regulariser_name(settings.base.method).empty() ? 1 : settings.regulariser_grid.size();
  const std::size_t k = static_cast<std::size_t>(shard.folds);
  if (shard.slots != kernels * k || shard.grid_values != grid_values)
    throw ConfigError("merge", shard.path + " holds " + std::to_string(shard.slots / k) + " kernel points x " +
                                   std::to_string(shard.grid_values) + " grid values, but its run's settings give " +
                                   std::to_string(kernels) + " x " + std::to_string(grid_values) +
                                   " (the file was changed after kreg cv --shard wrote it)");
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
  CvScores out;
  out.tasks = first.tasks;
  out.folds = first.folds;
  out.grid_values = first.grid_values;
  out.slots.resize(first.slots);
  out.filled.assign(first.slots, 0);
  for (const CvShardFile& s : shards)
    for (const auto& [slot, scores] : s.computed) {
      if (out.filled[slot]) throw ConfigError("merge", s.path + " repeats results of another shard file");
      out.slots[slot] = scores;
      out.filled[slot] = 1;
    }
  for (char f : out.filled)
    if (!f)
      throw ConfigError("merge", "the shard files do not cover every task of the run (is one of them cut short?)");
  return out;
}

}  // namespace kreg
