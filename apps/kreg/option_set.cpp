// Command line + JSON config merging for one subcommand.
#include "option_set.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "kreg/core/number_parse.h"
#include "kreg/core/number_text.h"
#include "kreg/core/suggest.h"
#include "kreg/io/json_input.h"

namespace kreg::cli {

using nlohmann::json;

std::string key_of_flag(const std::string& names) {
  const std::string flag = names.substr(names.rfind(',') == std::string::npos ? 0 : names.rfind(',') + 1);
  std::string key = flag.substr(flag.find_first_not_of('-'));
  for (char& c : key)
    if (c == '-') c = '_';
  return key;
}

namespace detail {
void type_error(const std::string& where, const std::string& expected, const json& got) {
  throw ConfigError(where + ": expected " + expected + ", got " + std::string(got.type_name()) + " " +
                    json_excerpt(got));
}

namespace {
// The text as a message shows it: at most 40 characters.
std::string shown(const std::string& text) { return text.size() <= 40 ? text : text.substr(0, 37) + "..."; }
}  // namespace

std::string check_integer_text(std::string& text, long long low, long long high) {
  long long value = 0;
  switch (parse_decimal_integer(text, low, high, value)) {
    case IntegerText::kNumber:
      text = std::to_string(value);  // "010" -> "10": CLI11 would read a leading 0 as octal
      return "";
    case IntegerText::kNotAnInteger:
      return "expected a whole number in decimal digits (such as 10), got '" + shown(text) + "'";
    case IntegerText::kOutOfRange:
      return text.find('-') == std::string::npos
                 ? "'" + shown(text) + "' is too large: at most " + std::to_string(high)
                 : "'" + shown(text) + "' is too small: at least " + std::to_string(low);
  }
  return "not a number";
}

std::string check_number_text(std::string& text) {
  double value = 0.0;
  switch (parse_number(text.data(), text.data() + text.size(), value)) {
    case NumberText::kNumber:
      text = format_double(value);  // 17 digits: CLI11 reads them back (through long double) to the same double
      return "";
    case NumberText::kNotANumber:
      return "expected a number in decimal or scientific notation (such as 0.5, 10 or 1e-3), got '" + shown(text) + "'";
    case NumberText::kNonFinite:
      return "expected a finite number, got '" + shown(text) + "'";
    case NumberText::kOutOfRange:
      return "'" + shown(text) + "' is beyond the range of numbers (about 1.8e308)";
  }
  return "not a number";
}

std::string check_number_list_text(std::string& text) {
  std::vector<std::string> items(1);
  for (char c : text) {
    if (c == ',')
      items.emplace_back();
    else
      items.back() += c;
  }
  if (items.size() > 1)  // "0.5, 2, 1.3": the spaces around a list's items are not part of them
    for (std::string& item : items) {
      const std::size_t first = item.find_first_not_of(" \t"), last = item.find_last_not_of(" \t");
      item = first == std::string::npos ? std::string() : item.substr(first, last - first + 1);
    }
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string problem = check_number_text(items[i]);
    if (!problem.empty())
      return items.size() == 1 ? problem
                               : "value " + std::to_string(i + 1) + " of " + std::to_string(items.size()) + " in '" +
                                     shown(text) + "': " + problem;
    out += (i ? "," : "") + items[i];
  }
  text = out;
  return "";
}

void integer_range_error(const std::string& where, long long low, unsigned long long high, const json& got) {
  throw ConfigError(where + ": expected an integer from " + std::to_string(low) + " to " + std::to_string(high) +
                    ", got " + json_excerpt(got));
}
}  // namespace detail

