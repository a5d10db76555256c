// LOO shortcut from one spectrum (batched over lambda with BLAS-3), and its brute-force check.
#include "kreg/select/loo.h"

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

namespace {
void require_krr(const FitSettings& s) {
  validate(s);
  if (!s.method_info().loo_shortcut)
    throw ConfigError("method", "the leave-one-out shortcut is for " +
                                    method_names_where([](const MethodInfo& m) { return m.loo_shortcut; }) + ", got '" +
                                    s.method + "'");
}
}  // namespace

LooResult loo_krr(const Dataset& data, const FitSettings& settings, const std::vector<double>& lambdas) {
  require_krr(settings);
  const std::size_t n = data.n();
  if (n < 2) throw DataError(data.source + ": leave-one-out needs at least 2 rows");
  const Kernel kernel = make_kernel(settings.kernel);
  const Standardization st = fit_standardization(data.X, data.y, settings.standardize);
  const arma::vec y = st.transform_target(data.y);
  Spectrum spec = spectrum_for(kernel, st.transform_features(data.X));
  const arma::vec ytil = times_t(spec.U, y);
  const std::size_t G = lambdas.size();

  // Filters for all lambdas at once: Hf(j, g) = mu_j / (mu_j + lambda_g).
  arma::mat Hf(spec.mu.n_elem, G);
  std::vector<double> rcond(G);
  for (std::size_t g = 0; g < G; ++g) {
    if (!(lambdas[g] >= 0.0)) throw ConfigError("lambda_grid", "values must be >= 0");
    FitSettings s = settings;
    s.lambda = lambdas[g];
    const double lam = s.effective_lambda(n);
    if (lam == 0.0) krr_coefficient_filter(spec.mu, lam);  // throws unless K is positive definite
    Hf.col(g) = krr_hat_filter(spec.mu, lam);
    rcond[g] = spectral_rcond(spec, lam);
  }
  const arma::mat fitted = spec.U * (Hf.each_col() % ytil);  // n x G
  spec.U.transform([](double u) { return u * u; });          // U := U % U, in place
  const arma::mat Hdiag = spec.U * Hf;                       // n x G: H_ii per lambda

  LooResult result;
  for (std::size_t g = 0; g < G; ++g) {
    LooPoint pt;
    pt.lambda = lambdas[g];
    pt.rcond = rcond[g];
    pt.df = arma::accu(Hf.col(g));
    const arma::vec resid = y - fitted.col(g);
    const arma::vec denom = 1.0 - Hdiag.col(g);
    if (denom.min() <= 1e-12)
      throw NumericalError("leave-one-out: a leverage H_ii is 1 at lambda " + readable_number(lambdas[g]) +
                           " (the fit interpolates that point); use a larger lambda");
    pt.residuals = st.target_scale * (resid / denom);
    const arma::vec sq = arma::square(pt.residuals);
    pt.loo_mse = arma::mean(sq);
    pt.loo_se = arma::stddev(sq) / std::sqrt(static_cast<double>(n));
    const double rss = st.target_scale * st.target_scale * arma::accu(arma::square(resid));
    pt.gcv = static_cast<double>(n) * rss / std::pow(static_cast<double>(n) - pt.df, 2);
    result.points.push_back(std::move(pt));
  }
  select_lambda(result);
  return result;
}

void select_lambda(LooResult& r) {
  if (r.points.empty()) return;
  std::size_t best = 0;  // the smallest finite LOO MSE (a NaN is never selected)
  for (std::size_t i = 1; i < r.points.size(); ++i)
    if (r.points[i].loo_mse < r.points[best].loo_mse || !std::isfinite(r.points[best].loo_mse)) best = i;
  r.best_min = best;
  const double limit = r.points[best].loo_mse + r.points[best].loo_se;
  std::size_t one_se = best;
  for (std::size_t i = 0; i < r.points.size(); ++i)
    if (r.points[i].loo_mse <= limit && r.points[i].lambda > r.points[one_se].lambda) one_se = i;
  r.best_1se = one_se;
}

std::vector<arma::vec> loo_krr_brute_force(const Dataset& data, const FitSettings& settings,
                                           const std::vector<double>& lambdas) {
  require_krr(settings);
  const std::size_t n = data.n();
  const Kernel kernel = make_kernel(settings.kernel);
  const Standardization st = fit_standardization(data.X, data.y, settings.standardize);
  const arma::vec y = st.transform_target(data.y);
  const arma::mat K = gram(kernel, st.transform_features(data.X));
  std::vector<arma::vec> out;
  for (double lambda : lambdas) {
    FitSettings s = settings;
    s.lambda = lambda;
    const double lam = s.effective_lambda(n);  // the full-data n, as in Proposition 3
    arma::vec resid(n);
    for (std::size_t i = 0; i < n; ++i) {
      arma::uvec keep(n - 1);
      for (std::size_t j = 0, k = 0; j < n; ++j)
        if (j != i) keep(k++) = j;
      arma::mat A = K.submat(keep, keep);
      A.diag() += lam;
      const CholeskyFactor chol = cholesky_in_place(std::move(A), "K_{-i,-i} + lambda I");
      const arma::vec alpha = chol.solve(y.elem(keep));
      const arma::rowvec ki = K.row(i);
      resid(i) = st.target_scale * (y(i) - arma::dot(ki.elem(keep), alpha));
    }
    out.push_back(std::move(resid));
  }
  return out;
}

}  // namespace kreg
