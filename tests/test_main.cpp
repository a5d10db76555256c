// The test binary's main: OpenBLAS loaded as in the kreg binary (its best kernels, no threads of
// its own), then GoogleTest.
#include <gtest/gtest.h>

#include "kreg/linalg/blas_core.h"

int main(int argc, char** argv) {
  kreg::rerun_with_kreg_blas_settings(argv);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