OptionSet::OptionSet(CLI::App& app) : app_(app) {
  app_.add_option("--config", config_path_, "JSON file with options under their snake_case names")->option_text("FILE");
  app_.add_flag("--print-config", print_config_, "print the merged configuration as JSON and exit");
  add("--threads", threads_, "worker threads (0 = all cores)");
  add_flag("--quiet", quiet_, "no progress or summary lines on the terminal");
  add_flag("--progress", progress_,
           "progress lines on stderr even when it is not a terminal (for logs); without it, a terminal shows a "
           "progress line once a run takes 2 s");
  add("--progress-every", progress_every_, "seconds between --progress lines");
  add("--max-memory", max_memory_,
      "memory this run may use, e.g. 4G or 512M (default: what the machine, ulimit -v and the cgroup allow)")
      ->option_text("SIZE");
}

CLI::Option* OptionSet::bind(const std::string& flag, CLI::Option* opt,
                             std::function<void(const json&, const std::string&)> from_json,
                             std::function<json()> to_json) {
  const std::string long_flag = "--" + key_of_flag(flag);  // "-o,--output" -> "--output"
  std::string shown = long_flag;
  for (char& c : shown)
    if (c == '_') c = '-';
  entries_.push_back(Entry{key_of_flag(flag), shown, opt, std::move(from_json), std::move(to_json), {}});
  return opt;
}

CLI::Option* OptionSet::add_flag(const std::string& flag, bool& field, const std::string& help) {
  CLI::Option* opt = app_.add_flag(flag, field, help);
  return bind(
      flag, opt,
      [&field](const json& j, const std::string& where) {
        if (!j.is_boolean()) detail::type_error(where, "true or false", j);
        field = j.get<bool>();
      },
      [&field]() { return json(field); });
}

CLI::Option* OptionSet::add_number_list(const std::string& flag, std::vector<double>& field, const std::string& help) {
  CLI::Option* opt = app_.add_option_function<std::string>(
      flag,
      [&field](const std::string& text) {  // checked and rewritten by the transform below
        field.clear();
        std::size_t start = 0;
        for (std::size_t comma = text.find(',');; comma = text.find(',', start)) {
          field.push_back(std::strtod(text.substr(start, comma - start).c_str(), nullptr));
          if (comma == std::string::npos) break;
          start = comma + 1;
        }
      },
      help);
  opt->type_name("FLOAT[,...]");
  if (field.size() == 1) opt->default_str(number_text(field[0]));
  opt->transform(CLI::Validator([](std::string& text) { return detail::check_number_list_text(text); }, ""));
  return bind(
      flag, opt,
      [&field](const json& j, const std::string& where) {
        const char* expected = "a number, or a list of numbers";
        if (j.is_number()) {
          field = {j.get<double>()};
        } else if (j.is_array() && !j.empty()) {
          field.clear();
          for (const auto& v : j) {
            if (!v.is_number()) detail::type_error(where, expected, j);
            field.push_back(v.get<double>());
          }
        } else {
          detail::type_error(where, expected, j);
        }
      },
      [&field]() { return field.size() == 1 ? json(field[0]) : json(field); });
}

CLI::Option* OptionSet::add_choice(const std::string& flag, std::string& field, std::vector<std::string> values,
                                   const std::string& help) {
  CLI::Option* opt = add(flag, field, help);
  entries_.back().values = std::move(values);
  return opt;
}

std::vector<std::string> OptionSet::values_of(const CLI::Option* option) const {
  for (const auto& e : entries_)
    if (e.option == option) return e.values;
  return {};
}

