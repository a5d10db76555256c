// The bounded-variable primal simplex on a dense tableau; see dense_simplex.h.
#include "kreg/linalg/dense_simplex.h"

#include <cmath>
#include <limits>

namespace kreg {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr long kDegenerateRun = 50;  // degenerate pivots in a row before Bland's rule takes over

}  // namespace

DenseSimplex::DenseSimplex(const arma::mat& A, const arma::vec& c, const arma::vec& upper, double budget)
    : rows_a_(A.n_rows),
      cols_(A.n_cols),
      m_(A.n_rows + (budget >= 0.0 ? 1 : 0)),
      slack_(A.n_cols),
      first_art_(A.n_cols + (budget >= 0.0 ? 1 : 0)),
      total_(first_art_ + A.n_rows),
      budget_(budget),
      c_(c) {
  const bool has_budget = budget >= 0.0;
  // Tableau B^{-1} [A_full] with B = I at the start, stored transposed: column i of R is the
  // tableau's row i, so that a pivot's row operations run over contiguous memory. And the reduced
  // costs d = c - c_B^T B^{-1} A_full.
  R_.zeros(total_, m_);
  if (rows_a_ > 0) {
    R_.submat(0, 0, cols_ - 1, rows_a_ - 1) = A.t();
    for (arma::uword i = 0; i < rows_a_; ++i) R_(first_art_ + i, i) = 1.0;
  }
  if (has_budget) {
    R_.col(rows_a_).subvec(0, cols_ - 1).ones();
    R_(slack_, rows_a_) = 1.0;
  }
  d_.zeros(total_);
  lo_.zeros(total_);
  hi_.zeros(total_);
  d_.subvec(0, cols_ - 1) = c;
  hi_.subvec(0, cols_ - 1) = upper;
  if (has_budget) hi_[slack_] = kInf;
  basis_.resize(m_);
  is_basic_.assign(total_, 0);
  at_upper_.assign(total_, 0);
  xb_.zeros(m_);
  for (arma::uword i = 0; i < rows_a_; ++i) basis_[i] = first_art_ + i;
  if (has_budget) basis_[rows_a_] = slack_, xb_[rows_a_] = budget;
  for (arma::uword b : basis_) is_basic_[b] = 1;
}

double DenseSimplex::nonbasic_value(arma::uword j) const {
  if (at_upper_[j]) return hi_[j];
  return lo_[j] > -kInf ? lo_[j] : 0.0;  // a free variable rests at 0
}

void DenseSimplex::release_row(arma::uword i) {
  const arma::uword art = first_art_ + i;
  // Its value is 0 (fixed until now), so every variable keeps its value and x stays feasible.
  lo_[art] = -kInf;
  hi_[art] = kInf;
  at_upper_[art] = 0;
}

SimplexResult DenseSimplex::solve(long max_pivots) {
  const double scale = std::max(1.0, arma::abs(c_).max());
  const double cost_tol = 1e-11 * scale, pivot_tol = 1e-10;
  SimplexResult out;
  bool bland = false;
  long degenerate = 0;
  for (;;) {
    // Entering: a nonbasic variable whose move improves c^T x (a fixed one cannot move; a free
    // one moves either way).
    arma::uword enter = total_;
    double best = 0.0;
    for (arma::uword j = 0; j < total_; ++j) {
      if (is_basic_[j]) continue;
      const bool free = lo_[j] == -kInf && hi_[j] == kInf;
      const double gain = free ? std::abs(d_[j]) : at_upper_[j] ? -d_[j] : d_[j];
      if (gain <= cost_tol || hi_[j] <= lo_[j]) continue;
      if (bland) {
        enter = j;
        break;
      }
      if (gain > best) best = gain, enter = j;
    }
    if (enter == total_) {
      out.optimal = true;
      break;
    }
    if (out.pivots >= max_pivots) break;
    const bool enter_free = lo_[enter] == -kInf && hi_[enter] == kInf;
    const double dir = enter_free ? (d_[enter] > 0.0 ? 1.0 : -1.0) : at_upper_[enter] ? -1.0 : 1.0;

    // Ratio test: the basic variables move by -dir theta times the tableau column of `enter`.
    double theta = hi_[enter] - lo_[enter];  // a bound flip
    arma::uword leave = m_;
    for (arma::uword i = 0; i < m_; ++i) {
      const double a = dir * R_(enter, i);
      const arma::uword b = basis_[i];
      double limit;
      if (a > pivot_tol && lo_[b] > -kInf)
        limit = (xb_[i] - lo_[b]) / a;
      else if (a < -pivot_tol && hi_[b] < kInf)
        limit = (hi_[b] - xb_[i]) / -a;
      else
        continue;
      limit = std::max(0.0, limit);
      const bool better =
          leave == m_ ? limit <= theta
                      : limit < theta || (limit == theta &&
                                          (bland ? b < basis_[leave] : std::abs(a) > std::abs(R_(enter, leave))));
      if (better) theta = limit, leave = i;
    }
    if (theta == kInf) break;  // unbounded
    degenerate = theta <= 1e-14 * std::max(1.0, budget_) ? degenerate + 1 : 0;
    if (degenerate > kDegenerateRun) bland = true;
    for (arma::uword i = 0; i < m_; ++i) xb_[i] -= (dir * theta) * R_(enter, i);
    ++out.pivots;
    if (leave == m_) {  // the entering variable reaches its other bound
      at_upper_[enter] = !at_upper_[enter];
      continue;
    }
    const arma::uword gone = basis_[leave];
    at_upper_[gone] = dir * R_(enter, leave) < 0.0;  // it rose to its upper bound
    const double value = nonbasic_value(enter) + dir * theta;
    // Pivot on (leave, enter): tableau row `leave` scaled to 1 at `enter`, then taken from the others.
    double* pivot_row = R_.colptr(leave);
    const double pivot = pivot_row[enter];
    for (arma::uword j = 0; j < total_; ++j) pivot_row[j] /= pivot;
    for (arma::uword i = 0; i < m_; ++i) {
      double* row = R_.colptr(i);
      const double factor = row[enter];
      if (i == leave || factor == 0.0) continue;
      for (arma::uword j = 0; j < total_; ++j) row[j] -= factor * pivot_row[j];
    }
    const double d_enter = d_[enter];
    for (arma::uword j = 0; j < total_; ++j) d_[j] -= d_enter * pivot_row[j];
    basis_[leave] = enter;
    is_basic_[gone] = 0;
    is_basic_[enter] = 1;
    at_upper_[enter] = 0;
    xb_[leave] = value;
  }

  out.x.zeros(cols_);
  for (arma::uword j = 0; j < cols_; ++j)
    if (!is_basic_[j] && at_upper_[j]) out.x[j] = hi_[j];
  for (arma::uword i = 0; i < m_; ++i)
    if (basis_[i] < cols_) out.x[basis_[i]] = xb_[i];
  out.value = arma::dot(c_, out.x);
  out.multipliers.set_size(rows_a_);  // d_art = 0 - pi^T e_i; a released row's is 0 at an optimum
  for (arma::uword i = 0; i < rows_a_; ++i) {
    const arma::uword art = first_art_ + i;
    const bool released = lo_[art] == -kInf;
    out.multipliers[i] = released ? 0.0 : -d_[art];
  }
  return out;
}

SimplexResult dense_simplex(const arma::mat& A, const arma::vec& c, const arma::vec& upper, double budget,
                            long max_pivots) {
  return DenseSimplex(A, c, upper, budget).solve(max_pivots);
}

}  // namespace kreg
