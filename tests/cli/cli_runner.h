// Runs the kreg command line in-process and captures what it prints.
#pragma once

#include <unistd.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli.h"

namespace kreg::test {

struct CliResult {
  int status = -1;
  std::string out;
  std::string err;
};

inline CliResult run_cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  CliResult r;
  r.status = kreg::cli::run(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

/// In a forked child: replaces the process with the kreg binary run with `args`; exit status
/// 127 when it cannot be started.
[[noreturn]] inline void exec_kreg_binary(const std::vector<std::string>& args) {
  std::vector<std::string> store = {KREG_BINARY};
  store.insert(store.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : store) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(KREG_BINARY, argv.data());
  ::_exit(127);
}

/// Number of lines in `text` (a final line without newline counts).
inline int count_lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  if (!text.empty() && text.back() != '\n') ++n;
  return n;
}

}  // namespace kreg::test
