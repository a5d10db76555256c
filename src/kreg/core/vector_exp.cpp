// exp over an array (see vector_exp.h): one loop over the inline scalar form, which has no
// calls and no branches the compiler cannot turn into selects, so it is vectorised.
#include "kreg/core/vector_exp.h"

namespace kreg {

void exp_in_place(double* x, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) x[i] = kernel_exp(x[i]);
}

}  // namespace kreg
