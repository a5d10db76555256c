// krr's four exact cv routes give the same table: a Cholesky factorisation per lambda, one band
// reduction per fold, one eigendecomposition per fold, and one eigendecomposition of the whole K
// with group deletion (statistics shared by the folds: --standardize none). Relative 1e-9 on
// every fold's MSE. The band reduction is tested at a half-bandwidth below the fold size (the
// default 64 < 192 training rows), so Q is a product of reflectors, not the identity. The
// same for the MAE and the Huber loss (--score).
#include <gtest/gtest.h>

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/data/dataset.h"
#include "kreg/data/metrics.h"
#include "kreg/data/score.h"
#include "kreg/select/cv.h"
#include "kreg/data/folds.h"

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

// Scores other than the MSE (data/score.h) by every route: the same fold MAE and Huber loss
// (group deletion scores its residuals e_G, the others their predictions); with --statistics
// all the scores are on the original scale of y and Huber's scale is the sd of the training
// fold's y, as a direct computation of one fold says.
TEST(CvRoutes, EveryRouteGivesTheSameMaeAndHuber) {
  Dataset d = synthetic(150);
  d.y = 3.0 + 2.0 * d.y;
  d.y.elem(arma::regspace<arma::uvec>(5, 20, d.n() - 1)) += 10.0;  // outliers
  const Folds folds = seeded_folds(d.n(), 5, 1);
  for (ScoreKind kind : {ScoreKind::kMae, ScoreKind::kHuber}) {
    SCOPED_TRACE(score_name(kind));
    CvSettings s;
    s.statistics = CvStatistics::kAll;  // shared statistics: group deletion is available
    s.kernel_grids["bandwidth"] = {0.5, 1.5};
    s.regulariser_grid = {1e-3, 0.1, 1.0};
    s.score.kind = kind;
    s.score.huber_delta = 0.9;
    s.threads = 2;
    std::vector<CvResult> tables;
    for (CvRoute route : {CvRoute::kCholesky, CvRoute::kBand, CvRoute::kEigen, CvRoute::kGroupDeletion}) {
      s.route = route;
      tables.push_back(cross_validate(d, s, folds));
    }
    for (const CvResult& t : tables) {
      ASSERT_EQ(t.rows.size(), 6u);
      EXPECT_EQ(t.best_min, tables[0].best_min);
      EXPECT_EQ(t.best_1se, tables[0].best_1se);
      for (std::size_t i = 0; i < t.rows.size(); ++i)
        for (std::size_t f = 0; f < 5; ++f)
          EXPECT_NEAR(t.rows[i].fold_score[f], tables[0].rows[i].fold_score[f], 1e-9 * tables[0].rows[i].fold_score[f]);
    }
    // Fold 0 of the row (bandwidth 1.5, lambda 0.1) by hand: standardise with all rows, fit the
    // training rows, predict on the original scale.
    const CvRow& row = tables[0].rows[4];
    ASSERT_EQ(row.kernel.value("bandwidth"), 1.5);
    ASSERT_EQ(row.regulariser, 0.1);
    const arma::rowvec mx = arma::mean(d.X, 0), sx = arma::stddev(d.X, 1, 0);
    const double my = arma::mean(d.y), sy = arma::stddev(d.y, 1);
    const arma::mat Z = (d.X.each_row() - mx).each_row() / sx;
    const arma::uvec tr = folds.training_rows(0), va = folds.validation_rows(0);
    const auto gaussian = [](const arma::mat& A, const arma::mat& B) {
      arma::mat G(A.n_rows, B.n_rows);
      for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword j = 0; j < B.n_rows; ++j)
          G(i, j) = std::exp(-arma::accu(arma::square(A.row(i) - B.row(j))) / (2.0 * 1.5 * 1.5));
      return G;
    };
    const arma::mat Ztr = Z.rows(tr), Zva = Z.rows(va);
    const arma::vec alpha =
        arma::solve(gaussian(Ztr, Ztr) + 0.1 * arma::eye(tr.n_elem, tr.n_elem), arma::vec((d.y.elem(tr) - my) / sy));
    const arma::vec pred = my + sy * gaussian(Zva, Ztr) * alpha;
    const arma::vec yva = d.y.elem(va), ytr = d.y.elem(tr);
    const double want = kind == ScoreKind::kMae ? mae(yva, pred) : huber(yva, pred, arma::stddev(ytr, 1), 0.9);
    EXPECT_NEAR(row.fold_score[0], want, 1e-8 * want);
    EXPECT_NEAR(row.fold_mse[0], mse(yva, pred), 1e-8 * mse(yva, pred));
  }
}

}  // namespace
}  // namespace kreg::test
