// A one-line progress bar on stderr for long runs: done/total, elapsed and estimated
// remaining time; drawn only on a terminal and never with --quiet, and erased when the run
// ends so that the lines after it start clean.
#pragma once

#include <chrono>
#include <ostream>
#include <string>

namespace kreg::cli {

class ProgressBar {
 public:
  ProgressBar(std::ostream& err, bool enabled, std::string label)
      : err_(err), enabled_(enabled), label_(std::move(label)), start_(std::chrono::steady_clock::now()) {}
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::size_t done, std::size_t total);
  /// Erases the bar (also done by the destructor).
  void finish();

 private:
  std::ostream& err_;
  bool enabled_;
  bool drawn_ = false;
  std::string label_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace kreg::cli
