// A small dense linear programme by the bounded-variable primal simplex method:
//   maximise c^T x  subject to  A x = 0,  1^T x <= budget (optional),  0 <= x <= u,
// with u_j possibly +infinity. x = 0 is feasible, so no phase one is needed: each row of A starts
// with an artificial variable fixed at 0 in the basis (it leaves at the first pivot on its row
// and cannot return), the budget row with its slack (value budget). Entering variable by the
// largest reduced cost (Dantzig), by the smallest index (Bland) after a run of degenerate pivots
// so that ties cannot cycle. The tableau is dense: (rows) x (columns + rows) doubles.
//
// Rows of A can be released after a solve (DenseSimplex::release_row): the row's artificial
// variable becomes free, which removes the constraint. The last solution stays feasible, so the
// next solve goes on from its basis instead of starting again: a sequence of programmes that
// each drop some rows of the one before costs little more than the first.
#pragma once

#include <armadillo>
#include <vector>

namespace kreg {

struct SimplexResult {
  bool optimal = false;   ///< false: unbounded or out of iterations
  double value = 0.0;     ///< c^T x at the returned x
  arma::vec x;            ///< the primal solution
  arma::vec multipliers;  ///< the dual multipliers pi of the rows of A (c_j - pi^T A_j <= 0 where x_j < u_j, ...);
                          ///< 0 for released rows
  long pivots = 0;        ///< pivots of this solve
};

class DenseSimplex {
 public:
  /// The programme above; `budget` < 0 means no budget row. A is rows x columns.
  DenseSimplex(const arma::mat& A, const arma::vec& c, const arma::vec& upper, double budget);

  /// Pivots from the current basis to an optimum (or until `max_pivots` pivots, or unboundedness).
  SimplexResult solve(long max_pivots);

  /// Drops the constraint of row i of A (A_i x = 0) from the programme.
  void release_row(arma::uword i);

 private:
  double nonbasic_value(arma::uword j) const;

  arma::uword rows_a_, cols_, m_, slack_, first_art_, total_;
  double budget_;
  arma::mat R_;  // the tableau B^{-1} [A_full], transposed: column i is the tableau's row i
  arma::vec d_, lo_, hi_, xb_, c_;
  std::vector<arma::uword> basis_;
  std::vector<char> is_basic_, at_upper_;
};

/// One programme solved from the start (DenseSimplex(A, c, upper, budget).solve(max_pivots)).
SimplexResult dense_simplex(const arma::mat& A, const arma::vec& c, const arma::vec& upper, double budget,
                            long max_pivots);

}  // namespace kreg
