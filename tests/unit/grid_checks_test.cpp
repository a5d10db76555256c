// The findings about where a search's chosen point sits on its grids (kreg/select/grid_checks.h):
// the end it is on, the kind (a grid the user gave, the data's grid grown or not, an axis without
// a log scale, an axis held at one value) and the grid that looks further, whose ends and size
// are worked out here from the rule: the grid's own density (values - 1 per decade spanned),
// continued one decade beyond a kernel parameter's end and two beyond a regulariser's.
#include "kreg/select/grid_checks.h"

#include <gtest/gtest.h>

#include <cmath>

namespace kreg::test {
namespace {

CvSettings krr_grids(std::vector<double> bandwidths, std::vector<double> lambdas) {
  CvSettings s;
  s.base.method = "krr";
  if (!bandwidths.empty()) s.kernel_grids["bandwidth"] = std::move(bandwidths);
  s.regulariser_grid = std::move(lambdas);
  return s;
}

KernelSettings gaussian(double bandwidth) {
  KernelSettings k;
  k.set("bandwidth", bandwidth);
  return k;
}

void expect_grid(const LogGrid& g, double lo, double hi, int n) {
  EXPECT_NEAR(std::log10(g.lo), std::log10(lo), 1e-12);
  EXPECT_NEAR(std::log10(g.hi), std::log10(hi), 1e-12);
  EXPECT_EQ(g.n, n);
}

TEST(GridChecks, APointInsideTheGridsHasNoFinding) {
  const CvSettings s = krr_grids({0.1, 1.0, 10.0}, {0.01, 0.1, 1.0});
  EXPECT_TRUE(grid_findings(s, gaussian(1.0), 0.1, CvGridProvenance{}).empty());
}

TEST(GridChecks, AnEndOfAGivenGridWithTheGridThatLooksFurther) {
  const CvSettings s = krr_grids({0.1, 1.0, 10.0}, {0.001, 0.01, 0.1, 1.0});
  const std::vector<GridFinding> found = grid_findings(s, gaussian(10.0), 0.001, CvGridProvenance{});
  ASSERT_EQ(found.size(), 2u);
  // bandwidth: one value per decade; from 0.1 up one decade beyond 10: 0.1 .. 100, 4 values.
  EXPECT_EQ(found[0].kind, GridFindingKind::kAtEndOfGivenGrid);
  EXPECT_EQ(found[0].axis, "bandwidth");
  EXPECT_EQ(found[0].value, 10.0);
  EXPECT_EQ(found[0].end, 1);
  expect_grid(found[0].further, 0.1, 100.0, 4);
  // lambda: one per decade; two decades below 0.001: 1e-5 .. 1, 6 values.
  EXPECT_EQ(found[1].kind, GridFindingKind::kAtEndOfGivenGrid);
  EXPECT_EQ(found[1].axis, "lambda");
  EXPECT_EQ(found[1].end, -1);
  expect_grid(found[1].further, 1e-5, 1.0, 6);
}

TEST(GridChecks, TheGridThatLooksFurtherKeepsTheGridsDensity) {
  // Five bandwidths over two decades (two per decade, in no order), the best the smallest:
  // 0.01 .. 1, 2 per decade over 3 decades, 7 values.
  const CvSettings five = krr_grids({1.0, 0.316227766, 0.1, 0.0316227766, 0.01}, {0.1});
  const std::vector<GridFinding> found = grid_findings(five, gaussian(0.01), 0.1, CvGridProvenance{});
  ASSERT_GE(found.size(), 1u);
  EXPECT_EQ(found[0].end, -1);
  expect_grid(found[0].further, 0.001, 1.0, 7);
}

TEST(GridChecks, NothingLiesBelowALowerBound) {
  CvSettings s = krr_grids({0.1, 1.0}, {0.0, 0.1, 1.0});
  EXPECT_TRUE(grid_findings(s, gaussian(1.0 / 3.0), 0.0, CvGridProvenance{}).empty());
  s.base.kernel.name = "polynomial";
  s.kernel_grids = {{"degree", {1.0, 2.0, 3.0}}};
  KernelSettings k;
  k.name = "polynomial";
  k.set("degree", 1.0);
  EXPECT_TRUE(grid_findings(s, k, 0.1, CvGridProvenance{}).empty());
  // At the top of the degrees: an end of an axis without a log scale, no grid suggested.
  k.set("degree", 3.0);
  const std::vector<GridFinding> found = grid_findings(s, k, 0.1, CvGridProvenance{});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, GridFindingKind::kAtEndOfLinearGrid);
  EXPECT_EQ(found[0].axis, "degree");
  EXPECT_EQ(found[0].end, 1);
  EXPECT_EQ(found[0].further.n, 0);
}

TEST(GridChecks, AnEndOfTheDataGridIsAFindingOnceItMayGrowNoMore) {
  const CvSettings s = krr_grids({0.1, 1.0, 10.0}, {0.01, 0.1, 1.0});
  CvGridProvenance data;
  data.bandwidth_from_data = data.regulariser_from_data = true;
  std::vector<GridFinding> found = grid_findings(s, gaussian(0.1), 1.0, data);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].kind, GridFindingKind::kAtEndAfterExtensions);
  EXPECT_EQ(found[0].extensions, kMaxGridExtensions);
  expect_grid(found[0].further, 0.01, 10.0, 4);
  EXPECT_EQ(found[1].kind, GridFindingKind::kAtEndAfterExtensions);
  EXPECT_EQ(found[1].axis, "lambda");
  EXPECT_EQ(found[1].end, 1);
  expect_grid(found[1].further, 0.01, 100.0, 5);
  data.grows = false;
  found = grid_findings(s, gaussian(0.1), 1.0, data);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].kind, GridFindingKind::kAtEndOfDataGrid);
  EXPECT_EQ(found[1].kind, GridFindingKind::kAtEndOfDataGrid);
  // A data grid of one value is no end and no held axis.
  EXPECT_TRUE(grid_findings(krr_grids({0.5}, {0.1}), gaussian(0.5), 0.1, data).empty());
}

