// The tuning objectives of kernel ridge regression read as a Gaussian process, with their
// gradients in theta = (log sigma_1 .. log sigma_q, log lambda), q = 1 (one bandwidth) or p (one
// per feature). Model: y ~ N(0, s^2 A), A = K + lambda I, K the kernel matrix of the standardised
// features with bandwidths sigma (gp_kernel.h), y the standardised target, s^2 the signal
// variance and lambda = noise variance / signal variance (the lambda of K + lambda I, after the
// caller's lambda scaling). With alpha = A^{-1} y:
//
// Evidence, the signal variance profiled out (Rasmussen & Williams 2006, eq. 5.8 with s^2 at its
// maximiser): s^2 = y^T alpha / n maximises log N(y; 0, s^2 A), and there
//   log p(y) = -(n/2) log(2 pi s^2) - (1/2) log det A - n/2.
// Its derivative (eq. 5.9; the one through s^2 vanishes at the maximiser) for dA = dA/dtheta_j:
//   d log p(y) = (1/2) alpha^T dA alpha / s^2 - (1/2) tr(A^{-1} dA).
// The objective minimised is the NEGATIVE log evidence.
//
// Leave-one-out (eq. 5.10-5.12 in the form of kreg loo): with c_i = (A^{-1})_ii, the residual of
// the refit without row i is e_i = alpha_i / c_i (= (y_i - yhat_i) / (1 - H_ii), H = K A^{-1} =
// I - lambda A^{-1}), and LOO = target_scale^2 mean(e_i^2), the loo_mse of kreg loo (original
// scale). From dA^{-1} = -A^{-1} dA A^{-1} (the role of eq. 5.13):
//   dLOO = (2 target_scale^2 / n) [ -beta^T dA alpha + sum_ij M_ij dA_ij ],
//   beta = A^{-1} a, a_i = e_i / c_i, M = A^{-1} diag(b) A^{-1}, b_i = e_i^2 / c_i.
//
// GCV (Craven & Wahba 1979, as kreg loo: n RSS / (n - df)^2, RSS on the original scale):
// RSS = lambda^2 ||alpha||^2 and n - df = lambda tr A^{-1}, so
//   GCV = target_scale^2 n Q / T^2, Q = alpha^T alpha, T = tr A^{-1},
//   dGCV = GCV [ -2 gamma^T dA alpha / Q + 2 tr(A^{-2} dA) / T ],  gamma = A^{-1} alpha.
//
// Each derivative is sum_ij C_ij dA_ij for a symmetric C; dA = lambda I for log lambda, and for
// the bandwidths dA = G o D_d (one sigma: G o S), G_ij = g(s_ij), D_d,ij = (u_id - u_jd)^2,
// u = x / sigma (gp_kernel.h). So with W = C o G (o: element-wise), for all d at once,
//   sum_ij W_ij (u_id - u_jd)^2 = 2 sum_i u_id^2 (W 1)_i - 2 u_d^T W u_d
// from one product W [U 1] (n x n by n x (p + 1)): no n x n x p tensor.
//
// Cost of one evaluation (n rows, p features): the scaled distances by dsyrk (n^2 p), one
// Cholesky of A (n^3 / 3), the lower triangle of A^{-1} (2 n^3 / 3, as dpotri), the product
// W [U 1] (2 n^2 (p + 1)); LOO and GCV add one symmetric product (M or A^{-2}, n^3) for their
// gradients. All on compute_threads() with results that do not depend on the thread count.
#pragma once

#include <armadillo>
#include <cmath>
#include <string>

#include "kreg/gp/gp_kernel.h"
#include "kreg/gp/tune_objective.h"

namespace kreg {

/// The buffers of the evaluations, reused from one evaluation to the next: three n x n matrices
/// at the peak (24 n^2 bytes: 96 MB at n = 2,000) and a few n x (p + 1) ones.
struct GpWorkspace {
  arma::mat derivative;  ///< scaled distances, then G (G o S for one sigma), then W
  arma::mat factor;      ///< A, then its Cholesky factor, then M or A^{-2}
  arma::mat inverse;     ///< A^{-1}, then A^{-1} diag(sqrt(b)) (LOO)
  arma::mat scaled;      ///< U = X / sigma
  arma::mat product;     ///< [U 1]
  arma::mat weighted;    ///< W [U 1]
};

/// Bytes of the workspace's three n x n matrices, for a memory check before the first evaluation.
double gp_workspace_bytes(arma::uword n);

struct GpEvaluationOptions {
  double target_scale = 1.0;  ///< the target's standardisation scale: LOO and GCV on the original scale
  bool gradient = true;       ///< false: the value only (LOO and GCV then skip their n^3 product)
};

/// One evaluation. `value` is the objective to minimise; the other numbers are all computed at
/// every evaluation (they cost nothing more). When `ok` is false the point is not a point the
/// optimiser may accept (A not numerically positive definite, a value that is not finite, a
/// leverage of 1 for LOO) and `reason` says why; value is then +inf.
struct GpObjectiveValue {
  bool ok = false;
  std::string reason;
  double value = INFINITY;
  arma::vec gradient;            ///< d value / d theta, theta = (log sigma_1..q, log lambda); empty without
  double log_evidence = NAN;     ///< log p(y), s^2 profiled out
  double signal_variance = NAN;  ///< s^2 = y^T A^{-1} y / n (standardised target)
  double loo_mse = NAN;          ///< target_scale^2 mean(e_i^2)
  double gcv = NAN;              ///< target_scale^2 n Q / T^2
  double df = NAN;               ///< tr K A^{-1} = n - lambda tr A^{-1}
};

/// The objective at bandwidths exp(log_sigma) (one value, or one per column of X) and
/// lambda = exp(log_lambda) for the standardised features X (n x p) and target y (n).
/// Throws std::logic_error for sizes that do not fit; every numerical trouble is `ok` false.
GpObjectiveValue gp_objective(TuneObjective objective, const GpKernelShape& kernel, const arma::mat& X,
                              const arma::vec& y, const arma::vec& log_sigma, double log_lambda, GpWorkspace& workspace,
                              const GpEvaluationOptions& options = {});

}  // namespace kreg
