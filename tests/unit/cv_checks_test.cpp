// The findings about the fits of a finished cv run (kreg/select/cv_checks.h), for results made
// by hand: which kinds, in which order, and their numbers (how many of how many, which row, the
// Nystrom fits split at lambda = 0).
#include "kreg/select/cv_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace kreg::test {
namespace {

CvRow row(double lambda, double score, double r2 = 0.5) {
  CvRow r;
  r.regulariser = lambda;
  r.mean_mse = r.mean_score = score;
  r.mean_r2 = r2;
  return r;
}

CvSettings settings_for(const std::string& method, Solver solver = Solver::kAuto) {
  CvSettings s;
  s.base.method = method;
  s.base.solver = solver;
  return s;
}

std::vector<CvFindingKind> kinds(const std::vector<CvFinding>& findings) {
  std::vector<CvFindingKind> out;
  for (const CvFinding& f : findings) out.push_back(f.kind);
  return out;
}

TEST(CvChecks, AHealthyRunHasNoFinding) {
  CvResult result;
  result.rows = {row(0.1, 0.3), row(1.0, 0.2, 0.01)};
  result.best_min = 1;
  result.total_fits = 10;
  EXPECT_TRUE(cv_findings(result, settings_for("krr")).empty());
}

TEST(CvChecks, NonFiniteRowsAreCountedAndTheFirstIsNamed) {
  CvResult result;
  const double inf = std::numeric_limits<double>::infinity();
  result.rows = {row(0.1, 0.3), row(0.01, NAN), row(1.0, 0.2), row(0.001, inf), row(10.0, 0.4)};
  result.best_min = 2;
  result.non_finite_rows = 2;
  const std::vector<CvFinding> found = cv_findings(result, settings_for("krr"));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, CvFindingKind::kNonFiniteRows);
  EXPECT_EQ(found[0].count, 2u);
  EXPECT_EQ(found[0].total, 5u);
  EXPECT_EQ(found[0].row, 1u);
}

TEST(CvChecks, TheChosenPointIsNoBetterThanTheMeanAtAMeanR2OfZeroOrBelow) {
  CvResult result;
  result.rows = {row(0.1, 0.3, 0.4), row(1.0, 0.2, 0.0)};
  result.best_min = 1;
  std::vector<CvFinding> found = cv_findings(result, settings_for("krr"));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, CvFindingKind::kBestNoBetterThanMean);
  EXPECT_EQ(found[0].row, 1u);
  EXPECT_EQ(found[0].r2, 0.0);
  // Only the chosen point counts: another point's R2 below 0 says nothing.
  result.rows[1].mean_r2 = 1e-12;
  result.rows[0].mean_r2 = -3.0;
  EXPECT_TRUE(cv_findings(result, settings_for("krr")).empty());
}

TEST(CvChecks, FitsThatFellShortAreSaidByTheMethodsWayOfStopping) {
  CvResult result;
  result.rows = {row(0.1, 0.3)};
  result.unfinished_fits = 3;
  result.total_fits = 20;
  // (krr and kgf: a closed form solved by an iterative solver that stopped at max_iter.)
  for (const auto& [method, kind] :
       {std::pair{"kl1", CvFindingKind::kNotConverged}, std::pair{"klinf", CvFindingKind::kNotConverged},
        std::pair{"krr", CvFindingKind::kNotConverged}, std::pair{"kgf", CvFindingKind::kNotConverged},
        std::pair{"kgd", CvFindingKind::kStoppedAtTMax}, std::pair{"kcd", CvFindingKind::kStoppedAtTMax}}) {
    const std::vector<CvFinding> found = cv_findings(result, settings_for(method));
    ASSERT_EQ(found.size(), 1u) << method;
    EXPECT_EQ(found[0].kind, kind) << method;
    EXPECT_EQ(found[0].count, 3u);
    EXPECT_EQ(found[0].total, 20u);
  }
  result.unfinished_fits = 0;
  EXPECT_TRUE(cv_findings(result, settings_for("kl1")).empty());
}

// The Nystrom fits short of tol are split by where they are: at lambda = 0 (3 + 1 folds of two
// rows) and above it (the other 2 of the 6).
TEST(CvChecks, NystromFitsShortOfTolAreSplitAtLambdaZero) {
  CvResult result;
  result.rows = {row(0.0, 0.3), row(0.1, 0.2), row(0.0, 0.3), row(1.0, 0.25)};
  result.rows[0].unfinished_folds = 3;
  result.rows[1].unfinished_folds = 2;
  result.rows[2].unfinished_folds = 1;
  result.best_min = 1;
  result.unfinished_fits = 6;
  result.total_fits = 20;
  const std::vector<CvFinding> found = cv_findings(result, settings_for("krr", Solver::kNystrom));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, CvFindingKind::kNystromShortOfTol);
  EXPECT_EQ(found[0].count, 6u);
  EXPECT_EQ(found[0].total, 20u);
  EXPECT_EQ(found[0].at_zero, 4u);
  EXPECT_EQ(found[0].above_zero, 2u);
  // The same fits with another solver did not converge.
  EXPECT_EQ(kinds(cv_findings(result, settings_for("kl1"))), std::vector<CvFindingKind>{CvFindingKind::kNotConverged});
}

TEST(CvChecks, UnboundedFitsAreCounted) {
  CvResult result;
  result.rows = {row(0.1, 0.3)};
  result.unbounded_fits = 7;
  result.total_fits = 30;
  const std::vector<CvFinding> found = cv_findings(result, settings_for("klinf"));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, CvFindingKind::kUnbounded);
  EXPECT_EQ(found[0].count, 7u);
  EXPECT_EQ(found[0].total, 30u);
}

TEST(CvChecks, EveryFindingOfARunInReadingOrder) {
  CvResult result;
  result.rows = {row(0.1, NAN), row(1.0, 0.2, -0.1)};
  result.best_min = 1;
  result.non_finite_rows = 1;
  result.unfinished_fits = 1;
  result.unbounded_fits = 2;
  result.total_fits = 10;
  EXPECT_EQ(kinds(cv_findings(result, settings_for("kl1"))),
            (std::vector<CvFindingKind>{CvFindingKind::kNonFiniteRows, CvFindingKind::kBestNoBetterThanMean,
                                        CvFindingKind::kNotConverged, CvFindingKind::kUnbounded}));
}

}  // namespace
}  // namespace kreg::test
