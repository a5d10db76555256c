// Where kl1 and klinf have no minimiser that double precision can determine (Allerbo 2023,
// eqs. alpha1 and alphainf). A radial kernel matrix K is positive definite, so in exact
// arithmetic f(alpha) = 1/2 alpha^T K alpha - y^T alpha + lambda P(alpha) is bounded below for
// every lambda > 0. With K = U diag(mu) U^T, split at a level theta: K = K_hi + K_lo, K_hi =
// U_hi diag(mu_hi) U_hi^T over the eigenvalues above theta. Define
//   lambda*(theta) = min over beta of P*(y - U_hi beta)   (P* the dual norm of P)
//                  = max { y^T d : U_hi^T d = 0, P(d) <= 1 }       (LP duality):
//   kl1   (P = ||.||_1,   P* = ||.||_inf): the Chebyshev distance of y to range(U_hi);
//   klinf (P = ||.||_inf, P* = ||.||_1):   the l1 distance.
// 1. Unbounded (theta = tau = n u mu_max, u = 2^-53): the eigenvalues below tau are rounding,
//    K is indistinguishable from K_hi, and for K_hi, along d with U_hi^T d = 0 the objective
//    changes by -s y^T d + lambda P(s d): it is unbounded below exactly when lambda < lambda*(tau).
// 2. Not determinable (any theta): a minimiser alpha has P*(c) <= lambda for c = y - K alpha
//    (the KKT conditions), and c = (y - U_hi beta) - K_lo alpha with beta = diag(mu_hi) U_hi^T alpha,
//    so P*(K_lo alpha) >= lambda*(theta) - lambda, while P*(K_lo alpha) <= k(theta) ||alpha||_1 with
//      kl1: k = max_ij |K_lo,ij|,   klinf: k = max_j sum_i |K_lo,ij|.
//    Hence ||alpha||_1 >= (lambda*(theta) - lambda) / k(theta). Once ||alpha||_1 exceeds
//    A = tol / (n u max|K_ij|), the rounding of K alpha alone exceeds tol (kkt_rounding_allowance
//    in proximal.h): the minimiser's coefficients are then beyond what double precision
//    determines to the tolerance. So for lambda < lambda_undetermined =
//      max over theta of lambda*(theta) - k(theta) A
//    no solver in double precision can return a certified minimiser (eigenvalues below tau count
//    as tau in K_lo). theta runs over tau 2^j, j = 0, 1, ..., while k(theta) A < P*(y) (an upper
//    bound on lambda*(theta)), skipping levels that add no eigenvalue, 16 levels at most (any subset
//    of levels gives a valid, possibly weaker, bound).
// Up to kNumericalRangeLpMaxRows rows, each lambda*(theta) is the dense LP
//   max y^T w  subject to  U_hi^T w = 0  and  ||w||_1 <= 1 (kl1) or ||w||_inf <= 1 (klinf),
// with w = p - q, p, q >= 0 (dense_simplex.h). The value taken is y^T w for the solution w made
// exactly feasible (projected onto the constraints, scaled to P(w) <= 1): a lower bound on
// lambda*(theta) however the tableau's rounding has grown, so both bounds are never overstated
// (the multipliers' P*(y - U_hi beta) bounds it from above). The levels share one programme: a
// higher level only releases the constraints of the eigenvectors that fell into K_lo, and its
// solve goes on from the basis of the one before. Above that many rows lambda*(theta) is the
// reweighted least-squares lower bound of reweighted_range.h, again never overstated.
// The bounds are computed where the exact path stopped on a singular system, or finished with
// points that rounding left uncertified (penalized_path.cpp).
#pragma once

#include <armadillo>
#include <limits>
#include <string>

#include "kreg/solvers/path_point.h"  // struct NumericalRange
#include "kreg/solvers/penalty.h"

namespace kreg {

/// lambda*(U_hi) = min over beta of P*(y - U_hi beta) by the LP above (U_hi: n x r, orthonormal
/// columns), from below: y^T w for the LP's w made exactly feasible. `solved` false when the
/// simplex did not finish (the value is then 0).
double range_distance(const arma::mat& U_hi, const arma::vec& y, Penalty pen, bool& solved);

/// Rows up to which lambda*(theta) is the dense LP above (O(r n) per pivot, about n pivots: klinf
/// at n = 700 rows took two minutes). Above, it is the lower bound of reweighted_range.h
/// (weighted least squares on the smaller of U_hi and U_lo, warm-started across levels theta x 4,
/// at most 8 levels), so lambda_unbounded and lambda_undetermined stay bounds from below.
inline constexpr std::size_t kNumericalRangeLpMaxRows = 200;

/// The bounds above for K, y, the penalty and the KKT tolerance `tol` (an eigendecomposition of
/// K, then the LPs or the weighted fits: O(n^3)). For callers that have found K numerically singular.
/// `enough`: the levels (and the fits within one) stop once lambda_undetermined reaches it, for a
/// caller that only has points at or below `enough` to decide; the bounds are lower bounds
/// either way, only weaker when cut short.
NumericalRange numerical_range(const arma::mat& K, const arma::vec& y, Penalty pen, double tol,
                               double enough = std::numeric_limits<double>::infinity());

/// The clause behind a point below lambda_undetermined (and, with `unbounded`, below lambda*), in
/// the user's units (effective / unit).
std::string numerical_range_reason(const NumericalRange& range, bool unbounded, const std::string& method, double unit);

/// One sentence for warnings: `below` of `points` path points lie below lambda_undetermined
/// (in the user's units: effective / unit), `unbounded` of them below lambda_unbounded.
std::string numerical_range_message(const NumericalRange& range, std::size_t below, std::size_t unbounded,
                                    std::size_t points, const std::string& method, double unit);

}  // namespace kreg
