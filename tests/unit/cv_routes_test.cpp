// krr's four exact cv routes give the same table: a Cholesky factorisation per lambda, one band
// reduction per fold, one eigendecomposition per fold, and one eigendecomposition of the whole K
// with group deletion (statistics shared by the folds: --standardize none). Relative 1e-9 on
// every fold's MSE. The band reduction is tested at a half-bandwidth below the fold size (the
// default 64 < 192 training rows), so Q is a product of reflectors, not the identity.
#include <gtest/gtest.h>

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/data/dataset.h"
#include "kreg/select/cv.h"
#include "kreg/select/folds.h"

namespace kreg::test {
namespace {

Dataset synthetic(std::size_t n) {
  arma::arma_rng::set_seed(11);
  Dataset d;
  d.X = arma::randn(n, 3);
  d.y = arma::sin(d.X.col(0)) + 0.5 * d.X.col(1) % d.X.col(2) + 0.1 * arma::randn(n);
  d.feature_names = {"a", "b", "c"};
  d.target_name = "y";
  d.source = "synthetic";
  return d;
}

TEST(CvRoutes, CholeskyBandEigenAndGroupDeletionAgreeToRelative1e9) {
  const Dataset d = synthetic(240);
  const Folds folds = seeded_folds(d.n(), 5, 3);
  CvSettings s;
  s.base.standardize = StandardizeMode::kNone;
  s.kernel_grids["bandwidth"] = {0.7, 2.0};
  s.regulariser_grid = {1e-3, 1e-2, 0.1, 1.0, 10.0};
  s.threads = 2;
  const auto table = [&](CvRoute route) {
    CvSettings r = s;
    r.route = route;
    return cross_validate(d, r, folds);
  };
  const CvResult cholesky = table(CvRoute::kCholesky), band = table(CvRoute::kBand), eigen = table(CvRoute::kEigen),
                 group = table(CvRoute::kGroupDeletion), automatic = table(CvRoute::kAuto);
  ASSERT_EQ(cholesky.rows.size(), 10u);
  double worst = 0.0;
  for (const CvResult* other : {&band, &eigen, &group, &automatic}) {
    ASSERT_EQ(other->rows.size(), cholesky.rows.size());
    for (std::size_t i = 0; i < cholesky.rows.size(); ++i)
      for (std::size_t f = 0; f < 5; ++f) {
        const double a = cholesky.rows[i].fold_mse[f], b = other->rows[i].fold_mse[f];
        worst = std::max(worst, std::abs(a - b) / std::abs(a));
      }
    EXPECT_EQ(other->best_min, cholesky.best_min);
    EXPECT_EQ(other->best_1se, cholesky.best_1se);
  }
  EXPECT_LE(worst, 1e-9);
  std::printf("  largest relative difference of a fold's MSE between routes: %.3g\n", worst);
  // With statistics of each training fold there is no shared eigendecomposition.
  CvSettings fold_stats = s;
  fold_stats.base.standardize = StandardizeMode::kBoth;
  fold_stats.route = CvRoute::kGroupDeletion;
  EXPECT_THROW(cross_validate(d, fold_stats, folds), ConfigError);
}

}  // namespace
}  // namespace kreg::test
