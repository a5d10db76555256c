// The kreg command-line definition: the CLI11 App with every subcommand and option. `kreg`
// parses with it, and kreg_docgen writes the man page and the shell completion from it.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "command.h"

namespace kreg::cli {

/// The App tree and the commands bound to it (each Command holds its sub-app and options).
struct KregApp {
  CLI::App app{"kreg: fit, select and evaluate kernel regressors", "kreg"};
  std::string version;  ///< what --version prints
  std::vector<std::unique_ptr<Command>> commands;
};

/// Builds the whole command line: fit, predict, path, loo and cv with their options.
std::unique_ptr<KregApp> make_kreg_app();

}  // namespace kreg::cli
