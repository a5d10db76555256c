// Standardisation: training columns get mean 0 and population sd 1; the inverse maps back;
// constant columns keep scale 1.
#include "kreg/data/standardization.h"

#include <gtest/gtest.h>

namespace kreg::test {
namespace {

TEST(Standardization, ZeroMeanUnitPopulationSd) {
  arma::arma_rng::set_seed(3);
  arma::mat X = 5.0 + 3.0 * arma::randn(50, 3);
  X.col(2).fill(7.0);  // constant column
  const arma::vec y = -2.0 + 0.5 * arma::randn(50);
  const Standardization s = fit_standardization(X, y, StandardizeMode::kBoth);
  const arma::mat Z = s.transform_features(X);
  for (arma::uword j = 0; j < 2; ++j) {
    EXPECT_NEAR(arma::mean(Z.col(j)), 0.0, 1e-14);
    EXPECT_NEAR(std::sqrt(arma::mean(arma::square(Z.col(j)))), 1.0, 1e-14);
  }
  EXPECT_EQ(s.feature_scale(2), 1.0);
  EXPECT_NEAR(arma::abs(s.inverse_target(s.transform_target(y)) - y).max(), 0.0, 1e-14);
  const Standardization none = fit_standardization(X, y, StandardizeMode::kNone);
  EXPECT_TRUE(arma::approx_equal(none.transform_features(X), X, "absdiff", 0.0));
  EXPECT_EQ(none.target_scale, 1.0);
  const Standardization feat = fit_standardization(X, y, StandardizeMode::kFeatures);
  EXPECT_EQ(feat.target_mean, 0.0);
  EXPECT_NE(feat.feature_mean(0), 0.0);
}

}  // namespace
}  // namespace kreg::test
