// krr's exact cv scorers (see ridge_cv.h).
#include "kreg/routes/ridge_cv.h"

#include <algorithm>
#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/data/metrics.h"
#include "kreg/kernels/gram.h"
#include "kreg/linalg/band_reduction.h"
#include "kreg/linalg/lapack.h"
#include "kreg/routes/fold_scoring.h"
#include "kreg/solvers/krr.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

// krr on one fold by a Cholesky factorisation of K + lambda I per lambda (Allerbo 2023, eq. krr);
// false when one is not numerically positive definite (the caller takes the eigen route).
bool score_fold_by_cholesky(const Problem& fold, const std::vector<double>& grid, const Score& score,
                            CvFoldScores& out) {
  const Dataset& tr = fold.train();
  const Dataset& va = *fold.validation();
  const Standardization& st = fold.standardization();
  const arma::vec& y = fold.y();
  const arma::mat K = gram(fold.kernel(), fold.Z());  // not kept: the eigen route may follow
  const arma::mat& Kv = fold.validation_gram();
  for (double value : grid) {
    KrrSolution sol;
    try {
      sol = solve_krr(K, y, fold.effective_lambda(value));
    } catch (const NumericalError&) {
      return false;
    }
    add_errors(out, score, tr, va, st.inverse_target(Kv * sol.alpha));
  }
  return true;
}

// krr on one fold by one band reduction of its K (linalg/band_reduction.h): with K = Q B Q^T,
// the validation predictions for every lambda are
//   K_vT (K + lambda I)^{-1} y = K_vT Q z_lambda,   z_lambda = (B + lambda I)^{-1} (Q^T y):
// Q^T y once, a banded factorisation per lambda, then Q applied to all z at once (2 t^2 L flops,
// against 2 t^2 m to apply it to K_Tv) and one product with K_vT. False when one B + lambda I
// is not numerically positive definite (the caller takes the eigen route). `scratch`: the
// t x t storage of this thread's previous reduction, reused and handed back.
bool score_fold_by_band(const Problem& fold, const std::vector<double>& grid, const Score& score, CvFoldScores& out,
                        arma::mat& scratch) {
  const Dataset& tr = fold.train();
  const Dataset& va = *fold.validation();
  const Standardization& st = fold.standardization();
  arma::mat qty = fold.y();
  BandReduction band(gram_lower(fold.kernel(), fold.Z(), std::move(scratch)));  // reads the lower triangle only
  band.apply_qt(qty);
  arma::mat solutions(tr.n(), grid.size());
  for (std::size_t l = 0; l < grid.size(); ++l) {
    solutions.col(l) = qty.col(0);
    if (!band.solve_shifted(fold.effective_lambda(grid[l]), solutions.colptr(l))) return false;
  }
  band.apply_q(solutions);  // alpha for every lambda
  scratch = band.take_storage();
  const arma::mat predictions = fold.validation_gram() * solutions;
  for (std::size_t l = 0; l < grid.size(); ++l) add_errors(out, score, tr, va, st.inverse_target(predictions.col(l)));
  return true;
}

// krr with statistics shared by all folds: one eigendecomposition of the full K per kernel serves
// every fold and lambda. With M = (K + lambda I)^{-1} = U diag(1/(mu + lambda)) U^T and alpha = M
// y, the residuals of the refit without fold G are (the group form of the representer-theorem
// notes' Proposition 3, since I - H = lambda M and y - yhat = lambda alpha):
//   e_G = (I - H_GG)^{-1} (y_G - yhat_G) = (M_GG)^{-1} alpha_G.
// lambda_scaling n uses the fold's own n, as the refit would.
std::vector<CvFoldScores> score_all_folds_krr(const Dataset& d, const FitSettings& s, const Kernel& kernel,
                                              const Folds& folds, const std::vector<double>& grid, const Score& score) {
  const Spectrum spec = spectrum_for(kernel, d.X);
  const arma::vec ytil = spec.U.t() * d.y;
  const arma::uword r = spec.mu.n_elem, L = grid.size();
  std::vector<CvFoldScores> out(static_cast<std::size_t>(folds.k));
  for (int f = 0; f < folds.k; ++f) {
    const arma::uvec G = folds.validation_rows(f);
    const arma::uword m = G.n_elem;
    const arma::mat UG = spec.U.rows(G);
    const arma::vec yG = d.y.elem(G);
    const double scale = huber_scale(d.y.elem(folds.training_rows(f)));
    // Filters for every lambda: F(j, l) = 1/(mu_j + lambda_l), less 1/lambda_l when U is not
    // complete (then M = I/lambda + U diag(F) U^T).
    arma::mat F(r, L);
    arma::vec lam(L);
    for (arma::uword l = 0; l < L; ++l) {
      lam[l] = grid[l] * s.lambda_unit(d.n() - m);  // the fold's own n, as its refit would
      F.col(l) = krr_coefficient_filter(spec.mu, lam[l]);
      if (!spec.complete) F.col(l) -= 1.0 / lam[l];
    }
    const arma::mat alphaG = UG * (F.each_col() % ytil);  // (m x L)
    CvFoldScores& sc = out[static_cast<std::size_t>(f)];
    // M_GG = UG diag(F) UG^T per lambda by one BLAS-3 product of m^2 r / 2 flops, in O(m r)
    // memory: F has one sign (positive for a complete U; 1/(mu + lambda) - 1/lambda < 0
    // otherwise), so M_GG = sign * S S^T with S = UG diag(sqrt(|F|)), a dsyrk (lower triangle).
    arma::mat S(m, r), MGG(m, m);
    for (arma::uword l = 0; l < L; ++l) {
      const double sign = spec.complete ? 1.0 : -1.0;
      for (arma::uword j = 0; j < r; ++j) {
        const double scale = std::sqrt(std::max(0.0, sign * F(j, l)));
        const double* u = UG.colptr(j);
        double* out_col = S.colptr(j);
        for (arma::uword a = 0; a < m; ++a) out_col[a] = u[a] * scale;
      }
      const int mi = static_cast<int>(m), ri = static_cast<int>(r);
      const double zero = 0.0;
      lapack::dsyrk("L", "N", &mi, &ri, &sign, S.memptr(), &mi, &zero, MGG.memptr(), &mi);
      arma::vec aG = alphaG.col(l);
      if (!spec.complete) {
        MGG.diag() += 1.0 / lam[l];
        aG += yG / lam[l];  // alpha = M y = y / lambda + U diag(F) U^T y
      }
      // M_GG is a principal block of the positive definite M: Cholesky, in place.
      arma::vec e = aG;
      const int one = 1;
      int info = 0;
      lapack::dpotrf("L", &mi, MGG.memptr(), &mi, &info);
      if (info == 0) lapack::dpotrs("L", &mi, &one, MGG.memptr(), &mi, e.memptr(), &mi, &info);
      if (info != 0)
        throw NumericalError("cv: the fold system of krr is not positive definite at lambda " +
                             readable_number(grid[l]) +
                             " (K + lambda I is numerically singular; raise the lambda grid)");
      sc.mse.push_back(arma::mean(arma::square(e)));
      sc.r2.push_back(r_squared(yG, yG - e));
      sc.score.push_back(score.is_mse() ? sc.mse.back() : residual_score(score, e, scale));
    }
  }
  return out;
}

}  // namespace kreg
