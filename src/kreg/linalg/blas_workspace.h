// OpenBLAS's work buffers, reserved before the run's first real BLAS call.
//
// Every thread that calls a level-3 BLAS routine gets a work buffer from OpenBLAS (128 MiB of
// address space on x86-64: BUFFER_SIZE = 32 << 22 in OpenBLAS's common_x86_64.h), kept until
// the process ends. When that allocation fails — under `ulimit -v` — OpenBLAS 0.3.21 does not
// report it: blas_memory_alloc retries for ever at 100% CPU. So kreg reserves the buffers up
// front: it first checks that the address space they need is there (one trial mapping of the
// whole amount, released at once), then has each of its threads take a buffer from OpenBLAS
// (blas_memory_alloc) and hold it until all have one, while the room is known to exist; the
// buffers return to OpenBLAS's table, which keeps them mapped for the calls of the run. From then
// on they count as address space in use, so the memory checks of kreg/core/memory.h see them.
#pragma once

namespace kreg {

/// Address space that reserve_blas_workspace(threads) needs: a buffer per thread, and for each
/// thread beyond the first its stack and the C library's per-thread heap reservation.
double blas_workspace_bytes(int threads);
/// What each thread beyond the first adds to that.
double blas_workspace_bytes_per_extra_thread();

/// Reserves the buffers of up to `threads` threads (kreg's OpenMP threads, which are the ones
/// that call BLAS; see blas_threads.h) and returns how many it reserved: all of them, or under
/// ulimit -v as many as the address space holds (results do not depend on the thread count, so
/// the caller can run on fewer). Throws ResourceError (exit 2) naming ulimit -v and what to do
/// when not even one thread's buffers fit. Quick (microseconds) once the buffers exist.
int reserve_blas_workspace(int threads);

}  // namespace kreg
