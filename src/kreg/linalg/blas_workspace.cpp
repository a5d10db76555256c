// The up-front reservation of blas_workspace.h: a trial mapping, then a buffer per thread held at once.
#include "kreg/linalg/blas_workspace.h"

#include <omp.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <algorithm>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/core/memory.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
// OpenBLAS's per-thread buffer: BUFFER_SIZE (128 MiB on x86-64) and one page of alignment.
constexpr double kBufferBytes = 128.0 * kMiB + 4096.0;
// glibc gives each new thread that allocates its own heap ("arena"), reserving 64 MiB of
// address space for it (HEAP_MAX_SIZE on 64-bit systems).
constexpr double kArenaBytes = 64.0 * kMiB;
// Room for the C library's and the runtime's own small mappings made on the way.
constexpr double kMarginBytes = 16.0 * kMiB;

int g_reserved_threads = 0;  // threads whose buffers exist already (the process keeps them)

double stack_bytes() {
  rlimit stack{};
  if (getrlimit(RLIMIT_STACK, &stack) != 0 || stack.rlim_cur == RLIM_INFINITY) return 8.0 * kMiB;
  return static_cast<double>(stack.rlim_cur);
}

double bytes_for(int new_threads, bool first_included) {
  if (new_threads <= 0) return 0.0;
  const int extra = first_included ? new_threads - 1 : new_threads;
  return new_threads * kBufferBytes + extra * (kArenaBytes + stack_bytes()) + kMarginBytes;
}

// True when `bytes` of address space can be mapped now (ulimit -v permitting).
bool address_space_available(double bytes) {
  const auto size = static_cast<std::size_t>(bytes);
  void* trial = ::mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (trial == MAP_FAILED) return false;
  ::munmap(trial, size);
  return true;
}

}  // namespace

double blas_workspace_bytes(int threads) { return bytes_for(std::max(1, threads), true); }

int reserve_blas_workspace(int threads) {
  threads = std::max(1, threads);
  if (threads <= g_reserved_threads) return threads;
  const auto fits = [](int count) {
    return address_space_available(bytes_for(count - g_reserved_threads, g_reserved_threads == 0));
  };
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY && !fits(threads)) {
    int room = threads - 1;  // the most threads whose buffers fit
    while (room > g_reserved_threads && !fits(room)) --room;
    if (room == 0) {
      const MemoryLimit limit = available_memory();
      const std::string left = limit.source == "ulimit -v" ? memory_text(limit.bytes) : std::string("less");
      throw ResourceError("the BLAS library's work buffers need " + memory_text(bytes_for(1, true)) +
                          " of address space but ulimit -v leaves " + left + "; raise ulimit -v");
    }
    threads = std::max(room, g_reserved_threads);
  }
  // Each thread takes a buffer and holds it until every thread has one: OpenBLAS's table is
  // shared by the threads, so buffers taken one after another would all be the same one.
#pragma omp parallel num_threads(threads)
  {
    void* buffer = blas_memory_alloc(0);
#pragma omp barrier
    blas_memory_free(buffer);
  }
  g_reserved_threads = threads;
  return threads;
}

double blas_workspace_bytes_per_extra_thread() { return bytes_for(1, false) - kMarginBytes; }

}  // namespace kreg
