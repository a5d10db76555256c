// The shape every subcommand shares: an OptionSet bound to its CLI11 sub-app, and run()
// called after parsing. Adding a subcommand = one file with make_x_command + one line in cli.cpp.
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kreg/core/phase_times.h"
#include "option_set.h"

namespace kreg::cli {

/// Where a command writes: `out` for results, `err` for messages.
struct Streams {
  std::ostream& out;
  std::ostream& err;
  bool err_is_terminal = false;
};

class Command {
 public:
  explicit Command(CLI::App& sub) : app(&sub), options(sub) {}
  virtual ~Command() = default;
  /// Runs with options parsed and the config merged. Throws kreg errors on failure.
  virtual void run(Streams& io) = 0;

  CLI::App* app;
  OptionSet options;
};

std::unique_ptr<Command> make_fit_command(CLI::App& parent);
std::unique_ptr<Command> make_predict_command(CLI::App& parent);
std::unique_ptr<Command> make_path_command(CLI::App& parent);
std::unique_ptr<Command> make_loo_command(CLI::App& parent);
std::unique_ptr<Command> make_cv_command(CLI::App& parent);
std::unique_ptr<Command> make_plot_command(CLI::App& parent);

/// "--name" is required: throws ConfigError when `value` is empty.
void require(const OptionSet& options, const std::string& key, const std::string& value);
/// Sets the worker thread count of OpenMP loops (0 = all cores), puts OpenBLAS on one thread
/// and reserves its work buffers (kreg/select/compute_resources.h); returns the count in use,
/// fewer than asked (with a warning on `err`) when ulimit -v leaves no room for all.
int set_thread_count(int threads, std::ostream& err);
/// Prints a warning line "kreg: warning: ..." on err.
void warn(Streams& io, const std::string& message);
/// The warning that `count` of `total` grid points of a spectral path or LOO table are too
/// ill-conditioned to trust (kreg/core/ill_conditioning.h), the worst at `value` with reciprocal
/// condition `rcond`. `regulariser` is "lambda" (K + lambda I) or "t" (KGF, as K + I/t); `what`
/// names the quantities affected ("alpha and df").
std::string ill_conditioned_warning(std::size_t count, std::size_t total, double value, double rcond,
                                    const std::string& regulariser, const std::string& what);
/// Prints "kreg: timings (ms): phase t, ..., total t" on err (`--timings`).
void print_timings(Streams& io, const PhaseTimes& times);

}  // namespace kreg::cli
