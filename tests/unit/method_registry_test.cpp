// The method table against the definitions of Allerbo (2023), arXiv 2306.16838: each row's
// family, regulariser, descent rule, penalty and flags, written here from the paper rather than
// from the table; and the checks of MethodRow and of the switches over the method enumerations.
#include "kreg/solvers/method_registry.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "kreg/solvers/method_row.h"

namespace kreg::test {
namespace {

using F = MethodFamily;
using R = Regulariser;
using D = DescentRule;
using P = Penalty;

struct Expected {
  std::string name, title;
  F family;
  R regulariser;
  D descent;
  P penalty;
  bool heavy_ball, nesterov, sparse, loo_shortcut;
};

// From the paper: krr is solved in closed form with lambda, and `loo` has the hat-matrix
// shortcut for it alone; kgf is the closed-form flow at time t; kgd, ksgd, kcd and kegd are
// iterations stopped early (kgd and kegd with a heavy-ball momentum term, kgd also with Nesterov's
// look-ahead); kcd and kegd move a few coordinates per update and leave exact zeros, as the
// l1 penalty does; the l_inf penalty bounds alpha but gives no zeros.
const std::vector<Expected> kPaper = {
    {"krr", "kernel ridge regression", F::kRidge, R::kLambda, D::kNone, P::kNone, false, false, false, true},
    {"kgf", "kernel gradient flow", F::kFlow, R::kTime, D::kNone, P::kNone, false, false, false, false},
    {"kgd", "kernel gradient descent", F::kDescent, R::kEarlyStopping, D::kGradient, P::kNone, true, true, false,
     false},
    {"ksgd", "kernel sign gradient descent", F::kDescent, R::kEarlyStopping, D::kSign, P::kNone, false, false, false,
     false},
    {"kcd", "kernel coordinate descent", F::kDescent, R::kEarlyStopping, D::kCoordinate, P::kNone, false, false, true,
     false},
    {"kegd", "kernel elastic gradient descent", F::kDescent, R::kEarlyStopping, D::kElastic, P::kNone, true, false,
     true, false},
    {"kl1", "kernel l1-penalised regression", F::kPenalized, R::kLambda, D::kNone, P::kL1, false, false, true, false},
    {"klinf", "kernel l-infinity-penalised regression", F::kPenalized, R::kLambda, D::kNone, P::kLinf, false, false,
     false, false},
};

TEST(MethodRegistry, EveryRowHasThePapersDefinition) {
  const std::vector<MethodInfo>& rows = method_registry();
  ASSERT_EQ(rows.size(), kPaper.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const MethodInfo& m = rows[i];
    const Expected& e = kPaper[i];
    SCOPED_TRACE(e.name);
    EXPECT_EQ(m.name, e.name);
    EXPECT_EQ(m.title, e.title);
    EXPECT_EQ(m.family, e.family);
    EXPECT_EQ(m.regulariser, e.regulariser);
    EXPECT_EQ(m.descent, e.descent);
    EXPECT_EQ(m.penalty, e.penalty);
    EXPECT_EQ(m.heavy_ball, e.heavy_ball);
    EXPECT_EQ(m.nesterov, e.nesterov);
    EXPECT_EQ(m.sparse, e.sparse);
    EXPECT_EQ(m.loo_shortcut, e.loo_shortcut);
    ASSERT_NE(m.help, nullptr);
    EXPECT_FALSE(std::string(m.help).empty());
    EXPECT_EQ(m.is_spectral(), e.family == F::kRidge || e.family == F::kFlow);
    EXPECT_EQ(m.has_regulariser_grid(), e.regulariser != R::kEarlyStopping);
    EXPECT_EQ(std::string(m.regulariser_key()),
              e.regulariser == R::kLambda ? "lambda" : e.regulariser == R::kTime ? "t" : "");
  }
}

MethodRow ridge_row() { return MethodRow("r").title("a ridge").family(F::kRidge).regulariser(R::kLambda); }

TEST(MethodRow, NamedFieldsGiveTheRow) {
  const MethodInfo m = MethodRow("d")
                           .title("a descent")
                           .family(F::kDescent)
                           .regulariser(R::kEarlyStopping)
                           .descent(D::kSign)
                           .nesterov()
                           .heavy_ball()
                           .help("h")
                           .row();
  EXPECT_STREQ(m.name, "d");
  EXPECT_STREQ(m.title, "a descent");
  EXPECT_STREQ(m.help, "h");
  EXPECT_EQ(m.family, F::kDescent);
  EXPECT_EQ(m.regulariser, R::kEarlyStopping);
  EXPECT_EQ(m.descent, D::kSign);
  EXPECT_EQ(m.penalty, P::kNone);
  EXPECT_TRUE(m.heavy_ball);
  EXPECT_TRUE(m.nesterov);
  EXPECT_FALSE(m.sparse);
  EXPECT_FALSE(m.loo_shortcut);
}

TEST(MethodRow, RefusesIncompleteOrContradictoryRows) {
  EXPECT_NO_THROW(ridge_row().help("h").row());
  EXPECT_THROW(ridge_row().row(), std::logic_error);  // no help
  EXPECT_THROW(MethodRow("r").title("t").regulariser(R::kLambda).help("h").row(), std::logic_error);  // no family
  EXPECT_THROW(MethodRow("r").title("t").family(F::kRidge).help("h").row(), std::logic_error);  // no regulariser
  EXPECT_THROW(ridge_row().family(F::kRidge), std::logic_error);                                // given twice
  EXPECT_THROW(ridge_row().sparse().sparse(), std::logic_error);
  EXPECT_THROW(MethodRow("r").title("t").family(F::kRidge).regulariser(R::kTime).help("h").row(), std::logic_error);
  EXPECT_THROW(MethodRow("f").title("t").family(F::kFlow).regulariser(R::kLambda).help("h").row(), std::logic_error);
  EXPECT_THROW(ridge_row().penalty(P::kL1).help("h").row(), std::logic_error);
  EXPECT_THROW(ridge_row().descent(D::kGradient).help("h").row(), std::logic_error);
  EXPECT_THROW(ridge_row().heavy_ball().help("h").row(), std::logic_error);
  EXPECT_THROW(
      MethodRow("d").title("t").family(F::kDescent).regulariser(R::kEarlyStopping).help("h").row(),  // no rule
      std::logic_error);
  EXPECT_THROW(MethodRow("p").title("t").family(F::kPenalized).regulariser(R::kLambda).help("h").row(),  // no penalty
               std::logic_error);
  EXPECT_THROW(MethodRow("p")
                   .title("t")
                   .family(F::kPenalized)
                   .regulariser(R::kLambda)
                   .penalty(P::kL1)
                   .nesterov()
                   .help("h")
                   .row(),
               std::logic_error);
}

// A value outside an enumeration (what a new enumerator would be to code compiled without it)
// is refused, not taken for one of the known ones.
TEST(MethodRegistry, AValueOutsideTheEnumerationIsRefused) {
  MethodInfo m = method_info("krr");
  m.family = static_cast<F>(17);
  EXPECT_THROW(m.is_spectral(), std::logic_error);
  m = method_info("krr");
  m.regulariser = static_cast<R>(17);
  EXPECT_THROW(m.regulariser_key(), std::logic_error);
  EXPECT_THROW(m.has_regulariser_grid(), std::logic_error);
}

}  // namespace
}  // namespace kreg::test
