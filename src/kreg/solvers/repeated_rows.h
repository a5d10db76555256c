// When the penalised problems (kl1, klinf) have no minimiser: training rows with identical
// features. Then K e_i = K e_j, K is singular, and along a direction d with K d = 0 the
// objective f(alpha) = 1/2 alpha^T K alpha - y^T alpha + lambda P(alpha) changes by
//   f(alpha + s d) - f(alpha) = -s y^T d + lambda (P(alpha + s d) - P(alpha)),
// which falls without bound as s grows once y^T d > lambda P(d). The directions that repeated
// rows give are the vectors that sum to zero within each group of identical rows, and the
// largest y^T d / P(d) over them is, per group G of identical rows,
//   l1:   (max_G y - min_G y) / 2                    (P(d) = ||d||_1: half on the largest y, half off the smallest);
//   linf: sum of the floor(|G|/2) largest y of G minus sum of the floor(|G|/2) smallest
//         (P(d) = ||d||_inf: d = +1 on the upper half, -1 on the lower half),
// the largest over the groups for l1 and the sum over the groups for linf (d may use every
// group at once at no extra ||d||_inf). Below that lambda the problem is unbounded below, the
// exact homotopy stops and an iterative solver drifts along d for as long as it is allowed to
// run. (For a strictly positive definite kernel, such as the radial ones, these are all the
// directions with K d = 0, so the problem is bounded at and above that lambda.)
#pragma once

#include <armadillo>
#include <string>

#include "kreg/solvers/proximal.h"

namespace kreg {

struct RepeatedRows {
  std::size_t repeats = 0;        ///< rows whose features equal an earlier row's
  double lambda_unbounded = 0.0;  ///< f is unbounded below for lambda < this (effective units; 0 = never)
};

/// Groups the rows of Z (features as K sees them) that are identical and evaluates the bound
/// above for the response y (as the solver sees it).
RepeatedRows repeated_rows(const arma::mat& Z, const arma::vec& y, Penalty pen);

/// The cause, for warnings that count affected fits.
inline constexpr const char* kRepeatedRowsCause =
    "training rows repeat another row's features with different responses, so K is singular; the coefficients "
    "there are wherever the solver stopped, not a minimiser";

/// One sentence for warnings: how many rows repeat and below which lambda (in the user's units:
/// effective lambda / unit) the problem has no minimiser.
std::string repeated_rows_message(const RepeatedRows& r, std::size_t n, const std::string& method, double unit);

}  // namespace kreg
