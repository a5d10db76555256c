// The test binary's main: the same OpenBLAS kernels as the kreg binary, then GoogleTest.
#include <gtest/gtest.h>

#include "kreg/linalg/blas_core.h"

int main(int argc, char** argv) {
  kreg::rerun_with_better_blas_kernels(argv);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
