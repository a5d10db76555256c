// Progress of the long steps (the kernel matrix, a Cholesky factorisation, an
// eigendecomposition, cv's folds), reported to whoever listens: the command line prints it
// (apps/kreg/progress.h); the library only counts work. Without a listener a step costs an
// atomic add per chunk of work.
#pragma once

#include <atomic>
#include <string>

namespace kreg {

/// Receives the fraction done of the running step. Called from any thread, never
/// concurrently; should return quickly (throttle there).
class ProgressListener {
 public:
  virtual ~ProgressListener() = default;
  /// `fraction` in [0, 1] of `step` ("Cholesky factorisation"), `seconds` since it began;
  /// fraction < 0 for a step of unknown length (ProgressStep::note), whose `step` then says
  /// where it is ("tuning: start 1 of 2, evaluation 14, log evidence 248.9").
  virtual void on_progress(const std::string& step, double fraction, double seconds) = 0;
  /// The step ended (its work is done or it stopped).
  virtual void on_step_end(const std::string& step, double seconds) = 0;
};

/// Installs `listener` for the steps that start after it (null: none). Not thread-safe: set it
/// before a run, clear it after.
void set_progress_listener(ProgressListener* listener);

/// One step of known total work (any unit: columns, flops). Steps may nest: only the
/// outermost one reports (an eigendecomposition inside a cv fold counts as the fold's work).
class ProgressStep {
 public:
  ProgressStep(std::string name, double total_work);
  /// A step of unknown length (an optimisation that runs until it converges): it reports what
  /// note() says, without a fraction.
  explicit ProgressStep(std::string name);
  ~ProgressStep();
  ProgressStep(const ProgressStep&) = delete;
  ProgressStep& operator=(const ProgressStep&) = delete;
  /// Adds `work` done; thread-safe.
  void advance(double work);
  /// Reports "name: detail" (a step of unknown length says where it is); thread-safe.
  void note(const std::string& detail);

 private:
  ProgressListener* listener_;  ///< null when nobody listens or an outer step reports
  std::string name_;
  double total_;
  std::atomic<long long> done_{0};  ///< work in units of total / 2^40
  double start_;
};

/// Reports the running outermost step again, its fraction unchanged, so that a long stretch of
/// work inside one unit of it (a path point that iterates for a minute) is not silent. Inner
/// loops call it every thousand iterations or so; without a listener it is one atomic load.
/// Only from work that runs inside the step's lifetime.
void progress_pulse();

}  // namespace kreg
