// The kreg command line as a function, so that tests run subcommands in-process.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kreg::cli {

/// Runs `kreg args...` (args excludes the program name). Returns the exit status:
/// 0 success, 2 bad usage, config or data, 1 any other failure. Errors are one line
/// "kreg: error: ..." on `err`.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool err_is_terminal = false);

}  // namespace kreg::cli
