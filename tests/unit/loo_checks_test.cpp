// The findings about a finished leave-one-out search (kreg/select/loo_checks.h), for results made
// by hand: the ill-conditioned points (below kIllConditioned, or twice below it on the data's
// lambda grid) and the worst of them, the interpolating points, the first non-finite point, and
// the grid findings of loo's choice (loo never grows its grids).
#include "kreg/select/loo_checks.h"

#include <gtest/gtest.h>

#include <cmath>

#include "kreg/core/ill_conditioning.h"

namespace kreg::test {
namespace {

LooPoint point(double lambda, double rcond) {
  LooPoint p;
  p.lambda = lambda;
  p.rcond = rcond;
  p.loo_mse = p.gcv = 0.5;
  return p;
}

TEST(LooChecks, AHealthySearchHasNoFinding) {
  LooResult r;
  r.points = {point(0.1, 1e-3), point(1.0, 1e-2)};
  EXPECT_TRUE(loo_findings(r, false).empty());
  EXPECT_TRUE(loo_findings(r, true).empty());
}

// rcond 6e-11 is below kIllConditioned (1e-10) but not twice below it; 4e-11 is both. The worst
// is the last of the smallest.
TEST(LooChecks, IllConditionedPointsWithTheDataGridsSlack) {
  ASSERT_EQ(kIllConditioned, 1e-10);
  LooResult r;
  r.points = {point(1.0, 1e-3), point(1e-9, 6e-11), point(1e-10, 4e-11), point(2e-10, 4e-11), point(3.0, NAN)};
  std::vector<LooFinding> found = loo_findings(r, false);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, LooFindingKind::kIllConditioned);
  EXPECT_EQ(found[0].count, 3u);
  EXPECT_EQ(found[0].total, 5u);
  EXPECT_EQ(found[0].point, 3u);
  found = loo_findings(r, true);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].count, 2u);
  EXPECT_EQ(found[0].point, 3u);
  r.points[3].rcond = 6e-11;
  found = loo_findings(r, true);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].count, 1u);
  EXPECT_EQ(found[0].point, 2u);
}

TEST(LooChecks, InterpolatingAndNonFinitePointsTheFirstNamed) {
  LooResult r;
  r.points = {point(1.0, 1e-3), point(1e-8, 1e-3), point(0.1, 1e-3), point(0.01, 1e-3)};
  r.points[1].interpolates = true;  // no LOO error, and not the first non-finite point
  r.points[1].loo_mse = NAN;
  r.points[2].gcv = INFINITY;
  r.points[3].loo_mse = NAN;
  r.interpolating = 1;
  r.non_finite = 2;
  const std::vector<LooFinding> found = loo_findings(r, false);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].kind, LooFindingKind::kInterpolating);
  EXPECT_EQ(found[0].count, 1u);
  EXPECT_EQ(found[0].total, 4u);
  EXPECT_EQ(found[1].kind, LooFindingKind::kNonFinite);
  EXPECT_EQ(found[1].count, 2u);
  EXPECT_EQ(found[1].total, 4u);
  EXPECT_EQ(found[1].point, 2u);
}

TEST(LooChecks, TheChoiceOnAnEndOfTheDataGridIsAFindingAtOnce) {
  LooGrid grid;
  grid.kernel_grids["bandwidth"] = {0.1, 1.0, 10.0};
  grid.lambdas = {0.001, 0.01, 0.1};
  LooPoint chosen = point(0.1, 1e-3);
  chosen.kernel.set("bandwidth", 10.0);
  CvGridProvenance provenance;  // says the grids grow: loo's do not
  provenance.bandwidth_from_data = true;
  const std::vector<GridFinding> found = loo_grid_findings(grid, chosen, provenance);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].kind, GridFindingKind::kAtEndOfDataGrid);
  EXPECT_EQ(found[0].axis, "bandwidth");
  EXPECT_EQ(found[0].end, 1);
  EXPECT_EQ(found[1].kind, GridFindingKind::kAtEndOfGivenGrid);
  EXPECT_EQ(found[1].axis, "lambda");
  EXPECT_EQ(found[1].value, 0.1);
  EXPECT_EQ(found[1].end, 1);
}

}  // namespace
}  // namespace kreg::test