TEST(GridChecks, AnAxisHeldAtOneValueWithTheDataGridToSearchIt) {
  const CvSettings s = krr_grids({}, {0.5});
  CvGridProvenance g;
  g.rules.bandwidth = {0.5, 1.0, 2.0, 4.0};
  g.rules.regulariser = {10.0, 1.0, 0.1, 0.01, 0.001};
  std::vector<GridFinding> found = grid_findings(s, gaussian(2.0), 0.5, g);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].kind, GridFindingKind::kHeld);  // no bandwidth grid: held at its value
  EXPECT_EQ(found[0].axis, "bandwidth");
  EXPECT_EQ(found[0].value, 2.0);
  EXPECT_FALSE(found[0].held_by_grid);
  expect_grid(found[0].further, 0.5, 4.0, 4);
  EXPECT_EQ(found[1].kind, GridFindingKind::kHeld);  // a lambda grid of one value
  EXPECT_TRUE(found[1].held_by_grid);
  expect_grid(found[1].further, 0.001, 10.0, 5);
  // Held by --lambda, and a data grid of one value suggests nothing.
  g.regulariser_value_given = true;
  g.rules.regulariser = {0.1};
  found = grid_findings(s, gaussian(2.0), 0.5, g);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_FALSE(found[1].held_by_grid);
  EXPECT_EQ(found[1].further.n, 0);
  // A bandwidth grid of one value the user gave is held by that grid.
  found = grid_findings(krr_grids({2.0}, {0.1, 1.0}), gaussian(2.0), 0.5, CvGridProvenance{});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, GridFindingKind::kHeld);
  EXPECT_TRUE(found[0].held_by_grid);
}

TEST(GridChecks, EarlyStoppingHasNoRegulariserAxisAndCvAsksAboutItsBestPoint) {
  CvSettings s = krr_grids({0.1, 1.0, 10.0}, {});
  s.base.method = "kgd";
  CvResult result;
  result.rows.resize(2);
  result.rows[0].kernel = gaussian(1.0);
  result.rows[1].kernel = gaussian(10.0);
  result.rows[1].regulariser = NAN;
  result.best_min = 1;
  const std::vector<GridFinding> found = cv_grid_findings(result, s, CvGridProvenance{});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].axis, "bandwidth");
  EXPECT_EQ(found[0].end, 1);
  result.best_min = 0;
  EXPECT_TRUE(cv_grid_findings(result, s, CvGridProvenance{}).empty());
}

}  // namespace
}  // namespace kreg::test
