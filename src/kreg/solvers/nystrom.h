// Kernel ridge regression on m Nystrom centres, solved by conjugate gradients with the
// preconditioner of Falkon (Rudi, Carratino & Rosasco 2017, "FALKON: an optimal large scale
// kernel method", NeurIPS; Meanti et al. 2020).
//
// The estimator: f(x) = sum_j alpha_j k(x, c_j) over centres c_1..c_m (rows of the data), with
//   alpha = argmin ||K_nm alpha - y||^2 + lambda alpha^T K_mm alpha,
// i.e. the m x m normal equations
//   H alpha = K_nm^T y,   H = K_nm^T K_nm + lambda K_mm.                                   (N)
// With all n rows as centres (K_nm = K_mm = K) (N) is K (K + lambda I) alpha = K y, so alpha is
// kernel ridge regression's (K + lambda I)^{-1} y: lambda means the same with either solver.
// scikit-learn's Nystroem + Ridge(alpha=lambda) minimises the same objective.
//
// Preconditioner. With uniformly sampled centres K_nm^T K_nm ~ (n/m) K_mm^2. Falkon factors
// K_mm = L L^T and L^T L / m + (lambda/n) I = R R^T, so that H ~ n L R R^T L^T and
// B = L^{-T} R^{-T} / sqrt(n) makes B^T H B close to the identity. kreg takes for L the
// eigenvector factor U diag(sqrt(mu)) of K_mm = U diag(mu) U^T: then L^T L = diag(mu) and
//   B = U diag(d),  d_j = 1 / sqrt(n mu_j (mu_j / m + lambda / n)).
// Eigenvalues below 1e-13 m max(mu) are left out (K_mm's numerical rank r, reported): along
// them K_mm, and so H, is numerically singular, and the iteration would only amplify rounding
// there (as with Falkon's own floor, 1e-13 m added to K_mm's diagonal). The solution is then
// the minimiser of (1) over alpha in the span of the kept eigenvectors, as scikit-learn's
// Nystroem (which clips the same spectrum) computes. H itself is always applied exactly.
//
// K_nm is never held. One pass over the rows computes its kernel blocks (a few thousand rows
// against all centres: BLAS-3 distances, the vectorised exponential) and adds each block's
// K_b^T K_b to G = K_nm^T K_nm and K_b^T y to K_nm^T y: n m^2 flops in matrix products, once
// for every lambda; with it U^T G U (2 m^2 r flops, also once). Conjugate gradients then run on
// the r x r system B^T H B = D (U^T G U + lambda diag(mu)) D, O(r^2) per iteration, so a lambda
// grid costs little more than one lambda. (Applying K_nm
// afresh in every iteration instead, as Falkon does on GPUs, costs about 80 flops' time per
// entry of K_nm per iteration on a CPU, dominated by the exponential: more than forming G once
// after about m / 80 iterations, 25 at m = 2,000; at small lambda CG needs 50-150.) The fitted
// values K_nm alpha take one more pass. Blocks are cut at points fixed by n and m alone and
// every entry of G is summed in block order, so the result does not depend on the thread count.
// Memory: five m x m matrices (K_mm, its eigenvectors, G, U^T G U, the operator) and one block
// of rows.
#pragma once

#include <armadillo>
#include <cstdint>
#include <memory>

#include "kreg/kernels/kernel.h"

namespace kreg {

struct NystromOptions {
  double lambda = 1.0;  ///< effective lambda (as it enters H)
  /// Stop when the relative residual of (N) itself, ||K_nm^T y - H alpha|| / ||K_nm^T y||, is at
  /// most tol (the iteration watches the preconditioned residual and checks this one whenever
  /// that reaches its goal; see solve()).
  double tol = 1e-8;
  long max_iter = 1000;  ///< conjugate-gradient iterations at most
};

struct NystromSolution {
  arma::vec alpha;      ///< m coefficients of the centres
  arma::vec fitted;     ///< n values K_nm alpha at the training rows
  long iterations = 0;  ///< conjugate-gradient iterations made
  /// ||K_nm^T y - H alpha|| / ||K_nm^T y||: how well alpha solves (N), computed afresh at the end
  double relative_residual = NAN;
  bool converged = false;  ///< relative_residual <= tol, reached by the iteration within max_iter
  /// The iteration stopped because B^T H B was not positive along a search direction: rounding
  /// beat the remaining residual (a nearly singular K_mm at a tol below what it allows).
  bool breakdown = false;
  /// The iteration stopped short of tol, and alpha is the direct solution in K_mm's eigenbasis
  /// (NystromSystem::direct_solve), whose residual was smaller.
  bool direct = false;
  arma::uword rank = 0;  ///< K_mm's numerical rank: the dimension the iteration works in
};

/// The parts of (N) that do not depend on lambda, for solving it at several: K_mm, its factor
/// L and K_nm^T y. The kernel, Z and C must outlive it.
class NystromSystem {
 public:
  /// Z (n x p) the standardised training rows, y (n) their target, C (m x p) the centres
  /// (usually rows of Z). Throws NumericalError when K_mm has no eigenvalue above the floor.
  NystromSystem(const Kernel& kernel, const arma::mat& Z, const arma::vec& y, const arma::mat& C);
  ~NystromSystem();
  NystromSystem(const NystromSystem&) = delete;
  NystromSystem& operator=(const NystromSystem&) = delete;

