// Results that do not depend on the thread count.
//
// OpenBLAS (0.3.21, Debian 12) splits the work of its threaded routines at points that depend
// on the number of threads: dgemv, dsymv and dsyrk/dgemm with some kernel sets add per-thread
// partial sums, so their rounding changes with `--threads`, and dpotrf, dsytrd and dsyevd built
// on them inherit that. A call on ONE thread is fixed by its arguments. So kreg keeps OpenBLAS
// on one thread and runs in parallel only through its own routines (cholesky_lower in
// cholesky.h, times/times_t in matrix_vector.h, the eigensolvers of symmetric_eigen.h): each
// cuts its work into chunks fixed by the problem size alone, makes every chunk one
// single-threaded BLAS/LAPACK call and shares the chunks among compute_threads() OpenMP threads.
// The same input then gives the same bits at any `--threads`.
#pragma once

namespace kreg {

/// Sets the thread count of kreg's own parallel routines (`--threads`; at least 1) and puts
/// OpenBLAS on one thread.
void set_compute_threads(int threads);

/// The count of set_compute_threads (1 until it is called); 1 inside an active OpenMP parallel
/// region (cv's tasks), where the work already runs on every thread.
int compute_threads();

/// The number of chunks of `size` that cover `total` (the last one may be shorter).
inline int chunk_count(int total, int size) { return (total + size - 1) / size; }

/// The threads for `chunks` pieces of work: compute_threads(), but at most one per chunk and at
/// least one.
int threads_for(int chunks);

/// Threads for one memory-bound pass over `entries` doubles inside an event loop (the homotopies'
/// outside products and sums of columns): compute_threads() from kPassThreadsFrom entries
/// on, 1 below. A pass that long (16 MB, about 2 ms on one core) outweighs the start of a parallel
/// region even when a thread has to wait for a busy core; shorter ones, many per second, do not
/// (at n = 2,000 a parallel region per event made a homotopy several times slower on a loaded
/// 2-core machine). The callers split their work into pieces fixed by the sizes alone, so the
/// thread count never changes a result.
constexpr double kPassThreadsFrom = 2097152.0;  // 2^21 entries
int threads_for_pass(double entries);

/// For its lifetime OpenBLAS uses one thread (the previous count is restored after): a guard
/// for callers of the library that never called set_compute_threads.
class SingleBlasThread {
 public:
  SingleBlasThread();
  ~SingleBlasThread();
  SingleBlasThread(const SingleBlasThread&) = delete;
  SingleBlasThread& operator=(const SingleBlasThread&) = delete;

 private:
  int previous_;
};

}  // namespace kreg
