// normal_quantile against tabulated quantiles of N(0, 1) (to the digits tables give) and
// against the distribution function it inverts (0.5 erfc(-x / sqrt 2) = p).
#include "kreg/core/normal_quantile.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace kreg::test {
namespace {

TEST(NormalQuantile, TabulatedValuesAndTheInverseOfTheDistributionFunction) {
  EXPECT_NEAR(normal_quantile(0.975), 1.959963984540054, 1e-14);
  EXPECT_NEAR(normal_quantile(0.75), 0.6744897501960817, 1e-14);
  EXPECT_NEAR(normal_quantile(0.5), 0.0, 1e-15);
  EXPECT_NEAR(normal_quantile(0.995), 2.5758293035489004, 1e-13);
  EXPECT_NEAR(normal_quantile(0.025), -1.959963984540054, 1e-14);
  for (double p : {1e-12, 1e-6, 0.01, 0.02425, 0.1, 0.3, 0.7, 0.97575, 0.999, 1 - 1e-9}) {
    const double x = normal_quantile(p);
    EXPECT_NEAR(0.5 * std::erfc(-x / std::sqrt(2.0)), p, 1e-14 * std::max(p, 1e-3)) << p;
  }
  EXPECT_THROW(normal_quantile(0.0), std::logic_error);
  EXPECT_THROW(normal_quantile(1.0), std::logic_error);
}

}  // namespace
}  // namespace kreg::test
