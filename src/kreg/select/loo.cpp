// LOO shortcut from one spectrum per kernel point (batched over lambda with BLAS-3), the
// selection rules, and the brute-force check.
#include "kreg/select/loo.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/progress.h"
#include "kreg/data/moments.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/kernels/kernel_overflow.h"
#include "kreg/kernels/per_feature_bandwidth.h"
#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/select/kernel_grid.h"
#include "kreg/select/simplicity.h"
#include "kreg/solvers/problem.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

namespace {
Kernel require_krr(const FitSettings& s) {
  Kernel kernel = validate(s);
  if (!s.method_info().loo_shortcut)
    throw ConfigError("method", "the leave-one-out shortcut is for " +
                                    method_names_where([](const MethodInfo& m) { return m.loo_shortcut; }) + ", got '" +
                                    s.method + "'");
  return kernel;
}
}  // namespace

namespace {

// The log evidence and the profiled signal variance at each lambda (loo.h) from K's spectrum,
// c = U^T y and y^T y: O(r) per lambda. Sums by plain loops in a fixed order (Armadillo's
// accu of an element-wise function may be split over threads, and then the last digits would
// depend on the thread count).
class EvidenceTerms {
 public:
  EvidenceTerms(const Spectrum& spec, const arma::vec& c, double yy)
      : mu_(spec.mu), c_(c), n_(static_cast<double>(spec.n())),
        missing_(static_cast<double>(spec.n() - spec.mu.n_elem)) {
    double cc = 0.0;
    for (arma::uword j = 0; j < c.n_elem; ++j) cc += c(j) * c(j);
    outside_ = std::max(0.0, yy - cc);
  }
  // Fills pt.log_evidence and pt.signal_variance for the effective lambda `lam`.
  void at(double lam, LooPoint& pt) const {
    double quad = 0.0, log_det = 0.0, smallest = INFINITY;
    for (arma::uword j = 0; j < mu_.n_elem; ++j) {
      const double d = mu_(j) + lam;
      quad += c_(j) * c_(j) / d;
      log_det += std::log(d);
      smallest = std::min(smallest, d);
    }
    if (missing_ > 0.0) {  // a primal spectrum: the other n - r eigenvalues of K are 0
      quad += outside_ / lam;
      log_det += missing_ * std::log(lam);
      smallest = std::min(smallest, lam);
    }
    pt.signal_variance = quad / n_;
    pt.log_evidence = -0.5 * n_ * std::log(2.0 * arma::datum::pi * pt.signal_variance) - 0.5 * log_det - 0.5 * n_;
    if (!(smallest > 0.0) || !std::isfinite(pt.log_evidence)) pt.log_evidence = pt.signal_variance = NAN;
  }

 private:
  arma::vec mu_, c_;
  double n_, missing_, outside_ = 0.0;
};

// The points of one kernel at every lambda, from one eigendecomposition of K (standardised
// features Z, standardised target y, statistics st), appended to `out`.
void add_kernel_points(const arma::mat& Z, const arma::vec& y, const Standardization& st, const FitSettings& settings,
                       const Kernel& kernel, const std::vector<double>& lambdas, bool keep_residuals,
                       std::vector<LooPoint>& out) {
  const std::size_t n = Z.n_rows;
  Spectrum spec = spectrum_for(kernel, Z);
  const arma::vec ytil = times_t(spec.U, y);
  const std::size_t G = lambdas.size();
  double yy = 0.0;  // y^T y in a fixed order (see EvidenceTerms)
  for (arma::uword i = 0; i < y.n_elem; ++i) yy += y(i) * y(i);
  const EvidenceTerms evidence(spec, ytil, yy);

  // Filters for all lambdas at once: Hf(j, g) = mu_j / (mu_j + lambda_g).
  arma::mat Hf(spec.mu.n_elem, G);
  std::vector<double> rcond(G);
  const double unit = settings.lambda_unit(n);  // lambda as it enters K + lambda I
  for (std::size_t g = 0; g < G; ++g) {
    const double lam = lambdas[g] * unit;
    if (lam == 0.0) krr_coefficient_filter(spec.mu, lam);  // throws unless K is positive definite
    Hf.col(g) = krr_hat_filter(spec.mu, lam);
    rcond[g] = spectral_rcond(spec, lam);
  }
  const arma::mat fitted = spec.U * (Hf.each_col() % ytil);  // n x G
  spec.U.transform([](double u) { return u * u; });          // U := U % U, in place
  const arma::mat Hdiag = spec.U * Hf;                       // n x G: H_ii per lambda

  for (std::size_t g = 0; g < G; ++g) {
    LooPoint pt;
    pt.kernel = settings.kernel;
    pt.lambda = lambdas[g];
    pt.rcond = rcond[g];
    pt.df = arma::accu(Hf.col(g));
    const arma::vec resid = y - fitted.col(g);
    const arma::vec denom = 1.0 - Hdiag.col(g);
    const arma::vec loo = st.target_scale * (resid / denom);
    // The squares on a power-of-two scale (data/moments.h): large residuals do not overflow.
    const double unit = power_of_two_scale(arma::abs(loo).max());
    const arma::vec sq = arma::square(loo / unit);
    // A leverage H_ii of 1 (to rounding): the fit interpolates row i, which then has no LOO
    // residual; the point gets none and is never chosen.
    const bool interpolates = denom.min() <= 1e-12;
    pt.interpolates = interpolates;
    pt.loo_mse = interpolates ? NAN : arma::mean(sq) * unit * unit;
    pt.loo_se = interpolates ? NAN : arma::stddev(sq) * unit * unit / std::sqrt(static_cast<double>(n));
    const double rss = st.target_scale * st.target_scale * arma::accu(arma::square(resid));
    pt.gcv = static_cast<double>(n) * rss / std::pow(static_cast<double>(n) - pt.df, 2);
    evidence.at(lambdas[g] * settings.lambda_unit(n), pt);
    if (keep_residuals) pt.residuals = loo;
    out.push_back(std::move(pt));
  }
}

}  // namespace

