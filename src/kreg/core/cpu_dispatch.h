// Run-time choice of instruction set for the few loops kreg spends its own time in (the kernel
// exponential, the Gram matrix's distance pass, the descent and homotopy updates, the
// tridiagonal reduction's product). The build is portable x86-64 (SSE2, two doubles per
// instruction); each of those loops is compiled a second time for AVX2 (four doubles; Intel
// since 2013, AMD since 2015) and the copy the processor can run is chosen at run time. A
// build for one processor (cmake -DKREG_NATIVE=ON, -march=native) has no second copy: the
// whole binary already uses what that processor has.
//
// The pattern, for a loop `f`:
//   KREG_ALWAYS_INLINE inline void f_body(args) { ...the loop... }
//   KREG_AVX2 void f_avx2(args) { f_body(args); }  // only #if KREG_DISPATCH
//   void f(args) { KREG_DISPATCH_CALL(f_body, f_avx2, (args)); }
// The body is inlined into both callers and so compiled once for each instruction set. The AVX2
// copy does not fuse multiplications and additions (FMA would round a * b + c once instead of
// twice): both copies round every operation alike, so kreg's own loops give the same bits on
// every x86-64 processor (OpenBLAS's kernels, chosen by OpenBLAS at run time, may not).
#pragma once

#define KREG_ALWAYS_INLINE __attribute__((always_inline))

#if defined(__x86_64__) && !defined(__AVX2__) && defined(__GNUC__)
#define KREG_DISPATCH 1
#define KREG_AVX2 __attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt")))

namespace kreg {
namespace cpu_dispatch_detail {
inline bool processor_has_avx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
}
inline bool& avx2_loops() {
  static bool use = processor_has_avx2();
  return use;
}
}  // namespace cpu_dispatch_detail

/// True when the AVX2 copies run: the processor has AVX2 (read once) and the portable copies
/// are not forced.
inline bool cpu_has_avx2() { return cpu_dispatch_detail::avx2_loops(); }

/// For tests: runs the portable copies from now on (true), or the processor's choice again.
/// Not to be called while a computation runs.
inline void force_portable_loops(bool portable) {
  cpu_dispatch_detail::avx2_loops() = !portable && cpu_dispatch_detail::processor_has_avx2();
}
}  // namespace kreg

#define KREG_DISPATCH_CALL(body, avx2, args) \
  do {                                       \
    if (::kreg::cpu_has_avx2())              \
      avx2 args;                             \
    else                                     \
      body args;                             \
  } while (false)
#define KREG_DISPATCH_RETURN(body, avx2, args) return ::kreg::cpu_has_avx2() ? avx2 args : body args
#else
#define KREG_DISPATCH 0
#define KREG_DISPATCH_CALL(body, avx2, args) body args
#define KREG_DISPATCH_RETURN(body, avx2, args) return body args
namespace kreg {
/// Without run-time dispatch (a -march=native build, another processor) there is one copy.
inline bool cpu_has_avx2() { return false; }
inline void force_portable_loops(bool) {}
}  // namespace kreg
#endif

namespace kreg {
/// The instruction set kreg's own loops run with here ("AVX2", "SSE2"; a build for one
/// processor names the widest it was built for), for `kreg --version`.
inline const char* kreg_loops() {
#if KREG_DISPATCH
  return cpu_has_avx2() ? "AVX2" : "SSE2";
#elif defined(__AVX512F__)
  return "AVX-512";
#elif defined(__AVX2__)
  return "AVX2";
#elif defined(__x86_64__)
  return "SSE2";
#else
  return "portable";
#endif
}
}  // namespace kreg
