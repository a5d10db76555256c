// A small dense linear programme by the bounded-variable primal simplex method:
//   maximise c^T x  subject to  A x = 0,  1^T x <= budget (optional),  0 <= x <= u,
// with u_j possibly +infinity. x = 0 is feasible, so no phase one is needed: each row of A starts
// with an artificial variable fixed at 0 in the basis (it leaves at the first pivot on its row
// and cannot return), the budget row with its slack (value budget). Entering variable by the
// largest reduced cost (Dantzig), by the smallest index (Bland) after a run of degenerate pivots
// so that ties cannot cycle. The tableau is dense: (rows) x (columns + rows) doubles.
#pragma once

#include <armadillo>

namespace kreg {

struct SimplexResult {
  bool optimal = false;   ///< false: unbounded or out of iterations
  double value = 0.0;     ///< c^T x at the returned x
  arma::vec x;            ///< the primal solution
  arma::vec multipliers;  ///< the dual multipliers pi of the rows of A (c_j - pi^T A_j <= 0 where x_j < u_j, ...)
  long pivots = 0;
};

/// Solves the programme above; `budget` < 0 means no budget row. A is rows x columns.
SimplexResult dense_simplex(const arma::mat& A, const arma::vec& c, const arma::vec& upper, double budget,
                            long max_pivots);

}  // namespace kreg
