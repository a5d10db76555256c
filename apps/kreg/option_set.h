// OptionSet: binds each option of a subcommand both to the command line (CLI11) and to a
// JSON config key of the same name in snake_case. Precedence: command line > config >
// default. Unknown config keys and ill-typed values are ConfigErrors naming file and key.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kreg/core/errors.h"

namespace kreg::cli {

/// The config key that every subcommand ignores: a record of how a config's values were chosen
/// (`kreg loo --best` writes the chosen point as a fit config with its scores under this key).
inline constexpr const char* kSelectionKey = "selection";

class OptionSet {
 public:
  /// Adds --config, --print-config, --threads and --quiet to `app`.
  explicit OptionSet(CLI::App& app);

  /// Binds `--flag-name` and config key `flag_name` to `field` (double, int, long,
  /// std::string, std::vector<std::string> given as "a,b,c" or a JSON list).
  template <class T>
  CLI::Option* add(const std::string& flag, T& field, const std::string& help);
  /// A grid option: text on the command line ("logspace:a:b:n" or "a,b,c"); in a config
  /// also a JSON list of numbers or {"logspace": [a, b, n]}. Stored as grid text.
  CLI::Option* add_grid(const std::string& flag, std::string& field, const std::string& help);
  /// Numbers: one, or several comma-separated on the command line ("0.5,2,1.3"), each checked as
  /// a number option's text is; in a config a number or a JSON list of numbers. Never empty. In
  /// --print-config a single value is a number, several a list.
  CLI::Option* add_number_list(const std::string& flag, std::vector<double>& field, const std::string& help);
  /// A boolean switch (`--flag` on the command line, true/false in a config).
  CLI::Option* add_flag(const std::string& flag, bool& field, const std::string& help);
  /// A text option that takes one of `values` (the man page lists them, the shell completion
  /// offers them); the value is checked where it is used, with its own message.
  CLI::Option* add_choice(const std::string& flag, std::string& field, std::vector<std::string> values,
                          const std::string& help);
  /// The values of an option added by add_choice; empty for any other option.
  std::vector<std::string> values_of(const CLI::Option* option) const;

  /// After CLI parsing: reads --config (if any) and fills every option not given on the
  /// command line. Throws ConfigError for unreadable JSON, unknown keys, wrong types; the key
  /// kSelectionKey is skipped.
  void apply_config();
  /// The same with the text of a config file, named `source` in messages.
  void apply_config_text(const std::string& text, const std::string& source);
  /// The same with the parsed config.
  void apply_config_json(const nlohmann::json& cfg, const std::string& source);
  /// Forgets which keys came from a config (to apply another config to fields reset to their
  /// defaults: the config fuzzer reuses one OptionSet).
  void forget_config() { from_config_.clear(); }

  /// The merged settings as JSON (what --print-config prints).
  nlohmann::json merged() const;
  /// The config keys of the options added so far, in order.
  std::vector<std::string> keys() const;
  bool print_config_requested() const { return print_config_; }
  int threads() const { return threads_; }
  /// --max-memory as given ("" = none).
  const std::string& max_memory() const { return max_memory_; }
  const std::string& config_path() const { return config_path_; }
  bool quiet() const { return quiet_; }
  bool progress() const { return progress_; }
  double progress_every() const { return progress_every_; }

  /// Where `key` came from, for messages: "--bandwidth", "cfg.json: key 'bandwidth'", or
  /// "bandwidth" when it has its default.
  std::string where(const std::string& key) const;
  /// The message of a ConfigError with its key located (where(): "--bandwidth: must be ...");
  /// a message without a key as it is.
  std::string located(const ConfigError& e) const;
  /// True when the option was set on the command line or in the config.
  bool given(const std::string& key) const;
  /// True when the option was set on the command line.
  bool given_on_command_line(const std::string& key) const;

 private:
  struct Entry {
    std::string key;
    std::string flag;
    CLI::Option* option = nullptr;
    std::function<void(const nlohmann::json&, const std::string& where)> from_json;
    std::function<nlohmann::json()> to_json;
    std::vector<std::string> values;  ///< add_choice: the values it takes
  };
  CLI::Option* bind(const std::string& flag, CLI::Option* opt,
                    std::function<void(const nlohmann::json&, const std::string&)> from_json,
                    std::function<nlohmann::json()> to_json);

