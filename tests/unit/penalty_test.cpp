// The two penalties (penalty.h) on small vectors worked by hand, and the penalised solvers
// refusing a Penalty that is not l1 or l_inf -- Penalty::kNone, or a value outside the
// enumeration, which is what a new penalty is to code that has not learnt it -- instead of
// running the l_inf solver for it.
#include "kreg/solvers/penalty.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "kreg/solvers/paper_solver.h"
#include "kreg/solvers/penalized_path.h"
#include "kreg/solvers/proximal.h"
#include "kreg/solvers/repeated_rows.h"
#include "kreg/solvers/solver_table.h"

namespace kreg::test {
namespace {

TEST(Penalty, NormsAndDualNorms) {
  const arma::vec v = {3.0, -4.0, 0.0, 1.0};
  EXPECT_EQ(penalty_norm(Penalty::kL1, v), 8.0);  // |3| + |-4| + |0| + |1|
  EXPECT_EQ(penalty_norm(Penalty::kLinf, v), 4.0);
  EXPECT_EQ(dual_norm(Penalty::kL1, v), 4.0);  // the dual of l1 is l_inf, and back
  EXPECT_EQ(dual_norm(Penalty::kLinf, v), 8.0);
  EXPECT_EQ(lambda_max(Penalty::kL1, v), 4.0);
  EXPECT_EQ(lambda_max(Penalty::kLinf, v), 8.0);
  const arma::vec empty;
  for (const Penalty pen : {Penalty::kL1, Penalty::kLinf}) {
    EXPECT_EQ(penalty_norm(pen, empty), 0.0);
    EXPECT_EQ(dual_norm(pen, empty), 0.0);
  }
}

TEST(Penalty, ProxOfEachPenalty) {
  // v = (3, -1, 0.5), tau = 1. l1: soft-thresholding by 1 gives (2, 0, 0). l_inf: v minus its
  // projection on the l1 ball of radius 1; that projection thresholds |v| at theta with
  // (3 - theta) = 1, theta = 2 (the others are below 2): (1, 0, 0), so the prox is (2, -1, 0.5).
  const arma::vec v = {3.0, -1.0, 0.5};
  arma::vec out;
  std::vector<double> scratch;
  prox_into(Penalty::kL1, v, 1.0, out, scratch);
  EXPECT_TRUE(arma::approx_equal(out, arma::vec({2.0, 0.0, 0.0}), "absdiff", 0.0));
  prox_into(Penalty::kLinf, v, 1.0, out, scratch);
  EXPECT_TRUE(arma::approx_equal(out, arma::vec({2.0, -1.0, 0.5}), "absdiff", 1e-15));
  EXPECT_STREQ(penalised_method_name(Penalty::kL1), "kl1");
  EXPECT_STREQ(penalised_method_name(Penalty::kLinf), "klinf");
}

// Penalty::kNone and a value outside the enumeration.
const std::vector<Penalty> kNotAPenalty = {Penalty::kNone, static_cast<Penalty>(9)};

TEST(Penalty, HelpersRefuseAValueThatIsNotAPenalty) {
  const arma::vec v = {1.0, -2.0};
  arma::vec out;
  std::vector<double> scratch;
  for (const Penalty pen : kNotAPenalty) {
    SCOPED_TRACE(static_cast<int>(pen));
    EXPECT_THROW(penalty_norm(pen, v), std::logic_error);
    EXPECT_THROW(dual_norm(pen, v), std::logic_error);
    EXPECT_THROW(prox_into(pen, v, 1.0, out, scratch), std::logic_error);
    EXPECT_THROW(penalised_method_name(pen), std::logic_error);
  }
}

TEST(PenalisedSolvers, RefuseAValueThatIsNotAPenalty) {
  // Rows 0 and 1 repeat (responses differ), so repeated_rows has a group to bound.
  const arma::mat Z = arma::mat({0.0, 0.0, 1.0}).t();
  const arma::mat K = {{2.0, 0.5, 0.0}, {0.5, 2.0, 0.5}, {0.0, 0.5, 2.0}};
  const arma::vec y = {1.0, -0.5, 0.25};
  const arma::vec alpha = {0.1, 0.0, -0.2};
  const arma::vec Kalpha = K * alpha;
  FitSettings s;
  s.method = "kl1";
  for (const Penalty pen : kNotAPenalty) {
    SCOPED_TRACE(static_cast<int>(pen));
    EXPECT_THROW(lambda_max(pen, y), std::logic_error);
    EXPECT_THROW(penalized_objective(Kalpha, y, alpha, pen, 0.1), std::logic_error);
    EXPECT_THROW(kkt_violation(Kalpha, y, alpha, pen, 0.1), std::logic_error);
    EXPECT_THROW(repeated_rows(Z, y, pen), std::logic_error);
    EXPECT_THROW(solve_paper_grid(K, y, pen, {0.5, 0.1}, 0.1, 50, 1e-8), std::logic_error);
    EXPECT_THROW(solve_fista(K, 2.6, y, pen, 0.1, s, nullptr), std::logic_error);
    for (const PenalizedGridSolver solve : {homotopy_grid, fista_grid, paper_grid})
      EXPECT_THROW(solve(K, y, pen, {0.5, 0.1}, s), std::logic_error);
  }
}

}  // namespace
}  // namespace kreg::test
