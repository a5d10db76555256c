// The bounded-variable primal simplex on a dense tableau; see dense_simplex.h.
#include "kreg/linalg/dense_simplex.h"

#include <cmath>
#include <limits>
#include <vector>

namespace kreg {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr long kDegenerateRun = 50;  // degenerate pivots in a row before Bland's rule takes over

}  // namespace

SimplexResult dense_simplex(const arma::mat& A, const arma::vec& c, const arma::vec& upper, double budget,
                            long max_pivots) {
  const arma::uword rows_a = A.n_rows, cols = A.n_cols;
  const bool has_budget = budget >= 0.0;
  const arma::uword m = rows_a + (has_budget ? 1 : 0);
  const arma::uword slack = cols, first_art = cols + (has_budget ? 1 : 0), total = first_art + rows_a;

  // Tableau B^{-1} [A_full] with B = I at the start, stored transposed: column i of R is the
  // tableau's row i, so that a pivot's row operations run over contiguous memory. And the reduced
  // costs d = c - c_B^T B^{-1} A_full.
  arma::mat R(total, m, arma::fill::zeros);
  if (rows_a > 0) {
    R.submat(0, 0, cols - 1, rows_a - 1) = A.t();
    for (arma::uword i = 0; i < rows_a; ++i) R(first_art + i, i) = 1.0;
  }
  if (has_budget) {
    R.col(rows_a).subvec(0, cols - 1).ones();
    R(slack, rows_a) = 1.0;
  }
  arma::vec d(total, arma::fill::zeros), lo(total, arma::fill::zeros), hi(total, arma::fill::zeros);
  d.subvec(0, cols - 1) = c;
  hi.subvec(0, cols - 1) = upper;
  if (has_budget) hi[slack] = kInf;
  std::vector<arma::uword> basis(m);
  std::vector<char> is_basic(total, 0), at_upper(total, 0);
  arma::vec xb(m, arma::fill::zeros);
  for (arma::uword i = 0; i < rows_a; ++i) basis[i] = first_art + i;
  if (has_budget) basis[rows_a] = slack, xb[rows_a] = budget;
  for (arma::uword b : basis) is_basic[b] = 1;

  const double scale = std::max(1.0, arma::abs(c).max());
  const double cost_tol = 1e-11 * scale, pivot_tol = 1e-10;
  SimplexResult out;
  bool bland = false;
  long degenerate = 0;
  for (;;) {
    // Entering: a nonbasic structural (or the slack) whose move improves c^T x.
    arma::uword enter = total;
    double best = 0.0;
    for (arma::uword j = 0; j < first_art; ++j) {
      if (is_basic[j]) continue;
      const double gain = at_upper[j] ? -d[j] : d[j];
      if (gain <= cost_tol || (!at_upper[j] && hi[j] <= lo[j])) continue;
      if (bland) {
        enter = j;
        break;
      }
      if (gain > best) best = gain, enter = j;
    }
    if (enter == total) {
      out.optimal = true;
      break;
    }
    if (out.pivots >= max_pivots) break;
    const double dir = at_upper[enter] ? -1.0 : 1.0;

    // Ratio test: the basic variables move by -dir theta times the tableau column of `enter`.
    double theta = hi[enter] - lo[enter];  // a bound flip
    arma::uword leave = m;
    for (arma::uword i = 0; i < m; ++i) {
      const double a = dir * R(enter, i);
      const arma::uword b = basis[i];
      double limit;
      if (a > pivot_tol)
        limit = (xb[i] - lo[b]) / a;
      else if (a < -pivot_tol && hi[b] < kInf)
        limit = (hi[b] - xb[i]) / -a;
      else
        continue;
      limit = std::max(0.0, limit);
      const bool better =
          leave == m ? limit <= theta
                     : limit < theta || (limit == theta &&
                                         (bland ? b < basis[leave] : std::abs(a) > std::abs(R(enter, leave))));
      if (better) theta = limit, leave = i;
    }
    if (theta == kInf) break;  // unbounded
    degenerate = theta <= 1e-14 * std::max(1.0, budget) ? degenerate + 1 : 0;
    if (degenerate > kDegenerateRun) bland = true;
    for (arma::uword i = 0; i < m; ++i) xb[i] -= (dir * theta) * R(enter, i);
    ++out.pivots;
    if (leave == m) {  // the entering variable reaches its other bound
      at_upper[enter] = !at_upper[enter];
      continue;
    }
    const arma::uword gone = basis[leave];
    at_upper[gone] = dir * R(enter, leave) < 0.0;  // it rose to its upper bound
    const double value = (at_upper[enter] ? hi[enter] : lo[enter]) + dir * theta;
    // Pivot on (leave, enter): tableau row `leave` scaled to 1 at `enter`, then taken from the others.
    double* pivot_row = R.colptr(leave);
    const double pivot = pivot_row[enter];
    for (arma::uword j = 0; j < total; ++j) pivot_row[j] /= pivot;
    for (arma::uword i = 0; i < m; ++i) {
      double* row = R.colptr(i);
      const double factor = row[enter];
      if (i == leave || factor == 0.0) continue;
      for (arma::uword j = 0; j < total; ++j) row[j] -= factor * pivot_row[j];
    }
    const double d_enter = d[enter];
    for (arma::uword j = 0; j < total; ++j) d[j] -= d_enter * pivot_row[j];
    basis[leave] = enter;
    is_basic[gone] = 0;
    is_basic[enter] = 1;
    at_upper[enter] = 0;
    xb[leave] = value;
  }

  out.x.zeros(cols);
  for (arma::uword j = 0; j < cols; ++j)
    if (!is_basic[j] && at_upper[j]) out.x[j] = hi[j];
  for (arma::uword i = 0; i < m; ++i)
    if (basis[i] < cols) out.x[basis[i]] = xb[i];
  out.value = arma::dot(c, out.x);
  out.multipliers.set_size(rows_a);  // d_art = 0 - pi^T e_i
  for (arma::uword i = 0; i < rows_a; ++i) out.multipliers[i] = -d[first_art + i];
  return out;
}

}  // namespace kreg
