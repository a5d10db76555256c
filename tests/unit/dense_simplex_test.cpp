// DenseSimplex against closed forms, solved afresh and warm-started after releasing rows:
//   maximise y^T w  subject to  U^T w = 0 and P(w) <= 1,  w = p - q,
// the programme of numerical_range.h, whose value is min over beta of P*(y - U beta).
//  - no constraint: P*(y), i.e. ||y||_inf (P = l1) or ||y||_1 (P = l_inf);
//  - one constraint u^T w = 0, P = l1: a vertex has at most two non-zeros, so the value is the
//    largest |y_i u_j - y_j u_i| / (|u_i| + |u_j|) over pairs (and |y_i| where u_i = 0);
//  - one constraint, P = l_inf: min over t of sum_i |y_i - t u_i|, convex and piecewise linear
//    in t, so attained at a breakpoint t = y_i / u_i.
#include "kreg/linalg/dense_simplex.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kreg {
namespace {

double one_constraint_l1(const arma::vec& y, const arma::vec& u) {
  double best = 0.0;
  for (arma::uword i = 0; i < y.n_elem; ++i) {
    if (u[i] == 0.0) best = std::max(best, std::abs(y[i]));
    for (arma::uword j = i + 1; j < y.n_elem; ++j)
      best = std::max(best, std::abs(y[i] * u[j] - y[j] * u[i]) / (std::abs(u[i]) + std::abs(u[j])));
  }
  return best;
}

double one_constraint_linf(const arma::vec& y, const arma::vec& u) {
  double best = std::numeric_limits<double>::infinity();
  for (arma::uword k = 0; k < y.n_elem; ++k) {
    if (u[k] == 0.0) continue;
    best = std::min(best, arma::accu(arma::abs(y - (y[k] / u[k]) * u)));
  }
  return best;
}

// The value of the programme with U's columns as constraints: l1 (budget 1) or l_inf (bounds 1).
struct Programme {
  Programme(const arma::mat& U, const arma::vec& y, bool l1)
      : lp(arma::join_rows(U.t(), -U.t()), arma::join_cols(y, -y),
           arma::vec(2 * y.n_elem, arma::fill::value(l1 ? std::numeric_limits<double>::infinity() : 1.0)),
           l1 ? 1.0 : -1.0) {}
  double solve() {
    const SimplexResult r = lp.solve(100000);
    EXPECT_TRUE(r.optimal);
    return r.value;
  }
  DenseSimplex lp;
};

TEST(DenseSimplex, ReleasedRowsGiveTheClosedFormsOfTheSmallerProgrammes) {
  arma::arma_rng::set_seed(41);
  const arma::uword n = 12;
  const arma::vec y = arma::randn(n);
  arma::mat Q, R;
  arma::qr_econ(Q, R, arma::randn(n, 2));  // two orthonormal constraint vectors
  for (const bool l1 : {true, false}) {
    SCOPED_TRACE(l1 ? "l1 budget" : "l_inf bounds");
    const double none = l1 ? arma::abs(y).max() : arma::accu(arma::abs(y));
    const double second_only = l1 ? one_constraint_l1(y, Q.col(1)) : one_constraint_linf(y, Q.col(1));
    Programme both(Q, y, l1);
    const double with_both = both.solve();
    EXPECT_LE(with_both, second_only * (1.0 + 1e-12));  // more constraints, no larger a maximum
    both.lp.release_row(0);
    EXPECT_NEAR(both.solve(), second_only, 1e-10 * second_only);  // warm-started from the basis of both
    both.lp.release_row(1);
    EXPECT_NEAR(both.solve(), none, 1e-10 * none);
    Programme fresh(Q.cols(1, 1), y, l1);
    EXPECT_NEAR(fresh.solve(), second_only, 1e-10 * second_only);
    EXPECT_NEAR(dense_simplex(arma::mat(0, 2 * n), arma::join_cols(y, -y),
                              arma::vec(2 * n, arma::fill::value(l1 ? std::numeric_limits<double>::infinity() : 1.0)),
                              l1 ? 1.0 : -1.0, 100000)
                    .value,
                none, 1e-10 * none);
  }
}

}  // namespace
}  // namespace kreg