  /// Solves (N) at options.lambda; `warm_start`: an alpha to start from (a neighbouring
  /// lambda's), empty for zero.
  NystromSolution solve(const NystromOptions& options, const arma::vec& warm_start = arma::vec()) const;

  /// The solution of (N) at lambda > 0 computed directly: with alpha = U S w, S = diag(mu)^{-1/2},
  /// (S U^T G U S + lambda I) w = S U^T K_nm^T y, solved from one eigendecomposition of
  /// S U^T G U S (r^3 flops, made once for the system). solve() falls back on it when the
  /// iteration stops short of tol.
  arma::vec direct_solve(double lambda) const;

  /// K_nm alpha: the fitted values of a solution (one more pass over the rows).
  arma::vec fitted(const arma::vec& alpha) const;

  /// H = K_nm^T K_nm + lambda K_mm (m x m, symmetric).
  arma::mat normal_matrix(double lambda) const;
  /// U: K_mm's eigenvectors kept (m x r), and U^T H U (r x r).
  const arma::mat& basis() const;
  arma::mat reduced_normal_matrix(double lambda) const;
  /// r: K_mm's numerical rank, the eigenvalues kept.
  arma::uword rank() const;
  /// K_mm's largest eigenvalue.
  double largest_mu() const;
  /// theta: the eigenvalues of diag(mu)^{-1/2} U^T G U diag(mu)^{-1/2} (r of them), with which
  /// tr K_nm H^{-1} K_nm^T = sum_i theta_i / (theta_i + lambda) at every lambda.
  arma::vec pencil_eigenvalues() const;

 private:
  struct Parts;
  std::unique_ptr<Parts> parts_;
};

/// NystromSystem(kernel, Z, y, C).solve(options, warm_start).
NystromSolution solve_nystrom(const Kernel& kernel, const arma::mat& Z, const arma::vec& y, const arma::mat& C,
                              const NystromOptions& options, const arma::vec& warm_start = arma::vec());

/// K(X, C) A for the rows X (n* x p, standardised) and coefficient columns A (m x L): the
/// predictions of L Nystrom solutions at once, in row blocks (memory O(block * m)).
arma::mat nystrom_predictions(const Kernel& kernel, const arma::mat& X, const arma::mat& C, const arma::mat& A);

/// Rows of n to use as m centres: m distinct rows drawn uniformly by `seed`, increasing.
arma::uvec uniform_centres(arma::uword n, arma::uword m, std::uint64_t seed);

/// Rows of Z to use as m centres, drawn without replacement with probabilities proportional to
/// approximate ridge leverage scores at `lambda` (effective, as in (N)); increasing. The scores
/// are those of the Nystrom approximation on a uniform pilot of m centres (seed `seed`):
///   l_i = k_i^T (K_pm^T K_pm + lambda K_mm)^{-1} k_i,  k_i = (k(z_i, c_j))_j,
/// the diagonal of K~ (K~ + lambda I)^{-1} for K~ = K_nm K_mm^{-1} K_mn (Woodbury; Alaoui &
/// Mahoney 2015, Rudi et al. 2018). Costs two passes of n m^2 flops. The draw (Efraimidis &
/// Spirakis 2006: the m largest u_i^(1 / l_i)) uses seed + 1.
arma::uvec leverage_centres(const Kernel& kernel, const arma::mat& Z, arma::uword m, double lambda, std::uint64_t seed);

/// The default number of centres for n rows: min(n, 2,000).
arma::uword default_centre_count(arma::uword n);

}  // namespace kreg
