// Helpers shared by the subcommands.
#include "command.h"

#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <thread>

#include "kreg/core/memory.h"
#include "kreg/core/number_text.h"
#include "kreg/select/compute_resources.h"

namespace kreg::cli {

void require(const OptionSet& options, const std::string& key, const std::string& value) {
  if (value.empty())
    throw ConfigError("missing required option " + options.where(key) + " (or config key '" + key + "')");
}

int set_thread_count(int threads, std::ostream& err) {
  if (threads < 0) throw ConfigError("threads", "must be >= 0 (0 = all cores), got " + std::to_string(threads));
  const int n = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // Under ulimit -v perhaps fewer threads, which gives the same results.
  const ComputeThreads got = use_compute_threads(n);
  const int usable = got.threads;
  if (usable < n)
    err << "kreg: warning: ulimit -v leaves room for the BLAS library's work buffers of " << usable << " thread"
        << (usable == 1 ? "" : "s") << " only (each further thread needs " << memory_text(got.bytes_per_extra_thread)
        << " of address space): running on " << usable << " instead of " << n << " (the results are the same)\n";
  return usable;
}

void warn(Streams& io, const std::string& message) { io.err << "kreg: warning: " << message << "\n"; }

std::string ill_conditioned_warning(std::size_t count, std::size_t total, double value, double rcond,
                                    const std::string& regulariser, const std::string& what) {
  const bool t = regulariser == "t";
  return std::to_string(count) + " of " + std::to_string(total) + " " + regulariser + " values make " +
         (t ? "the flow as ill-conditioned as K + I/t" : "K + lambda I ill-conditioned") +
         " (reciprocal condition down to " + readable_number(rcond) + " at " + regulariser + " " +
         readable_number(value) + "): their " + what + " are dominated by rounding; use " +
         (t ? "smaller t" : "larger lambda") + " values";
}

void print_timings(Streams& io, const PhaseTimes& times) {
  double total = 0.0;
  std::ostringstream line;
  line << std::fixed << std::setprecision(3);
  for (const auto& [phase, seconds] : times.phases()) {
    line << phase << " " << seconds * 1e3 << ", ";
    total += seconds;
  }
  line << "total " << total * 1e3;
  io.err << "kreg: timings (ms): " << line.str() << "\n";
}

}  // namespace kreg::cli
