// Which OpenBLAS kernels run. OpenBLAS chooses its kernel set ("core") once, when the library
// loads, from the processor's cpuid. Debian 12's OpenBLAS 0.3.21 does not know processors
// newer than itself (Intel family 6 model 207, for one) and falls back to its generic SSE3
// kernels, "Prescott": on such a machine dsymv (n = 360) took 24.2 us instead of 13.5 us and
// dgemm (360 x 360 x 50) 1,269 us instead of 339 us with the AVX-512 "SkylakeX" kernels.
// The environment variable OPENBLAS_CORETYPE overrides the choice, but only at load time,
// so the kreg binary re-executes itself with it set (apps/kreg/main.cpp), and with
// OPENBLAS_NUM_THREADS=1 (see rerun_with_kreg_blas_settings).
#pragma once

#include <string>

namespace kreg {

/// The vector units this processor has and the operating system has enabled.
struct VectorUnits {
  bool avx2_fma = false;  ///< AVX2 and FMA3: OpenBLAS's "Haswell" kernels run
  bool avx512 = false;    ///< AVX-512 F, DQ, CD, BW, VL: its "SkylakeX" kernels run
};

VectorUnits this_processor_vector_units();

/// The name of the kernel set OpenBLAS is using ("Haswell", "SkylakeX", "Prescott", ...).
std::string openblas_core();

/// The OPENBLAS_CORETYPE worth asking for instead of `core`: "SkylakeX" or "Haswell" when
/// `core` is a kernel set older than AVX2 and the processor has the newer units; "" when
/// `core` is already an AVX2-or-newer set (OpenBLAS recognised the processor) or nothing
/// better would run here.
std::string better_openblas_core(const std::string& core, const VectorUnits& units);

/// True when OpenBLAS was loaded with OPENBLAS_NUM_THREADS=1, so that it started no threads of
/// its own.
bool openblas_loaded_without_threads();

/// Called first thing in main(): execs this program again (same argv) when the library was
/// loaded with settings kreg does not want, which OpenBLAS reads only at load time:
///  - OPENBLAS_CORETYPE naming the better kernels, when OpenBLAS runs kernels older than the
///    processor (and the variable is not already set, by the user or by the first run);
///  - OPENBLAS_NUM_THREADS=1. kreg calls OpenBLAS on one thread only (blas_threads.h), but at
///    load OpenBLAS starts a thread per core beyond the first, and each of those takes a 128 MiB
///    work buffer (and the C library a 64 MiB heap for it) at a moment of its own choosing.
///    Under ulimit -v that allocation races with kreg's own (blas_workspace.h): when it makes
///    one of kreg's BLAS calls fail to get a buffer, OpenBLAS retries for ever.
/// After the exec both are set, so this happens at most once. Returns only if it did not exec
/// (or exec failed; the program then goes on as it is).
void rerun_with_kreg_blas_settings(char** argv);

}  // namespace kreg
