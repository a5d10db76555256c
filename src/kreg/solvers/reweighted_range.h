// lambda*(theta) of numerical_range.h by iteratively reweighted least squares, for K too large
// for the dense LP (numerical_range.h: kNumericalRangeLpMaxRows). With U = [U_lo U_hi] the
// eigenvectors of K (ascending eigenvalues) and U_hi those above theta,
//   lambda* = min over beta of P*(y - U_hi beta) = max { y^T d : U_hi^T d = 0, P(d) <= 1 }.
// A weighted least-squares fit with weights w > 0 has residual e = y - U_hi beta with
// U_hi^T W e = 0, so d = W e is orthogonal to U_hi: d / P(d) is feasible, and
//   lower = y^T d / P(d)  <=  lambda*  <=  P*(e) = upper
// for every w. The weights are those that drive the two sides together:
//   klinf (P* = ||.||_1, least absolute deviations): w_i = 1 / max(|e_i|, eps), so d_i -> sign(e_i);
//   kl1   (P* = ||.||_inf, Chebyshev):              w_i <- w_i |e_i| / sum_j w_j |e_j| (Lawson 1961).
// Only `lower` is used: it is a bound whatever the number of iterations, so the bounds built on
// it are never overstated. The weighted fit is solved on the smaller side: over the r columns
// of U_hi (normal equations U_hi^T W U_hi, r x r), or, when the n - r columns of U_lo are fewer,
// as e = W^{-1} U_lo c with (U_lo^T W^{-1} U_lo) c = U_lo^T y (then d = U_lo c exactly).
#pragma once

#include <armadillo>
#include <limits>

#include "kreg/solvers/penalty.h"

namespace kreg {

struct RangeBounds {
  double lower = 0.0;  ///< y^T d / P(d) for a feasible d: lambda* is at least this
  double upper = 0.0;  ///< P*(y - U_hi beta) for the last fit: lambda* is at most this (up to rounding)
  int iterations = 0;  ///< weighted fits solved
};

/// The reweighting of lambda*(theta) over the eigenvectors U (n x n, ascending eigenvalues),
/// level by level: each call takes U_hi = U.cols(low, n - 1) and starts from the weights the
/// previous call ended with. U and y are held by reference: they must outlive the object.
class ReweightedRange {
 public:
  ReweightedRange(const arma::mat& U, const arma::vec& y, Penalty pen);

  /// Bounds on lambda* for U_hi = U.cols(low, n - 1), after at most `max_fits` weighted fits,
  /// fewer once lower >= (1 - gap) upper or lower >= target (a caller that needs no more).
  RangeBounds distance(arma::uword low, int max_fits, double gap = 1e-3,
                       double target = std::numeric_limits<double>::infinity());

 private:
  // One weighted least-squares fit: the residual e and d = W e (orthogonal to U_hi). False
  // when the normal equations cannot be factorised (weights too extreme).
  bool weighted_fit(arma::uword low, arma::vec& e, arma::vec& d) const;
  void reweight(const arma::vec& e);
  // The vertex the last fit points to: the LP's optimum is a vertex, where (klinf) r residuals
  // are zero and d_i = sign(e_i) elsewhere, or (kl1) d lives on the r + 1 largest residuals.
  // With those sets taken from e, d is solved exactly orthogonal to U_hi (an r x r or
  // (r + 1) x r system, O(r^3)); y^T d / P(d) is a lower bound again, and equals lambda* when the
  // sets are the optimum's. 0 when the system is singular.
  double vertex_bound(arma::uword low, const arma::vec& e) const;
  // klinf: d = sign(e) (linear near 0) projected onto the complement of U_hi, scaled to
  // ||d||_inf = 1: at the optimum sign(e) is itself orthogonal to U_hi, so this bound follows the
  // residual, where W e lags behind the weights of the fit before.
  double projected_sign_bound(arma::uword low, const arma::vec& e) const;

  const arma::mat& U_;
  const arma::vec& y_;
  bool l1_;       ///< kl1 (Chebyshev distance) rather than klinf (l1 distance)
  arma::vec w_;   ///< the current weights
  arma::vec e_last_;  ///< the last fit's residual
};

}  // namespace kreg
