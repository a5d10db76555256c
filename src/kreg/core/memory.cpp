// Reading the memory limits of Linux: /proc/meminfo, getrlimit(RLIMIT_AS) with
// /proc/self/status, and the process's cgroup (v2 memory.max, or v1 memory.limit_in_bytes).
#include "kreg/core/memory.h"

#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/core/number_parse.h"

namespace kreg {

namespace {

double g_override = 0.0;

// "<key>: <number> kB" from a /proc file, in bytes; NaN when absent.
double proc_kib(const char* path, const std::string& key) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, key.size() + 1, key + ":") != 0) continue;
    std::istringstream is(line.substr(key.size() + 1));
    double kib = NAN;
    is >> kib;
    return kib * 1024.0;
  }
  return NAN;
}

// A number from a one-line file ("max" or missing: NaN).
double file_number(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text) || text == "max") return NAN;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  return end != text.c_str() ? v : NAN;
}

// The cgroup directory of this process under /sys/fs/cgroup ("" when unknown): the v2 line
// "0::/path" of /proc/self/cgroup, or the v1 "memory" controller's line.
std::string cgroup_dir(bool& v2) {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    const auto first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (controllers.empty()) {
      v2 = true;
      return "/sys/fs/cgroup" + path;
    }
    if (controllers.find("memory") != std::string::npos) {
      v2 = false;
      return "/sys/fs/cgroup/memory" + path;
    }
  }
  return "";
}

void tighter(MemoryLimit& limit, double bytes, const char* source) {
  if (std::isfinite(bytes) && bytes < limit.bytes) {
    limit.bytes = std::max(bytes, 0.0);
    limit.source = source;
  }
}

}  // namespace

void set_memory_limit(double bytes) { g_override = bytes > 0.0 ? bytes : 0.0; }

MemoryLimit available_memory() {
  MemoryLimit limit{HUGE_VAL, ""};
  if (g_override > 0.0) return {g_override, "--max-memory"};
  tighter(limit, proc_kib("/proc/meminfo", "MemAvailable"), "MemAvailable");
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    tighter(limit, static_cast<double>(as.rlim_cur) - proc_kib("/proc/self/status", "VmSize"), "ulimit -v");
  bool v2 = false;
  const std::string dir = cgroup_dir(v2);
  if (!dir.empty()) {
    const double max = file_number(dir + (v2 ? "/memory.max" : "/memory.limit_in_bytes"));
    const double used = file_number(dir + (v2 ? "/memory.current" : "/memory.usage_in_bytes"));
    // v1 reports "no limit" as a huge number near 2^63.
    if (std::isfinite(max) && max < 1e18)
      tighter(limit, max - (std::isfinite(used) ? used : 0.0), "cgroup memory limit");
  }
  return limit;
}

double parse_memory_size(const std::string& text) {
  const auto bad = [&text]() {
    return ConfigError("max_memory", "expected a size such as 512M, 4G or 1.5GiB, got '" + text + "'");
  };
  // The number is decimal (no hexadecimal, inf or nan), the unit the letters after it.
  const std::size_t unit_start = text.find_first_not_of("0123456789.eE+-");
  const std::size_t digits = unit_start == std::string::npos ? text.size() : unit_start;
  double number = 0.0;
  if (parse_number(text.data(), text.data() + digits, number) != NumberText::kNumber || !(number > 0.0)) throw bad();
  std::string unit = text.substr(digits);
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.size() >= 2 && unit.substr(unit.size() - 2) == "IB")
    unit.resize(unit.size() - 2);
  else if (unit.size() >= 2 && unit.back() == 'B')
    unit.pop_back();
  double scale = 0.0;
  if (unit.empty() || unit == "B")
    scale = 1.0;
  else if (unit == "K")
    scale = 1024.0;
  else if (unit == "M")
    scale = 1024.0 * 1024.0;
  else if (unit == "G")
    scale = 1024.0 * 1024.0 * 1024.0;
  else if (unit == "T")
    scale = 1024.0 * 1024.0 * 1024.0 * 1024.0;
  else
    throw bad();
  return number * scale;
}

std::string memory_text(double bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (bytes >= 1024.0 && u < 4) bytes /= 1024.0, ++u;
  char buf[48];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.3g %s", bytes, units[u]);
  return buf;
}

void require_memory(double bytes, const std::string& what, const std::string& advice) {
  const MemoryLimit limit = available_memory();
  if (!(bytes > limit.bytes)) return;
  throw ResourceError(
      what + " needs " + memory_text(bytes) + " but " + memory_text(limit.bytes) + " is available (" + limit.source +
      "); " + advice +
      (limit.source == "--max-memory" ? ", or a larger --max-memory" : ", or give a limit with --max-memory SIZE"));
}

}  // namespace kreg
