// Wall-clock time per phase of a run (read, gram, solve, ...), for `--timings`: lets a user
// see where the time goes and lets benchmarks time the solver alone. Not part of any output
// file, so results stay byte-identical from run to run.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace kreg {

class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  /// Seconds since the start (or the last lap), and restarts.
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - start_).count();
    start_ = now;
    return s;
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

/// Phases in the order they ran; a phase recorded twice accumulates.
class PhaseTimes {
 public:
  void add(const std::string& phase, double seconds) {
    for (auto& p : phases_)
      if (p.first == phase) {
        p.second += seconds;
        return;
      }
    phases_.emplace_back(phase, seconds);
  }
  const std::vector<std::pair<std::string, double>>& phases() const { return phases_; }

 private:
  std::vector<std::pair<std::string, double>> phases_;
};

/// Records the lap of `watch` as `phase` when `times` is non-null.
inline void record_lap(PhaseTimes* times, const std::string& phase, Stopwatch& watch) {
  const double s = watch.lap();
  if (times != nullptr) times->add(phase, s);
}

}  // namespace kreg
