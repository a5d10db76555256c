// The exact regularisation path of kl1 (Allerbo 2023, eq. alpha1) by homotopy:
//   min_alpha 1/2 alpha^T K alpha - y^T alpha + lambda ||alpha||_1,
// with correlations c = y - K alpha. On the active set A (alpha_i != 0, signs s_A) the KKT
// conditions c_A = lambda s_A give alpha_A(lambda) = K_AA^{-1} (y_A - lambda s_A): as lambda
// decreases by delta, alpha_A moves by delta d_A (K_AA d_A = s_A) and c by -delta K_{:,A} d_A.
// The path is linear between events: an inactive |c_i| reaches lambda (i joins A with the
// sign of c_i), or an active alpha_i reaches 0 (i leaves). This is the lasso homotopy
// (LARS with the lasso modification) with K as the Gram matrix; from lambda_max = ||y||_inf
// (alpha = 0) down, every grid value is reached exactly, up to rounding.
#pragma once

#include <armadillo>
#include <string>
#include <vector>

namespace kreg {

/// A path solved by homotopy (kl1 or klinf).
struct HomotopyResult {
  std::vector<arma::vec> alpha;   ///< per grid value, in the grid's (decreasing) order
  std::vector<long> events_at;    ///< per grid value: events taken before reaching it
  std::size_t reached = 0;        ///< grid values solved: alpha[0 .. reached-1]
  long events = 0;                ///< joins and leaves taken
  std::string stopped;            ///< why the path stopped before the grid's end ("" if it did not)
  bool stopped_singular = false;  ///< it stopped because the kernel matrix on the active set is singular
  arma::vec alpha_at_stop;        ///< the coefficients where it stopped early (empty if it did not)
  double lambda_at_stop = 0.0;    ///< the lambda of alpha_at_stop
  long late_from = -1;            ///< the event at which the late phase began (-1: it did not)
};

/// When a homotopy goes over to its late phase, where the small set (kl1: the inactive points;
/// klinf: the clipped ones) is the complement of a ComplementSystem and an event costs O(n |set|)
/// (kreg/linalg/complement_system.h). Measured on the 20-point paths of
/// scripts/bench_penalized.sh (n = 2,000, Gaussian kernel): a fraction of 0.4 was the fastest
/// of 0.2-0.8.
struct LatePhase {
  arma::uword min_rows = 1000;  ///< not below this many rows (K^{-1} costs n^3 flops and 8 n^2 bytes)
  double set_fraction = 0.4;    ///< once the small set is at most this fraction of the rows
  /// if LAPACK's estimate of K's reciprocal condition number is at least this: G's rounding,
  /// about cond(K) u relative, is then small enough for the grid values' refinement to remove
  /// (the n = 5,000 path of scripts/bench_penalized.sh has 3.7e-11; its points are certified with
  /// KKT violations within 1.5x those of the active block's factor). At 1e-12, cv folds of 1,600
  /// rows at about 1.7e-12 took the phase and their uncertified fits moved (mean MSE by up to 25%
  /// at grid points far from the best); 1e-11 keeps such kernels on the active block's factor.
  double min_rcond = 1e-11;
};

/// The path at `lambdas` (decreasing, >= 0; effective values, i.e. already n-scaled). Stops
/// early, with `stopped` set, when K_AA becomes numerically singular (pivot^2 < 1e-12 of the
/// diagonal entry: the solution is then large and ill-determined) or after `max_events`
/// events; the caller solves the rest another way.
HomotopyResult l1_homotopy(const arma::mat& K, const arma::vec& y, const std::vector<double>& lambdas, long max_events,
                           const LatePhase& late = LatePhase());

}  // namespace kreg
