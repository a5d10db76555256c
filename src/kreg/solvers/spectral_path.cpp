// Paths from one spectrum. With ytil = U^T y and a filter pair (g coefficients, h fitted):
//   alpha = U (g % ytil) + g(0) (y - U ytil)   (the second term is zero for a full dual U;
//                                               for the primal U it is the null space of K,
//                                               where (K + lambda I)^{-1} acts as 1/lambda
//                                               and KGF's filter as t)
//   fitted = U (h % ytil),  validation = W (g % ytil) with W = K_val U (dual) or Z_val V S.
#include "kreg/solvers/spectral_path.h"

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/grid.h"
#include "kreg/data/metrics.h"
#include "kreg/data/standardization.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/solvers/default_grids.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

std::vector<PathPoint> spectral_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                                     const std::vector<double>& grid, bool keep_alpha, const Score& score) {
  return spectral_path(Problem(train, settings, validation), grid, keep_alpha, score);
}

std::vector<PathPoint> spectral_path(const Problem& problem, const std::vector<double>& grid, bool keep_alpha,
                                     const Score& score) {
  const FitSettings& settings = problem.settings();
  const MethodInfo& method = problem.method();
  // krr: lambda and its filters; kgf: t and its filters.
  const bool is_krr = [&] {
    switch (method.family) {
      case MethodFamily::kRidge:
        return true;
      case MethodFamily::kFlow:
        return false;
      case MethodFamily::kDescent:
      case MethodFamily::kPenalized:
        throw ConfigError("method", "a spectral path is for " +
                                        method_names_where([](const MethodInfo& m) { return m.is_spectral(); }) +
                                        ", got '" + settings.method + "'");
    }
    enumerator_out_of_range("MethodFamily", "spectral_path");
  }();
  const Dataset& train = problem.train();
  const Dataset* validation = problem.validation();
  const Standardization& st = problem.standardization();
  const arma::vec& y = problem.y();
  const Spectrum& spec = problem.spectrum();
  const arma::vec ytil = times_t(spec.U, y);
  const arma::vec outside = y - times(spec.U, ytil);  // component of y outside span(U)

  arma::mat W;  // validation predictions = W (g % ytil), standardised scale
  if (validation != nullptr)
    W = spec.primal ? arma::mat(problem.Zv() * spec.V * arma::diagmat(spec.s))
                    : arma::mat(problem.validation_gram() * spec.U);

  const std::vector<double> values =
      grid.empty() ? default_spectral_grid(spec.mu.max(), method, problem.lambda_unit()) : grid;
  require_nonnegative_grid(values, is_krr ? "lambda_grid" : "t_grid");
  std::vector<PathPoint> path;
  for (double value : values) {
    FitSettings s = settings;
    (is_krr ? s.lambda : s.t) = value;
    const double lam = problem.effective_lambda(s.lambda);
    const double tt = s.effective_t();
    const arma::vec g = is_krr ? krr_coefficient_filter(spec.mu, lam) : kgf_coefficient_filter(spec.mu, tt);
    const arma::vec h = is_krr ? krr_hat_filter(spec.mu, lam) : kgf_hat_filter(spec.mu, tt);
    const arma::vec gy = g % ytil;

    PathPoint pt;
    pt.value = value;
    pt.rcond = spectral_rcond(spec, is_krr ? lam : 1.0 / tt);
    pt.df = arma::accu(h);
    const arma::vec fitted = st.inverse_target(times(spec.U, arma::vec(h % ytil)));
    pt.train_mse = mse(train.y, fitted);
    pt.train_r2 = r_squared(train.y, fitted);
    if (validation != nullptr) {
      const ValidationErrors v =
          validation_errors(score, validation->y, st.inverse_target(W * gy), huber_scale(train.y));
      pt.val_mse = v.mse;
      pt.val_r2 = v.r2;
      pt.val_score = v.score;
    }
    if (is_krr && lam == 0.0 && arma::norm(outside) > 0.0 && spec.primal)
      throw NumericalError("lambda = 0 with the linear kernel needs n <= p; use lambda > 0");
    const double g0 = is_krr ? (lam > 0.0 ? 1.0 / lam : 0.0) : tt;
    arma::vec alpha = times(spec.U, gy) + g0 * outside;
    pt.alpha_norm = arma::norm(alpha);
    pt.nonzero = static_cast<std::size_t>(arma::accu(alpha != 0.0));
    if (keep_alpha) pt.alpha = std::move(alpha);
    path.push_back(std::move(pt));
  }
  return path;
}

}  // namespace kreg
