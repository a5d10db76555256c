// OpenBLAS kernel set: what runs, and what would run better (see blas_core.h).
#include "kreg/linalg/blas_core.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "kreg/linalg/lapack.h"

namespace kreg {

VectorUnits this_processor_vector_units() {
  // GCC's cpuid checks include the OS's XGETBV state, so a unit reported here is usable.
  __builtin_cpu_init();
  VectorUnits u;
  u.avx2_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  u.avx512 = u.avx2_fma && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512vl");
  return u;
}

std::string openblas_core() {
  const char* name = openblas_get_corename();
  return name != nullptr ? std::string(name) : std::string();
}

std::string better_openblas_core(const std::string& core, const VectorUnits& units) {
  // OpenBLAS 0.3.21's x86-64 kernel sets that use AVX2 or wider; any other name is an older
  // set (Prescott, Core2, Nehalem, Sandybridge, ...) or its fallback for an unknown processor.
  static const std::array<const char*, 6> modern = {"Haswell",        "Zen",      "SkylakeX", "Cooperlake",
                                                    "SapphireRapids", "Excavator"};
  const bool is_modern = std::any_of(modern.begin(), modern.end(), [&core](const char* m) { return core == m; });
  if (is_modern) return "";
  if (units.avx512) return "SkylakeX";
  if (units.avx2_fma) return "Haswell";
  return "";
}

bool openblas_loaded_without_threads() {
  const char* threads = std::getenv("OPENBLAS_NUM_THREADS");
  return threads != nullptr && std::string(threads) == "1";
}

void rerun_with_kreg_blas_settings(char** argv) {
  bool rerun = false;
  if (std::getenv("OPENBLAS_CORETYPE") == nullptr) {
    const std::string better = better_openblas_core(openblas_core(), this_processor_vector_units());
    if (!better.empty() && setenv("OPENBLAS_CORETYPE", better.c_str(), 1) == 0) rerun = true;
  }
  if (!openblas_loaded_without_threads() && setenv("OPENBLAS_NUM_THREADS", "1", 1) == 0) rerun = true;
  if (rerun) execv("/proc/self/exe", argv);
}

}  // namespace kreg
