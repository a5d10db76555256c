// Memory before it is allocated: how much this process may still use, and a check that stops
// a run whose large allocations would not fit, with the numbers and what to do, before they
// are made (rather than an out-of-memory kill, swapping, or "std::bad_alloc" half way).
#pragma once

#include <string>

namespace kreg {

/// What this process may still allocate, and which limit says so.
struct MemoryLimit {
  double bytes = 0.0;  ///< +inf when nothing limits it
  std::string source;  ///< "MemAvailable", "ulimit -v", "cgroup memory.max" or "--max-memory"
};

/// The tightest of: MemAvailable (/proc/meminfo); the address-space limit (ulimit -v) less the
/// address space in use; the cgroup's memory.max (v2) or memory.limit_in_bytes (v1) less its
/// current use. An override (--max-memory) replaces them all.
MemoryLimit available_memory();

/// Sets (bytes > 0) or clears (0) the override of available_memory(), for --max-memory.
void set_memory_limit(double bytes);

/// "1G", "512M", "1.5GiB", "64k", "2000000": bytes (k, M, G, T are powers of 1024, with or
/// without "iB" or "B"). ConfigError (key `max_memory`) for anything else or a size <= 0.
double parse_memory_size(const std::string& text);

/// "1.2 GiB", "350 MiB", "12 KiB".
std::string memory_text(double bytes);

/// Throws ResourceError when `bytes` exceeds available_memory(): "<what> needs 7.2 GiB but
/// 4 GiB is available (ulimit -v); <advice>, or give a limit with --max-memory SIZE" (or "...,
/// or a larger --max-memory" when that option set the limit).
void require_memory(double bytes, const std::string& what, const std::string& advice);

}  // namespace kreg