CLI::Option* OptionSet::add_grid(const std::string& flag, std::string& field, const std::string& help) {
  CLI::Option* opt = app_.add_option(flag, field, help)->option_text("GRID");
  return bind(
      flag, opt,
      [&field](const json& j, const std::string& where) {
        const auto number_text = [&](const json& v) {
          if (!v.is_number())
            detail::type_error(where, "a grid: a list of numbers, {\"logspace\": [a, b, n]} or text", j);
          char buf[32];
          std::snprintf(buf, sizeof buf, "%.17g", v.get<double>());
          return std::string(buf);
        };
        if (j.is_string()) {
          field = j.get<std::string>();
        } else if (j.is_array()) {
          if (j.size() > 1000000) detail::type_error(where, "a grid of at most 1000000 values", j);
          field.clear();
          for (const auto& v : j) field += (field.empty() ? "" : ",") + number_text(v);
        } else if (j.is_object() && j.size() == 1 && (j.contains("logspace") || j.contains("linspace")) &&
                   j.begin().value().is_array() && j.begin().value().size() == 3) {
          field = j.begin().key();
          for (const auto& v : j.begin().value()) field += ":" + number_text(v);
        } else {
          detail::type_error(where, "a grid: a list of numbers, {\"logspace\": [a, b, n]} or text", j);
        }
      },
      [&field]() { return json(field); });
}

void OptionSet::apply_config() {
  if (config_path_.empty()) return;
  json cfg;
  std::string problem;
  try {
    problem = parse_json_file(config_path_, "config file", cfg);
  } catch (const DataError& e) {
    throw ConfigError(e.what());  // a config that cannot be read is a settings problem (exit 2 either way)
  }
  if (!problem.empty()) throw ConfigError(input_name(config_path_) + ": " + problem);
  apply_config_json(cfg, config_path_);
}

void OptionSet::apply_config_text(const std::string& text, const std::string& source) {
  json cfg;
  const std::string problem = parse_json_text(text, cfg);
  if (!problem.empty()) throw ConfigError(source + ": " + problem);
  apply_config_json(cfg, source);
}

void OptionSet::apply_config_json(const json& cfg, const std::string& source) {
  if (!cfg.is_object()) throw ConfigError(source + ": a config must be a JSON object of option names");
  for (auto it = cfg.begin(); it != cfg.end(); ++it) {
    if (it.key() == kSelectionKey) continue;  // a record of how the values were chosen, not an option
    const Entry* entry = nullptr;
    for (const auto& e : entries_)
      if (e.key == it.key()) entry = &e;
    // (A key is shown in full only when short: a hostile file cannot flood the terminal.)
    const std::string key_text = it.key().size() <= 60 ? it.key() : it.key().substr(0, 57) + "...";
    const std::string where = source + ": key '" + key_text + "'";
    if (entry == nullptr) {
      std::vector<std::string> keys;
      for (const auto& e : entries_) keys.push_back(e.key);
      throw ConfigError(where + ": unknown option for 'kreg " + app_.get_name() + "'" + did_you_mean(it.key(), keys));
    }
    if (entry->option->count() > 0) continue;  // the command line wins
    entry->from_json(it.value(), where);
    from_config_.push_back(it.key());
  }
}

json OptionSet::merged() const {
  json j = json::object();
  for (const auto& e : entries_) j[e.key] = e.to_json();
  return j;
}

std::vector<std::string> OptionSet::keys() const {
  std::vector<std::string> out;
  for (const auto& e : entries_) out.push_back(e.key);
  return out;
}

bool OptionSet::given(const std::string& key) const {
  for (const auto& e : entries_)
    if (e.key == key && e.option->count() > 0) return true;
  for (const auto& k : from_config_)
    if (k == key) return true;
  return false;
}

bool OptionSet::given_on_command_line(const std::string& key) const {
  for (const auto& e : entries_)
    if (e.key == key && e.option->count() > 0) return true;
  return false;
}

std::string OptionSet::where(const std::string& key) const {
  for (const auto& e : entries_)
    if (e.key == key && e.option->count() > 0) return e.flag;
  for (const auto& k : from_config_)
    if (k == key) return config_path_ + ": key '" + key + "'";
  for (const auto& e : entries_)
    if (e.key == key) return e.flag;
  if (key == "config") return "--config";
  return key;
}

std::string OptionSet::located(const ConfigError& e) const {
  return e.key().empty() ? std::string(e.what()) : where(e.key()) + ": " + e.problem();
}

}  // namespace kreg::cli