  CLI::App& app_;
  std::vector<Entry> entries_;
  std::vector<std::string> from_config_;
  std::string config_path_;
  bool print_config_ = false;
  int threads_ = 0;
  std::string max_memory_;
  bool progress_ = false;
  double progress_every_ = 2.0;
  bool quiet_ = false;
};

/// "--lambda-scaling" -> "lambda_scaling"; "-o,--output" -> "output"
std::string key_of_flag(const std::string& flag);

namespace detail {
/// The checks of a number option's text on the command line, made before CLI11 converts it (whose
/// own conversion reads "010" as octal, "0x10" as hexadecimal and saturates what does not fit).
/// Each returns "" for a good text, rewritten into the form CLI11 converts to the same value,
/// else the problem. Integers: an optional sign and decimal digits ("010" is ten), from `low` to
/// `high`. Numbers: decimal or scientific notation (no hexadecimal, inf or nan), finite.
std::string check_integer_text(std::string& text, long long low, long long high);
std::string check_number_text(std::string& text);
/// check_number_text for each comma-separated item ("0.5,2,1.3", or "0.5, 2, 1.3": spaces
/// around the items of a list are dropped); a problem names the item's position when there are
/// several.
std::string check_number_list_text(std::string& text);

[[noreturn]] void type_error(const std::string& where, const std::string& expected, const nlohmann::json& got);
[[noreturn]] void integer_range_error(const std::string& where, long long low, unsigned long long high,
                                      const nlohmann::json& got);

template <class T>
void read_json(const nlohmann::json& j, const std::string& where, T& out) {
  if constexpr (std::is_same_v<T, double>) {
    if (!j.is_number()) type_error(where, "a number", j);
    out = j.get<double>();
  } else if constexpr (std::is_integral_v<T>) {
    // Range-checked: 4294967298 must not wrap round to 2 in an int.
    using limits = std::numeric_limits<T>;
    if (!j.is_number_integer()) type_error(where, "an integer", j);
    const bool fits = j.is_number_unsigned()
                          ? j.get<unsigned long long>() <= static_cast<unsigned long long>(limits::max())
                          : j.get<long long>() >= static_cast<long long>(limits::min()) &&
                                j.get<long long>() <= static_cast<long long>(limits::max());
    if (!fits) integer_range_error(where, limits::min(), static_cast<unsigned long long>(limits::max()), j);
    out = static_cast<T>(j.is_number_unsigned() ? j.get<unsigned long long>() : j.get<long long>());
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!j.is_string()) type_error(where, "a string", j);
    out = j.get<std::string>();
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    out.clear();
    if (j.is_string()) {
      std::string s = j.get<std::string>(), item;
      for (char c : s + ",") {
        if (c == ',') {
          if (!item.empty()) out.push_back(item);
          item.clear();
        } else {
          item += c;
        }
      }
    } else if (j.is_array()) {
      for (const auto& e : j) {
        if (!e.is_string()) type_error(where, "a list of strings", j);
        out.push_back(e.get<std::string>());
      }
    } else {
      type_error(where, "a list of strings", j);
    }
  } else {
    static_assert(sizeof(T) == 0, "unsupported option type");
  }
}
}  // namespace detail

template <class T>
CLI::Option* OptionSet::add(const std::string& flag, T& field, const std::string& help) {
  CLI::Option* opt = app_.add_option(flag, field, help)->capture_default_str();
  if constexpr (std::is_same_v<T, std::vector<std::string>>) opt->delimiter(',');
  // (An empty description keeps the option's type name in the help as it is.)
  if constexpr (std::is_integral_v<T>)
    opt->transform(CLI::Validator(
        [](std::string& text) {
          return detail::check_integer_text(text, std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
        },
        ""));
  if constexpr (std::is_floating_point_v<T>)
    opt->transform(CLI::Validator([](std::string& text) { return detail::check_number_text(text); }, ""));
  return bind(
      flag, opt, [&field](const nlohmann::json& j, const std::string& where) { detail::read_json(j, where, field); },
      [&field]() { return nlohmann::json(field); });
}

}  // namespace kreg::cli
