// Iteratively reweighted least squares for lambda*(theta) (reweighted_range.h).
#include "kreg/solvers/reweighted_range.h"

#include <algorithm>
#include <cmath>

namespace kreg {

namespace {

constexpr double kLadFloor = 1e-8;      // |e_i| below this times max |e| weigh as this (klinf)
constexpr double kLawsonFloor = 1e-12;  // weights below this times the largest are raised to it (kl1)

// Solves the symmetric positive definite A x = b by Cholesky; false if A is not numerically so.
bool cholesky_solve(const arma::mat& A, const arma::vec& b, arma::vec& x) {
  arma::mat R;
  if (!arma::chol(R, A)) return false;
  const arma::vec z = arma::solve(arma::trimatl(R.t()), b, arma::solve_opts::fast);
  x = arma::solve(arma::trimatu(R), z, arma::solve_opts::fast);
  return x.is_finite();
}

}  // namespace

ReweightedRange::ReweightedRange(const arma::mat& U, const arma::vec& y, Penalty pen)
    : U_(U), y_(y), l1_(pen == Penalty::kL1), w_(y.n_elem, arma::fill::ones) {}

bool ReweightedRange::weighted_fit(arma::uword low, arma::vec& e, arma::vec& d) const {
  const arma::uword n = y_.n_elem, r = n - low;
  if (r <= low) {  // normal equations over U_hi: U_hi^T W U_hi beta = U_hi^T W y
    const arma::mat U_hi = U_.cols(low, n - 1);
    const arma::mat S = U_hi.each_col() % arma::sqrt(w_);
    arma::vec beta;
    if (!cholesky_solve(S.t() * S, U_hi.t() * (w_ % y_), beta)) return false;
    e = y_ - U_hi * beta;
    d = w_ % e;
    d -= U_hi * (U_hi.t() * d);  // orthogonal to U_hi to rounding, whatever the solve's accuracy
  } else {  // over U_lo: e = W^{-1} U_lo c, (U_lo^T W^{-1} U_lo) c = U_lo^T y, d = U_lo c
    const arma::mat U_lo = U_.cols(0, low - 1);
    const arma::vec inverse = 1.0 / w_;
    const arma::mat S = U_lo.each_col() % arma::sqrt(inverse);
    arma::vec c;
    if (!cholesky_solve(S.t() * S, U_lo.t() * y_, c)) return false;
    d = U_lo * c;
    e = inverse % d;
    // y - e lies in range(U_hi) only as far as the solve is accurate (W^{-1} can span 1e12):
    // projected there, e is exactly of the form y - U_hi beta and P*(e) a true upper bound.
    const arma::mat U_hi = U_.cols(low, n - 1);
    e = y_ - U_hi * (U_hi.t() * (y_ - e));
  }
  return e.is_finite() && d.is_finite();
}

void ReweightedRange::reweight(const arma::vec& e) {
  const arma::vec size = arma::abs(e);
  if (l1_) {  // Lawson: the weights gather on the largest residuals, the Chebyshev alternants
    arma::vec next = w_ % size;
    const double total = arma::accu(next);
    if (!(total > 0.0) || !std::isfinite(total)) return;
    next /= total;
    w_ = arma::clamp(next, kLawsonFloor * next.max(), next.max());
  } else {  // least absolute deviations: w_i |e_i| -> 1 wherever e_i stays away from 0
    const double largest = size.max();
    if (!(largest > 0.0) || !std::isfinite(largest)) return;
    w_ = 1.0 / arma::clamp(size, kLadFloor * largest, largest);
  }
}

double ReweightedRange::projected_sign_bound(arma::uword low, const arma::vec& e) const {
  const arma::uword n = y_.n_elem, r = n - low;
  const double largest = arma::abs(e).max();
  if (!(largest > 0.0) || !std::isfinite(largest)) return 0.0;
  arma::vec d = e / arma::clamp(arma::abs(e), kLadFloor * largest, largest);  // sign(e), linear near 0
  if (r <= low) {
    const arma::mat U_hi = U_.cols(low, n - 1);
    d -= U_hi * (U_hi.t() * d);
  } else {
    const arma::mat U_lo = U_.cols(0, low - 1);
    d = U_lo * (U_lo.t() * d);
  }
  const double size = arma::abs(d).max();
  return size > 0.0 && d.is_finite() ? arma::dot(y_, d) / size : 0.0;
}

double ReweightedRange::vertex_bound(arma::uword low, const arma::vec& e) const {
  const arma::uword n = y_.n_elem, r = n - low;
  const arma::mat U_hi = U_.cols(low, n - 1);
  const arma::uvec by_size = arma::sort_index(arma::abs(e), l1_ ? "descend" : "ascend");
  arma::vec d(n, arma::fill::zeros);
  if (l1_) {  // d on the r + 1 largest residuals, orthogonal to the rows of U_hi there
    if (r + 1 > n) return 0.0;
    const arma::uvec B = by_size.head(r + 1);
    arma::mat Q, R;
    if (!arma::qr(Q, R, arma::mat(U_hi.rows(B)))) return 0.0;
    d.elem(B) = Q.col(r);  // orthogonal to every column of U_hi.rows(B)
  } else {  // sign(e) off the r smallest residuals, and on them what makes d orthogonal to U_hi
    if (r >= n) return 0.0;
    const arma::uvec B = by_size.head(r), N = by_size.tail(n - r);
    const arma::vec d_N = arma::sign(e.elem(N));
    arma::vec d_B;
    if (!arma::solve(d_B, arma::mat(U_hi.rows(B)).t(), -(U_hi.rows(N).t() * d_N), arma::solve_opts::no_approx))
      return 0.0;
    d.elem(N) = d_N;
    d.elem(B) = d_B;
  }
  d -= U_hi * (U_hi.t() * d);  // orthogonal to U_hi to rounding, whatever the solve's accuracy
  const double size = l1_ ? arma::accu(arma::abs(d)) : arma::abs(d).max();
  if (!(size > 0.0) || !d.is_finite()) return 0.0;
  return std::abs(arma::dot(y_, d)) / size;  // P is symmetric: -d is as feasible as d
}

RangeBounds ReweightedRange::distance(arma::uword low, int max_fits, double gap, double target) {
  RangeBounds b;
  const arma::uword n = y_.n_elem;
  if (low == 0) return b;  // U_hi spans R^n: only d = 0 is feasible
  const double dual_norm_y = l1_ ? arma::abs(y_).max() : arma::accu(arma::abs(y_));
  if (low >= n) {  // no constraint: lambda* = P*(y) (d = the subgradient of P* at y)
    b.lower = b.upper = dual_norm_y;
    return b;
  }
  b.upper = dual_norm_y;
  for (int fit = 0; fit < max_fits; ++fit) {
    arma::vec e, d;
    if (!weighted_fit(low, e, d)) break;
    ++b.iterations;
    e_last_ = e;
    const double size = l1_ ? arma::accu(arma::abs(d)) : arma::abs(d).max();  // P(d)
    if (size > 0.0) b.lower = std::max(b.lower, arma::dot(y_, d) / size);
    if (!l1_) b.lower = std::max(b.lower, projected_sign_bound(low, e));
    b.upper = std::min(b.upper, l1_ ? arma::abs(e).max() : arma::accu(arma::abs(e)));
    reweight(e);
    if (b.lower >= (1.0 - gap) * b.upper || b.lower >= target) break;
  }
  if (b.iterations > 0 && b.lower < (1.0 - gap) * b.upper && b.lower < target)
    b.lower = std::max(b.lower, vertex_bound(low, e_last_));
  return b;
}

}  // namespace kreg
