// Runs the kreg binary as a child process and measures it (wall time and peak resident memory),
// for the tests that a huge input is refused at once, before it is read into memory.
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {

struct MeasuredRun {
  int status = -1;       ///< exit status (-1: did not exit normally)
  std::string err;       ///< what it wrote on stderr
  double seconds = 0.0;  ///< wall time
  long max_rss_kib = 0;  ///< peak resident memory
};

/// `kreg args...` with stdout discarded and stderr kept in `dir`/stderr.txt.
inline MeasuredRun run_measured(const std::vector<std::string>& args, const std::string& dir) {
  const std::string err_path = dir + "/stderr.txt";
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int null = open("/dev/null", O_WRONLY);
    if (err < 0 || null < 0) _exit(126);
    dup2(err, 2);
    dup2(null, 1);
    exec_kreg_binary(args);
  }
  MeasuredRun out;
  int status = 0;
  rusage usage{};
  if (pid > 0 && wait4(pid, &status, 0, &usage) == pid) {
    out.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    out.max_rss_kib = usage.ru_maxrss;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.err = read_text(err_path);
  return out;
}

/// Makes `path` a copy of `head` followed by NUL bytes up to `size` bytes, without writing them
/// (a sparse file: no disk space).
inline bool sparse_copy(const std::string& path, const std::string& head, long long size) {
  write_text(path, head);
  return truncate(path.c_str(), size) == 0;
}

}  // namespace kreg::test
