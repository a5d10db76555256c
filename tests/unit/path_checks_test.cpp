// The findings about the points of a regularisation path (kreg/select/path_checks.h), for paths
// made by hand: the points whose errors or coefficients are not finite (the validation columns
// only with validation data, the score's only when it has a column) and the ill-conditioned ones.
#include "kreg/select/path_checks.h"

#include <gtest/gtest.h>

#include <cmath>

namespace kreg::test {
namespace {

std::vector<PathPoint> path_of(std::size_t n) {
  std::vector<PathPoint> path(n);
  for (std::size_t i = 0; i < n; ++i) {
    path[i].value = std::pow(10.0, -static_cast<double>(i));
    path[i].train_mse = path[i].val_mse = path[i].val_score = 0.5;
    path[i].alpha_norm = 2.0;
  }
  return path;
}

TEST(PathChecks, NonFinitePointsCountedTheFirstNamed) {
  std::vector<PathPoint> path = path_of(6);
  EXPECT_EQ(non_finite_path_points(path, true, true).count, 0u);
  path[0].val_score = NAN;
  path[1].val_mse = INFINITY;
  path[3].train_mse = NAN;
  path[5].alpha_norm = INFINITY;
  PathPointCount c = non_finite_path_points(path, false, true);  // no validation data: no validation columns
  EXPECT_EQ(c.count, 2u);
  EXPECT_EQ(c.total, 6u);
  EXPECT_EQ(c.first, 3u);
  c = non_finite_path_points(path, true, false);  // validation, the MSE as the score
  EXPECT_EQ(c.count, 3u);
  EXPECT_EQ(c.first, 1u);
  c = non_finite_path_points(path, true, true);  // and a score column of its own
  EXPECT_EQ(c.count, 4u);
  EXPECT_EQ(c.first, 0u);
}

TEST(PathChecks, IllConditionedPointsTheWorstNamed) {
  std::vector<PathPoint> path = path_of(5);  // rcond NaN: a method without one
  EXPECT_EQ(ill_conditioned_path_points(path).count, 0u);
  path[0].rcond = 0.1;
  path[1].rcond = 1e-10;  // at the threshold: not below it
  path[2].rcond = 3e-12;
  path[3].rcond = 5e-11;
  path[4].rcond = 3e-12;
  const IllConditionedPoints ill = ill_conditioned_path_points(path);
  EXPECT_EQ(ill.count, 3u);
  EXPECT_EQ(ill.total, 5u);
  EXPECT_EQ(ill.worst, 4u);
}

}  // namespace
}  // namespace kreg::test
