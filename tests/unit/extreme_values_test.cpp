// Standardisation and error measures of columns at the ends of the double range (values near
// DBL_MAX, squares that overflow, spreads near the smallest normal double), against the same
// formulas in long double (range 1e4932: nothing overflows there), and the same digits as the
// direct formulas on ordinary columns.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#include "kreg/core/errors.h"
#include "kreg/data/metrics.h"
#include "kreg/data/moments.h"
#include "kreg/data/standardization.h"

namespace kreg::test {
namespace {

using Long = long double;

bool long_double_is_wide() { return std::numeric_limits<Long>::max_exponent10 > 4000; }

// Population mean and sd in long double.
void reference_moments(const std::vector<double>& v, Long& mean, Long& sd) {
  Long sum = 0;
  for (double x : v) sum += x;
  mean = sum / static_cast<Long>(v.size());
  Long ss = 0;
  for (double x : v) ss += (x - mean) * (x - mean);
  sd = std::sqrt(ss / static_cast<Long>(v.size()));
}

double relative(Long got, Long want) { return static_cast<double>(std::fabs(got - want) / std::fabs(want)); }

// Columns whose squares (or sums) overflow in double, or whose spread is near the bottom of the
// normal range.
const std::vector<std::vector<double>>& extreme_columns() {
  static const std::vector<std::vector<double>> columns = {
      {1.79e308, -1.79e308, 1.79e308, 0.5e308, -1.0e308},  // x - mean overflows
      {1e300, -1e300, 1e300, -1e300, 3e299},               // squares overflow
      {DBL_MAX, DBL_MAX, DBL_MAX * 0.999, DBL_MAX},        // sums overflow
      {3e200, 1e200, 2.5e200, 1.7e200, 4e200, 2e200},      // a target of 1e200
      {1e-300, -1e-300, 3e-300, 2e-300},                   // spread 1e-300: squares underflow
      {4e-306, 2e-306, 9e-306, 1e-306},                    // spread near the smallest normal double
  };
  return columns;
}

TEST(ExtremeValues, MomentsMatchLongDouble) {
  if (!long_double_is_wide()) GTEST_SKIP() << "long double is no wider than double here";
  for (const auto& c : extreme_columns()) {
    Long mean = 0, sd = 0;
    reference_moments(c, mean, sd);
    const Moments m = population_moments(arma::vec(c));
    ASSERT_TRUE(std::isfinite(m.mean) && std::isfinite(m.sd)) << c[0];
    EXPECT_LT(std::fabs(m.mean - mean), 1e-14L * sd + 1e-15L * std::fabs(mean)) << c[0];
    EXPECT_LT(relative(m.sd, sd), 1e-14) << c[0];
  }
}

TEST(ExtremeValues, StandardisedColumnsAreFiniteWithMeanZeroAndSdOne) {
  if (!long_double_is_wide()) GTEST_SKIP() << "long double is no wider than double here";
  for (const auto& c : extreme_columns()) {
    const arma::mat X = arma::mat(arma::vec(c));
    const arma::vec y(c);
    const Standardization s = fit_standardization(X, y, StandardizeMode::kBoth);
    Long mean = 0, sd = 0;
    reference_moments(c, mean, sd);
    EXPECT_LT(relative(s.feature_scale(0), sd), 1e-14) << c[0];
    EXPECT_LT(relative(s.target_scale, sd), 1e-14) << c[0];
    const arma::mat Z = s.transform_features(X);
    const arma::vec t = s.transform_target(y);
    ASSERT_TRUE(Z.is_finite() && t.is_finite()) << c[0];
    // The rounding of the mean, relative to the spread, bounds the error of z.
    const double tol = static_cast<double>(1e-14L * (1 + std::fabs(mean) / sd));
    for (std::size_t i = 0; i < c.size(); ++i) {
      const Long want = (c[i] - mean) / sd;  // the standardised value, in long double
      EXPECT_NEAR(Z(i, 0), static_cast<double>(want), tol) << c[0] << " row " << i;
      EXPECT_NEAR(t(i), static_cast<double>(want), tol) << c[0] << " row " << i;
    }
    // Back to the original scale: the column itself, to rounding.
    const arma::vec back = s.inverse_target(t);
    ASSERT_TRUE(back.is_finite()) << c[0];
    for (std::size_t i = 0; i < c.size(); ++i)
      EXPECT_LE(std::fabs(static_cast<Long>(back(i)) - c[i]), 1e-14L * (sd + std::fabs(mean))) << c[0] << " row " << i;
  }
}

TEST(ExtremeValues, InverseOfTargetNearTheLargestDouble) {
  Standardization s;
  s.target_mean = 1.0e308;
  s.target_scale = 1.5e308;
  // 1e308 + 1.5e308 * (-1.5): the product overflows, the result -1.25e308 does not;
  // 1e308 + 1.5e308 * 0.6 = 1.9e308 is beyond the largest double.
  const arma::vec back = s.inverse_target(arma::vec{-1.5, 0.6, -1.0});
  EXPECT_NEAR(back(0), -1.25e308, 1e293);
  EXPECT_TRUE(std::isinf(back(1)) && back(1) > 0);
  EXPECT_NEAR(back(2), -0.5e308, 1e293);
}

TEST(ExtremeValues, ConstantColumnsKeepScaleOne) {
  for (double v : {7.0, 1e300, -1.79e308, 1e-310, 0.0, 0.1}) {
    const arma::mat X(6, 1, arma::fill::value(v));
    const Standardization s = fit_standardization(X, arma::vec(X.col(0)), StandardizeMode::kBoth);
    EXPECT_EQ(s.feature_scale(0), 1.0) << v;
    EXPECT_EQ(s.target_scale, 1.0) << v;
    EXPECT_TRUE(s.transform_features(X).is_finite()) << v;
  }
}

TEST(ExtremeValues, SpreadBelowTheSmallestNormalDoubleIsRefusedNamingTheColumn) {
  // Spread about 8e-311: its reciprocal overflows.
  const arma::mat X = {{1.0, 1e-310}, {2.0, 2e-310}, {3.0, 3e-310}};
  const arma::vec y = {1.0, 2.0, 3.0};
  try {
    fit_standardization(X, y, StandardizeMode::kFeatures);
    FAIL() << "a spread of 8e-311 was accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("feature column 2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("multiply the column"), std::string::npos) << e.what();
  }
  Dataset d;
  d.X = X;
  d.y = y;
  d.feature_names = {"a", "tiny"};
  d.target_name = "y";
  d.source = "data.csv";
  try {
    fit_standardization(d, StandardizeMode::kBoth);
    FAIL() << "a spread of 8e-311 was accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("data.csv: column 'tiny'"), std::string::npos) << e.what();
  }
}

// Scaling a column by a power of two scales its statistics exactly: so the scaled sums give the
// same digits as the direct formulas on every ordinary column.
TEST(ExtremeValues, OrdinaryColumnsGiveTheDigitsOfTheDirectFormulas) {
  arma::arma_rng::set_seed(11);
  for (double scale : {1.0, 1e-5, 3e7}) {
    const arma::vec v = scale * (2.0 + arma::randn(101));
    const Moments m = population_moments(v);
    const double mean = arma::mean(v);
    EXPECT_EQ(m.mean, mean);
    EXPECT_EQ(m.sd, std::sqrt(arma::mean(arma::square(v - mean))));
    const arma::vec f = v + scale * 0.1 * arma::randn(101);
    EXPECT_EQ(mse(v, f), arma::mean(arma::square(v - f)));
    EXPECT_EQ(rmse(v, f), std::sqrt(arma::mean(arma::square(v - f))));
    EXPECT_EQ(mae(v, f), arma::mean(arma::abs(v - f)));
    EXPECT_EQ(r_squared(v, f),
              1.0 - arma::accu(arma::square(v - f)) / arma::accu(arma::square(v - arma::mean(v))));
  }
}

TEST(ExtremeValues, ErrorMeasuresOfLargeTargetsMatchLongDouble) {
  if (!long_double_is_wide()) GTEST_SKIP() << "long double is no wider than double here";
  const std::vector<double> y = {3e200, 1e200, 2.5e200, -1.7e200, 4e200, 1.79e308, -1.79e308};
  const std::vector<double> f = {2.9e200, 1.2e200, 2.4e200, -1.5e200, 4.2e200, -1.0e308, 1.0e308};
  Long ss = 0, sa = 0, mean = 0, sd = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const Long e = static_cast<Long>(y[i]) - f[i];
    ss += e * e;
    sa += std::fabs(e);
  }
  reference_moments(y, mean, sd);
  const Long n = static_cast<Long>(y.size());
  const arma::vec yv(y), fv(f);
  EXPECT_LT(relative(rmse(yv, fv), std::sqrt(ss / n)), 1e-14);
  EXPECT_LT(relative(mae(yv, fv), sa / n), 1e-14);
  EXPECT_LT(std::fabs(r_squared(yv, fv) - static_cast<double>(1 - ss / (n * sd * sd))), 1e-14);
  EXPECT_TRUE(std::isinf(mse(yv, fv)));  // 1e616 is beyond the largest double: inf, not NaN
  const Metrics m = evaluate(yv, fv);
  EXPECT_TRUE(std::isfinite(m.rmse) && std::isfinite(m.mae) && std::isfinite(m.r2));
}

}  // namespace
}  // namespace kreg::test
