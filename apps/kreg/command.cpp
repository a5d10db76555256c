// Helpers shared by the subcommands.
#include "command.h"

#include <omp.h>

#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <thread>

#include "kreg/core/number_text.h"
#include "kreg/core/number_text.h"
#include "kreg/linalg/lapack.h"

namespace kreg::cli {

void require(const OptionSet& options, const std::string& key, const std::string& value) {
  if (value.empty())
    throw ConfigError("missing required option " + options.where(key) + " (or config key '" + key + "')");
}

void set_thread_count(int threads) {
  if (threads < 0) throw ConfigError("threads: must be >= 0 (0 = all cores), got " + std::to_string(threads));
  const int n = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  omp_set_num_threads(n);
  openblas_set_num_threads(n);
}

void warn(Streams& io, const std::string& message) { io.err << "kreg: warning: " << message << "\n"; }

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
