// Loops of many small matrix-vector products run faster on one BLAS thread: waking the
// OpenBLAS pool for each n x n product costs more than it saves below n ~ 2000.
#pragma once

#include "kreg/linalg/lapack.h"

namespace kreg {

/// For the lifetime of the guard, BLAS uses one thread when n < kSmallProblem.
class SmallProblemBlasThreads {
 public:
  static constexpr unsigned long kSmallProblem = 2000;
  explicit SmallProblemBlasThreads(unsigned long n) : previous_(openblas_get_num_threads()) {
    if (n < kSmallProblem && previous_ != 1) openblas_set_num_threads(1);
  }
  ~SmallProblemBlasThreads() {
    if (openblas_get_num_threads() != previous_) openblas_set_num_threads(previous_);
  }
  SmallProblemBlasThreads(const SmallProblemBlasThreads&) = delete;
  SmallProblemBlasThreads& operator=(const SmallProblemBlasThreads&) = delete;

 private:
  int previous_;
};

}  // namespace kreg
