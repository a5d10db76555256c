// The run's BLAS kernels and threads, set up through kreg/linalg/.
#include "kreg/select/compute_resources.h"

#include <omp.h>

#include "kreg/linalg/blas_core.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/blas_workspace.h"

namespace kreg {

void run_with_kreg_blas_settings(char** argv) { rerun_with_kreg_blas_settings(argv); }

std::string blas_kernel_set() { return openblas_core(); }

ComputeThreads use_compute_threads(int threads) {
  // The work buffers come first (a failed allocation inside OpenBLAS would hang), with OpenBLAS
  // on one thread before its first use (blas_threads.h).
  set_compute_threads(1);
  ComputeThreads got;
  got.threads = reserve_blas_workspace(threads);
  got.bytes_per_extra_thread = blas_workspace_bytes_per_extra_thread();
  omp_set_num_threads(got.threads);
  set_compute_threads(got.threads);
  return got;
}

int compute_thread_count() { return compute_threads(); }

}  // namespace kreg
