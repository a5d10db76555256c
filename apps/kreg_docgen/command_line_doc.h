// The kreg command line as plain data, read from the CLI11 App that `kreg` parses with: what
// the man page and the shell completion are written from, so neither can drift from --help.
#pragma once

#include <string>
#include <vector>

#include "kreg_app.h"

namespace kreg::docgen {

/// One option as --help shows it.
struct OptionDoc {
  std::vector<std::string> names;   ///< "-o", "--output": short names first
  std::string metavar;              ///< "FILE", "FLOAT", "TEXT ..."; empty for a flag
  std::string default_value;        ///< as --help shows it; empty when none
  std::string description;          ///< the help text
  std::vector<std::string> values;  ///< the fixed values it takes (OptionSet::add_choice)
  bool takes_value() const { return !metavar.empty(); }
  /// Its value names a file (metavar FILE or FILE ...).
  bool takes_file() const { return metavar.rfind("FILE", 0) == 0; }
  /// Its values are several files (metavar FILE ...): cv --merge SHARD SHARD ...
  bool takes_files() const { return metavar == "FILE ..."; }
};

/// One subcommand (or, with an empty name, the top level).
struct CommandDoc {
  std::string name;
  std::string description;
  std::vector<OptionDoc> options;
};

/// The whole command line: the program's description and options, then each subcommand.
struct CommandLineDoc {
  std::string description;
  std::vector<OptionDoc> options;  ///< --help, --version
  std::vector<CommandDoc> commands;
};

/// Reads every subcommand and option of `k`.
CommandLineDoc describe(const cli::KregApp& k);

/// The options every subcommand has, with the same description and default.
std::vector<OptionDoc> common_options(const CommandLineDoc& doc);
/// True when `option` is one of `common` (by name).
bool is_common(const OptionDoc& option, const std::vector<OptionDoc>& common);

}  // namespace kreg::docgen
