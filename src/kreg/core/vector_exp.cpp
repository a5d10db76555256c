// exp over an array (see vector_exp.h): one loop over the inline scalar form, which has no
// calls and no branches the compiler cannot turn into selects, so it is vectorised.
#include "kreg/core/vector_exp.h"

#include "kreg/core/cpu_dispatch.h"

namespace kreg {

namespace {
KREG_ALWAYS_INLINE inline void exp_body(double* x, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) x[i] = kernel_exp(x[i]);
}
#if KREG_DISPATCH
KREG_AVX2 void exp_avx2(double* x, std::size_t count) { exp_body(x, count); }
#endif
}  // namespace

void exp_in_place(double* x, std::size_t count) { KREG_DISPATCH_CALL(exp_body, exp_avx2, (x, count)); }

}  // namespace kreg
