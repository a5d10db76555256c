#include "kreg/linalg/blas_threads.h"

#include <omp.h>

#include <algorithm>

#include "kreg/linalg/lapack.h"

namespace kreg {

namespace {
int g_compute_threads = 1;
}

void set_compute_threads(int threads) {
  g_compute_threads = std::max(1, threads);
  openblas_set_num_threads(1);
}

int compute_threads() { return omp_in_parallel() ? 1 : g_compute_threads; }

int threads_for(int chunks) { return std::max(1, std::min(compute_threads(), chunks)); }

int threads_for_pass(double entries) { return entries >= kPassThreadsFrom ? compute_threads() : 1; }

SingleBlasThread::SingleBlasThread() : previous_(openblas_get_num_threads()) {
  if (previous_ != 1) openblas_set_num_threads(1);
}

SingleBlasThread::~SingleBlasThread() {
  if (openblas_get_num_threads() != previous_) openblas_set_num_threads(previous_);
}

}  // namespace kreg