LooResult loo_krr(const Dataset& data, const FitSettings& settings, const std::vector<double>& lambdas) {
  LooGrid grid;
  grid.base = settings;
  grid.lambdas = lambdas;
  grid.keep_residuals = true;
  return loo_krr(data, grid);
}

LooResult loo_krr(const Dataset& data, const LooGrid& grid) {
  require_krr(grid.base);
  if (data.n() < 2) throw DataError(data.source + ": leave-one-out needs at least 2 rows");
  if (grid.lambdas.empty()) throw ConfigError("lambda_grid", "needs at least one value");
  require_nonnegative_grid(grid.lambdas, "lambda_grid");
  std::vector<Kernel> kernel_values;  // each point's kernel, built once
  const std::vector<KernelSettings> kernels = kernel_grid_points(grid.base.kernel, grid.kernel_grids, &kernel_values);
  for (const Kernel& kernel : kernel_values) require_bandwidth_per_feature(kernel, data);
  require_representable_mse(data);  // LOO errors and GCV are MSEs
  const Standardization st = fit_standardization(data, grid.base.standardize);
  const arma::mat Z = st.transform_features(data.X);
  const arma::vec y = st.transform_target(data.y);
  for (const Kernel& kernel : kernel_values) require_finite_kernel(kernel, Z, data, grid.base.standardize);
  LooResult result;
  // With several kernel points, progress counts them (their eigendecompositions stay silent).
  std::unique_ptr<ProgressStep> step;
  if (kernels.size() > 1)
    step = std::make_unique<ProgressStep>("leave-one-out (" + std::to_string(kernels.size()) + " kernel points)",
                                          static_cast<double>(kernels.size()));
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    FitSettings s = grid.base;
    s.kernel = kernels[i];
    add_kernel_points(Z, y, st, s, kernel_values[i], grid.lambdas, grid.keep_residuals, result.points);
    if (step) step->advance(1.0);
  }
  for (const LooPoint& p : result.points) {
    result.interpolating += p.interpolates ? 1 : 0;
    result.non_finite += !p.interpolates && !(std::isfinite(p.loo_mse) && std::isfinite(p.gcv)) ? 1 : 0;
  }
  if (result.non_finite > 0 && result.interpolating + result.non_finite == result.points.size())
    throw NumericalError(
        "leave-one-out: no grid point has a finite leave-one-out error (the fits broke down numerically, or "
        "interpolate a row); use larger lambda values");
  if (result.interpolating == result.points.size())
    throw NumericalError(
        "leave-one-out: at every grid point a leverage H_ii is 1 (the fit interpolates a row, which "
        "then has no leave-one-out error); use larger lambda values");
  select_loo_points(result, kernel_option_keys(grid.base.kernel.name));
  return result;
}

void select_loo_points(LooResult& r, const std::vector<std::string>& kernel_keys) {
  if (r.points.empty()) return;
  // The first point of smallest finite score among those with a LOO error (a NaN, an infinity
  // or a point that interpolates a row is never chosen).
  const auto smallest = [&r](double LooPoint::*score) {
    std::size_t best = 0;
    bool found = false;
    for (std::size_t i = 0; i < r.points.size(); ++i) {
      const LooPoint& p = r.points[i];
      if (!std::isfinite(p.*score) || !std::isfinite(p.loo_mse)) continue;
      if (!found || p.*score < r.points[best].*score) best = i;
      found = true;
    }
    return best;
  };
  r.best_min = smallest(&LooPoint::loo_mse);
  r.best_gcv = smallest(&LooPoint::gcv);
  const LooPoint& best = r.points[r.best_min];
  const double limit = best.loo_mse + (std::isfinite(best.loo_se) ? best.loo_se : 0.0);
  r.best_1se = r.best_min;
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    const LooPoint& p = r.points[i];
    const LooPoint& chosen = r.points[r.best_1se];
    if (p.loo_mse <= limit && simpler_point(p.kernel, p.lambda, chosen.kernel, chosen.lambda, "lambda", kernel_keys))
      r.best_1se = i;
  }
}

std::vector<arma::vec> loo_krr_brute_force(const Dataset& data, const FitSettings& settings,
                                           const std::vector<double>& lambdas) {
  const Problem problem(data, settings, require_krr(settings), nullptr, {false, nullptr});
  const std::size_t n = data.n();
  const arma::vec& y = problem.y();
  const arma::mat& K = problem.gram();
  std::vector<arma::vec> out;
  for (double lambda : lambdas) {
    const double lam = problem.effective_lambda(lambda);  // the full-data n, as in Proposition 3
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
      resid(i) = problem.standardization().target_scale * (y(i) - arma::dot(ki.elem(keep), alpha));
    }
    out.push_back(std::move(resid));
  }
  return out;
}

}  // namespace kreg
