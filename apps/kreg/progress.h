// Progress on stderr for long runs: the running step (kernel matrix, Cholesky factorisation,
// eigendecomposition, cross-validation), its percentage, the time it has taken and an estimate
// of what is left.
//   terminal: one line redrawn in place (at most ten times a second) once the run has taken
//             2 s, erased when a step ends, so that the lines after it start clean;
//   lines:    (--progress, for logs) a plain line every --progress-every seconds while a step
//             runs (long inner loops pulse it: kreg/core/progress.h) and one when a step ends;
//             no carriage returns.
// --quiet prints nothing.
#pragma once

#include <chrono>
#include <ostream>
#include <string>

#include "kreg/core/progress.h"

namespace kreg::cli {

class ProgressPrinter : public ProgressListener {
 public:
  enum class Mode { kOff, kTerminal, kLines };
  /// `label` starts every line ("kreg fit"); `every` is the seconds between lines in kLines.
  ProgressPrinter(std::ostream& err, Mode mode, std::string label, double every = 2.0);
  ~ProgressPrinter() override;
  ProgressPrinter(const ProgressPrinter&) = delete;
  ProgressPrinter& operator=(const ProgressPrinter&) = delete;

  void on_progress(const std::string& step, double fraction, double seconds) override;
  void on_step_end(const std::string& step, double seconds) override;
  /// Erases a drawn terminal line.
  void finish();

 private:
  double since_start() const;
  std::ostream& err_;
  Mode mode_;
  std::string label_;
  double every_;
  bool drawn_ = false;
  bool printed_in_step_ = false;
  std::chrono::steady_clock::time_point start_;
  double last_ = -1e300;
  int last_percent_ = -1;  ///< kLines: the percentage of the last line
};

/// Installs a printer as the progress listener for the lifetime of the scope.
class ProgressScope {
 public:
  explicit ProgressScope(ProgressPrinter* printer) { set_progress_listener(printer); }
  ~ProgressScope() { set_progress_listener(nullptr); }
  ProgressScope(const ProgressScope&) = delete;
  ProgressScope& operator=(const ProgressScope&) = delete;
};

/// "12.3 s", "4 min 05 s", "1 h 02 min".
std::string duration_text(double seconds);

}  // namespace kreg::cli
