// Helpers shared by the subcommands.
#include "command.h"

#include <omp.h>

#include <ostream>
#include <thread>

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

}  // namespace kreg::cli
