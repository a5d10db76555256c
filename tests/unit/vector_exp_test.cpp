// The kernels' exponential (core/vector_exp.h) against the C library's exp: within 2 units in
// the last place over the whole normal range, exact where exp is exact, the documented edges,
// and the vectorised array loop bit for bit equal to the scalar function.
#include "kreg/core/vector_exp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace kreg::test {
namespace {

// Distance in units in the last place between two positive finite doubles: the difference of
// their bit patterns, which order positive doubles like their values.
std::int64_t ulps_apart(double a, double b) {
  std::int64_t ia, ib;
  std::memcpy(&ia, &a, sizeof a);
  std::memcpy(&ib, &b, sizeof b);
  return ia > ib ? ia - ib : ib - ia;
}

std::vector<double> sample_arguments(double lo, double hi, int count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<double> x(static_cast<std::size_t>(count));
  for (double& v : x) v = u(rng);
  return x;
}

TEST(VectorExp, WithinTwoUlpsOfTheLibraryOverTheNormalRange) {
  // The whole range, and the range the Gaussian kernel mostly meets, more densely.
  for (const auto& [lo, hi] : {std::pair{-708.39, 709.0}, std::pair{-40.0, 0.0}, std::pair{-1.0, 1.0}}) {
    std::int64_t worst = 0;
    std::int64_t exact = 0;
    const std::vector<double> x = sample_arguments(lo, hi, 400000, 7);
    for (double v : x) {
      const std::int64_t d = ulps_apart(kernel_exp(v), std::exp(v));
      worst = std::max(worst, d);
      exact += d == 0;
    }
    EXPECT_LE(worst, 2) << "x in [" << lo << ", " << hi << "]";
    // Most values round the same way as the library's (a polynomial with a systematic error
    // would agree on far fewer).
    EXPECT_GT(static_cast<double>(exact) / static_cast<double>(x.size()), 0.7) << "x in [" << lo << ", " << hi << "]";
  }
}

TEST(VectorExp, ExactWhereExpIsExactAndAtTheEdges) {
  EXPECT_EQ(kernel_exp(0.0), 1.0);
  EXPECT_EQ(kernel_exp(-0.0), 1.0);
  EXPECT_LE(ulps_apart(kernel_exp(1.0), 2.718281828459045), 1);
  EXPECT_LE(ulps_apart(kernel_exp(std::log(2.0) * 10.0), 1024.0), 1);
  // Near the smallest normal number: still within 2 ulps, then 0 below it.
  EXPECT_LE(ulps_apart(kernel_exp(-708.0), std::exp(-708.0)), 2);
  EXPECT_EQ(kernel_exp(-708.5), 0.0);
  EXPECT_EQ(kernel_exp(-1e5), 0.0);
  EXPECT_EQ(kernel_exp(-std::numeric_limits<double>::infinity()), 0.0);
  EXPECT_EQ(kernel_exp(710.0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(kernel_exp(std::numeric_limits<double>::infinity()), std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(kernel_exp(std::numeric_limits<double>::quiet_NaN())));
}

TEST(VectorExp, ArrayLoopEqualsTheScalarFunctionBitForBit) {
  std::vector<double> x = sample_arguments(-720.0, 715.0, 100003, 11);  // odd length: a vector tail
  x[5] = std::numeric_limits<double>::quiet_NaN();
  x[6] = -std::numeric_limits<double>::infinity();
  std::vector<double> y = x;
  exp_in_place(y.data(), y.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double s = kernel_exp(x[i]);
    if (std::isnan(s)) {
      EXPECT_TRUE(std::isnan(y[i])) << "x = " << x[i];
    } else {
      ASSERT_EQ(y[i], s) << "x = " << x[i];
    }
  }
}

}  // namespace
}  // namespace kreg::test
