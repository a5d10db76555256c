// What a run computes with: the OpenBLAS kernel set (the best one this processor runs) and the
// threads, with OpenBLAS's work buffers reserved for each of them. The command line sets these
// up here; how they work is in kreg/linalg/ (blas_core.h, blas_threads.h, blas_workspace.h).
#pragma once

#include <string>

namespace kreg {

/// Called first thing in main(): execs the program again (same argv), at most once, so that
/// OpenBLAS loads with the kernels best for this processor (OPENBLAS_CORETYPE) and without
/// threads of its own (OPENBLAS_NUM_THREADS=1; see kreg/linalg/blas_core.h for why).
/// Returns only if it did not exec.
void run_with_kreg_blas_settings(char** argv);

/// The name of the kernel set OpenBLAS is using ("Haswell", "SkylakeX", "Prescott", ...).
std::string blas_kernel_set();

/// The threads a run got from use_compute_threads.
struct ComputeThreads {
  int threads = 1;                      ///< the count it runs on: as asked, or fewer under ulimit -v
  double bytes_per_extra_thread = 0.0;  ///< the address space each thread beyond the first needs
};

/// Reserves OpenBLAS's work buffers for up to `threads` threads (at least 1; under ulimit -v for
/// as many as the address space holds), then runs kreg's parallel routines and OpenMP loops on
/// that many threads and OpenBLAS on one, so that results do not depend on the count. Throws
/// ResourceError (exit 2) when not even one thread's buffers fit.
ComputeThreads use_compute_threads(int threads);

/// The thread count use_compute_threads settled on: 1 before it is called, and inside an
/// OpenMP parallel region (where the work already runs on every thread).
int compute_thread_count();

}  // namespace kreg
