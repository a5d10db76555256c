// The choice of OpenBLAS kernels: replace only sets older than AVX2, and only by what the
// processor runs.
#include "kreg/linalg/blas_core.h"

#include <gtest/gtest.h>

namespace kreg {
namespace {

TEST(BlasCore, GenericFallbackIsReplacedByTheWidestSetTheProcessorRuns) {
  const VectorUnits avx512{true, true}, avx2{true, false}, neither{false, false};
  EXPECT_EQ(better_openblas_core("Prescott", avx512), "SkylakeX");
  EXPECT_EQ(better_openblas_core("Prescott", avx2), "Haswell");
  EXPECT_EQ(better_openblas_core("Sandybridge", avx2), "Haswell");
  EXPECT_EQ(better_openblas_core("Prescott", neither), "");
}

TEST(BlasCore, RecognisedModernSetsAreLeftAlone) {
  const VectorUnits avx512{true, true};
  for (const char* core : {"Haswell", "Zen", "SkylakeX", "Cooperlake", "SapphireRapids", "Excavator"})
    EXPECT_EQ(better_openblas_core(core, avx512), "") << core;
}

}  // namespace
}  // namespace kreg
