// Minimisation of a smooth function in a box, lower <= x <= upper, by L-BFGS-B (Byrd, Lu,
// Nocedal & Zhu 1995; version 3.0, Morales & Nocedal 2011: Debian's liblbfgsb, the code scipy's
// minimize(method="L-BFGS-B") ran): a quasi-Newton method with a limited memory of curvature
// pairs, a generalised Cauchy point on the box, then a subspace step and a line search.
//
// A function value that is not a point (the callback says ok = false, or returns a value or a
// gradient that is not finite) is never accepted: at a trial point of a line search the search
// is told the function rises there (value f_k + |g_k^T (x - x_k)|, gradient -g_k, x_k the last
// accepted point), so it steps back towards x_k; at the starting point it is an error. Such a
// region is not a bound: the method does not slide along its edge, and may stop where it first
// met it. Keep it outside the box where that is possible.
#pragma once

#include <armadillo>
#include <functional>
#include <string>

namespace kreg {

/// What the function returns at x.
struct BoundedPoint {
  double value = 0.0;
  arma::vec gradient;  ///< d value / dx, as many entries as x
  bool ok = true;      ///< false: x is not a point (value and gradient are not read)
  std::string reason;  ///< why not, for the messages
};

using BoundedObjective = std::function<BoundedPoint(const arma::vec& x)>;

/// After each evaluation.
struct MinimizeProgress {
  int evaluation = 0;  ///< 1 for the first
  int iteration = 0;   ///< iterations completed
  const arma::vec* x = nullptr;
  double value = 0.0;  ///< +inf when the point was not a point
  bool ok = true;
  double best = 0.0;  ///< value at the last accepted point
};

struct MinimizeOptions {
  int memory = 10;            ///< curvature pairs kept (3..20 recommended)
  double factr = 1e7;         ///< stop when the relative decrease of f is <= factr * machine epsilon (1e7: ~2e-9)
  double pgtol = 1e-5;        ///< stop when the largest entry of the projected gradient is <= pgtol
  int max_evaluations = 500;  ///< evaluations of the function at most
  int max_iterations = 200;   ///< iterations at most
  /// Hand L-BFGS-B the function divided by the largest entry of its gradient at the start (the
  /// result and pgtol stay in the function's own units). Its first step is the gradient step of
  /// a unit-curvature model, which then moves each variable by at most about 1, where the
  /// unscaled step of a function of large gradient (a log evidence, of order n) jumps to the
  /// corners of the box. Only that first step and the floor of 1 in factr's test change.
  bool scale_by_start_gradient = true;
  std::function<void(const MinimizeProgress&)> progress;  ///< called after every evaluation (may be empty)
};

struct MinimizeResult {
  arma::vec x;                 ///< the last accepted point (always one where the function was ok)
  double value = 0.0;          ///< the function there
  arma::vec gradient;          ///< its gradient there
  int evaluations = 0;         ///< evaluations made, failed ones included
  int failed_evaluations = 0;  ///< evaluations that were not a point
  int iterations = 0;
  bool converged = false;  ///< a convergence test was met (not a cap, not a failed line search)
  std::string message;     ///< why it stopped, in plain words
};

/// Minimises f from x0 (projected onto the box) over lower <= x <= upper (an entry may be
/// -inf or +inf: no bound on that side). Throws std::logic_error for sizes that differ, a
/// lower bound above an upper one or a NaN in x0 or the bounds, and NumericalError when f is not
/// a point at the (projected) start, with f's reason.
MinimizeResult minimize_bounded(const BoundedObjective& f, const arma::vec& x0, const arma::vec& lower,
                                const arma::vec& upper, const MinimizeOptions& options = {});

}  // namespace kreg
