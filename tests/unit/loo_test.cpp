// The representer-theorem notes, Proposition 3: the leave-one-out residuals from one
// eigendecomposition equal those of n explicit refits, for three kernels at five lambdas from 1e-6
// to 10, on real data (120 California-housing rows); plus the selection rules.
#include "kreg/select/loo.h"

#include <gtest/gtest.h>

#include "kreg/data/csv_table.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

TEST(Loo, ShortcutEqualsBruteForceRefits) {
  const Dataset d = california("train", 120);
  const std::vector<double> lambdas = {1e-6, 1e-4, 1e-2, 1.0, 10.0};
  for (const char* kernel : {"gaussian", "laplace", "matern52"}) {
    for (auto scaling : {LambdaScaling::kNone, LambdaScaling::kN}) {
      SCOPED_TRACE(std::string(kernel) + " scaling " + to_string(scaling));
      FitSettings s;
      s.kernel.name = kernel;
      s.kernel.set("bandwidth", 3.0);
      s.lambda_scaling = scaling;
      const LooResult fast = loo_krr(d, s, lambdas);
      const auto slow = loo_krr_brute_force(d, s, lambdas);
      for (std::size_t g = 0; g < lambdas.size(); ++g) {
        const double scale = arma::abs(slow[g]).max();
        const double rel = arma::abs(fast.points[g].residuals - slow[g]).max() / scale;
        EXPECT_LE(rel, 1e-8) << "lambda " << lambdas[g];
        EXPECT_NEAR(fast.points[g].loo_mse, arma::mean(arma::square(slow[g])), 1e-8 * fast.points[g].loo_mse);
      }
    }
  }
}

TEST(Loo, GcvAndDfFollowTheirDefinitions) {
  const Dataset d = california("train", 60);
  FitSettings s;
  s.kernel.set("bandwidth", 2.0);
  const LooResult r = loo_krr(d, s, {0.05});
  // df = tr K (K + lambda I)^{-1} formed directly (standardised data, as kreg uses).
  const Standardization st = fit_standardization(d.X, d.y, StandardizeMode::kBoth);
  arma::mat K(60, 60);
  const arma::mat Z = st.transform_features(d.X);
  for (arma::uword i = 0; i < 60; ++i)
    for (arma::uword j = 0; j < 60; ++j) K(i, j) = std::exp(-arma::accu(arma::square(Z.row(i) - Z.row(j))) / 8.0);
  const arma::mat H = K * arma::inv_sympd(K + 0.05 * arma::eye(60, 60));  // test-only direct formation
  EXPECT_NEAR(r.points[0].df, arma::trace(H), 1e-9 * arma::trace(H));
  const arma::vec resid = d.y - (st.target_mean + st.target_scale * (H * st.transform_target(d.y)));
  const double gcv = 60.0 * arma::accu(arma::square(resid)) / std::pow(60.0 - arma::trace(H), 2);
  EXPECT_NEAR(r.points[0].gcv, gcv, 1e-9 * gcv);
}

TEST(Loo, OneStandardErrorRulePicksLargestLambdaWithinOneSe) {
  LooResult r;
  auto pt = [](double lambda, double mse, double se) {
    LooPoint p;
    p.lambda = lambda;
    p.loo_mse = mse;
    p.loo_se = se;
    return p;
  };
  r.points = {pt(0.01, 1.0, 0.1), pt(0.1, 0.8, 0.1), pt(1.0, 0.85, 0.1), pt(10.0, 0.95, 0.1)};
  select_loo_points(r, {});
  EXPECT_EQ(r.best_min, 1u);
  EXPECT_EQ(r.best_1se, 2u);  // 0.85 <= 0.9 < 0.95
}

}  // namespace
}  // namespace kreg::test
