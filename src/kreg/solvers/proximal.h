// l1- and l_inf-penalised kernel regression (Allerbo 2023, eqs. alpha1 and alphainf):
//   min_alpha 1/2 ||y - K alpha||^2_{K^-1} + lambda P(alpha),  P = ||.||_1 or ||.||_inf.
// Up to the constant 1/2 y^T K^-1 y the smooth part is f(alpha) = 1/2 alpha^T K alpha - y^T alpha,
// whose gradient K alpha - y = -r needs no inverse of K; its Lipschitz constant is mu_max(K).
// Optimality (KKT), with r = y - K alpha:
//   l1:   |r_i| <= lambda where alpha_i = 0, r_i = lambda sign(alpha_i) elsewhere;
//   linf: with m = ||alpha||_inf: r_i = 0 where |alpha_i| < m, sign(r_i) = sign(alpha_i) (or
//         r_i = 0) where |alpha_i| = m, and ||r||_1 = lambda (||r||_1 <= lambda when alpha = 0).
#pragma once

#include <armadillo>
#include <string>
#include <vector>

#include "kreg/solvers/fit_settings.h"
#include "kreg/solvers/method_registry.h"
#include "kreg/solvers/numerical_range.h"
#include "kreg/solvers/penalty.h"

namespace kreg {

/// The penalty of a penalised method; ConfigError (key `method`) for any other method.
Penalty penalty_of(const std::string& method);

/// f(alpha) + lambda P(alpha) with f = 1/2 alpha^T K alpha - y^T alpha, given K alpha.
double penalized_objective(const arma::vec& Kalpha, const arma::vec& y, const arma::vec& alpha, Penalty pen,
                           double lambda);
/// Largest violation of the KKT conditions above (0 at the optimum).
double kkt_violation(const arma::vec& Kalpha, const arma::vec& y, const arma::vec& alpha, Penalty pen, double lambda);

/// The part of a KKT violation that the rounding of K alpha alone can explain:
///   n u max|K_ij| ||alpha||_1   (u = 2^-53, the unit roundoff),
/// a bound on the error of any computed K alpha (each entry a sum of n rounded products). A
/// violation below tol + this allowance is certified: alpha then satisfies the KKT conditions
/// to tol for a kernel matrix within rounding of K. Where K is well conditioned the allowance
/// is far below tol (alpha of size 1e3 on 100 rows: about 1e-11); where K is numerically
/// singular the minimiser's coefficients are huge, are determined only to this accuracy, and
/// no solver in double precision can do better.
double kkt_rounding_allowance(double max_abs_K, const arma::vec& alpha);
/// The same with max|K_ij| computed from K.
double kkt_rounding_allowance(const arma::mat& K, const arma::vec& alpha);
/// tol + kkt_rounding_allowance: the KKT violation that certifies alpha.
inline double kkt_tolerance(double tol, double max_abs_K, const arma::vec& alpha) {
  return tol + kkt_rounding_allowance(max_abs_K, alpha);
}

struct ProxResult {
  arma::vec alpha;
  long iterations = 0;
  bool converged = false;  ///< fista: KKT violation <= kkt_tolerance; paper: successive iterates agree
  double kkt = 0.0;        ///< KKT violation of the returned alpha
  double objective = 0.0;  ///< penalized_objective of the returned alpha
  /// solver auto: why kreg's exact path stopped before this lambda, which FISTA then solved
  /// (e.g. "the kernel matrix on its 12 active points is numerically singular at lambda 0.032"); empty where the path reached it.
  std::string path_stopped;
  bool path_singular = false;  ///< the path stopped on a numerically singular kernel matrix
  /// solver auto, where the path stopped on a singular K: the bounds of numerical_range.h
  /// (range.computed false otherwise)
  NumericalRange range;
  bool undetermined = false;  ///< lambda < range.lambda_undetermined: not solved (numerical_range.h)
  bool unbounded = false;     ///< lambda < range.lambda_unbounded
};

/// Solves for one lambda by fista: accelerated proximal gradient with step 1/L (L = largest
/// eigenvalue of K), adaptive restart (O'Donoghue and Candes 2015), stopped when the KKT
/// violation is <= kkt_tolerance(settings' tol, ...) (settings' max_iter iterations at most). `warm` (may be
/// null) is the starting point.
ProxResult solve_fista(const arma::mat& K, double L, const arma::vec& y, Penalty pen, double lambda,
                       const FitSettings& settings, const arma::vec* warm);

}  // namespace kreg
