// One evaluation of the tuning objectives: the kernel matrix and its derivative factor in one
// pass, one Cholesky, the lower triangle of A^{-1}, and the gradient from one W [U 1] product
// (the formulas are in gp_objective.h).
#include "kreg/gp/gp_objective.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <vector>

#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/cholesky_inverse.h"
#include "kreg/linalg/lapack.h"
#include "kreg/linalg/matrix_vector.h"

namespace kreg {

double gp_workspace_bytes(arma::uword n) { return 3.0 * 8.0 * static_cast<double>(n) * static_cast<double>(n); }

namespace {

// Below this fraction of ||u_i||^2 + ||u_j||^2 the distance from the product is recomputed
// directly (cancellation; as kernels/gram.cpp does).
constexpr double kRecomputeFraction = 1e-6;
constexpr double kTwoPi = 6.283185307179586476925;

// Columns of one task of the element-wise passes.
int pass_threads(arma::uword n) { return n * n > (1u << 18) ? compute_threads() : 1; }

// From the lower triangle of U U^T in `derivative`: the lower triangle of A = K + lambda I into
// `factor` and that of G (one sigma: G o S) into `derivative`.
void kernel_and_derivative(const GpKernelShape& shape, const arma::mat& U, double lambda, bool one_sigma,
                           arma::mat& derivative, arma::mat& factor) {
  const arma::uword n = U.n_rows;
  const arma::vec sq = arma::sum(arma::square(U), 1);
  const arma::sword cols = static_cast<arma::sword>(n);
#pragma omp parallel for schedule(dynamic, 16) num_threads(pass_threads(n))
  for (arma::sword sj = 0; sj < cols; ++sj) {
    const arma::uword j = static_cast<arma::uword>(sj);
    double* d = derivative.colptr(j);
    double* a = factor.colptr(j);
    for (arma::uword i = j; i < n; ++i) {
      const double scale = sq[i] + sq[j];
      double s = i == j ? 0.0 : scale - 2.0 * d[i];
      if (i != j && !(s >= kRecomputeFraction * scale)) {  // nearly coincident points (or NaN)
        s = 0.0;
        for (arma::uword c = 0; c < U.n_cols; ++c) {
          const double diff = U(i, c) - U(j, c);
          s += diff * diff;
        }
      }
      const GpKernelValue v = gp_kernel_value(shape, s);
      a[i] = v.k;
      d[i] = one_sigma ? v.g * s : v.g;
    }
    a[j] += lambda;
  }
}

// sum_{i > j} of f(i, j) over the strict lower triangle, column sums added in column order (the
// same bits at any thread count).
template <class F>
double strict_lower_sum(arma::uword n, F f) {
  std::vector<double> column(n, 0.0);
  const arma::sword cols = static_cast<arma::sword>(n);
#pragma omp parallel for schedule(dynamic, 16) num_threads(pass_threads(n))
  for (arma::sword sj = 0; sj < cols; ++sj) {
    const arma::uword j = static_cast<arma::uword>(sj);
    double s = 0.0;
    for (arma::uword i = j + 1; i < n; ++i) s += f(i, j);
    column[j] = s;
  }
  double total = 0.0;
  for (double c : column) total += c;
  return total;
}

GpObjectiveValue refuse(GpObjectiveValue v, const std::string& reason) {
  v.ok = false;
  v.reason = reason;
  v.value = INFINITY;
  v.gradient.reset();
  return v;
}

}  // namespace

GpObjectiveValue gp_objective(TuneObjective objective, const GpKernelShape& kernel, const arma::mat& X,
                              const arma::vec& y, const arma::vec& log_sigma, double log_lambda, GpWorkspace& ws,
                              const GpEvaluationOptions& options) {
  const arma::uword n = X.n_rows, p = X.n_cols;
  if (y.n_elem != n)
    throw std::logic_error("gp_objective: X has " + std::to_string(n) + " rows but y has " + std::to_string(y.n_elem) +
                           " values");
  if (log_sigma.n_elem != 1 && log_sigma.n_elem != p)
    throw std::logic_error("gp_objective: " + std::to_string(log_sigma.n_elem) + " log bandwidths for " +
                           std::to_string(p) + " features (give 1 or " + std::to_string(p) + ")");
  if (n == 0) throw std::logic_error("gp_objective: no rows");
  const bool one_sigma = log_sigma.n_elem == 1;
  const arma::uword q = log_sigma.n_elem;
  GpObjectiveValue out;
  if (!log_sigma.is_finite() || !std::isfinite(log_lambda)) return refuse(out, "a parameter is not finite");
  const arma::vec sigma = arma::exp(log_sigma);
  const double lambda = std::exp(log_lambda);
  if (!sigma.is_finite() || !(sigma.min() > 0.0) || !(lambda > 0.0) || !std::isfinite(lambda))
    return refuse(out, "a bandwidth or lambda is 0 or infinite in double precision");
  const double nd = static_cast<double>(n);
  const int ni = static_cast<int>(n), pi = static_cast<int>(p);
  const SingleBlasThread single;

  // U = X / sigma, then the lower triangle of U U^T, of A and of G.
  ws.scaled = X;
  if (one_sigma)
    ws.scaled /= sigma(0);
  else
    ws.scaled.each_row() /= sigma.t();
  ws.derivative.set_size(n, n);
  ws.factor.set_size(n, n);
  {
    const double one = 1.0, zero = 0.0;
    if (p > 0)
      lapack::dsyrk("L", "N", &ni, &pi, &one, ws.scaled.memptr(), &ni, &zero, ws.derivative.memptr(), &ni);
    else
      ws.derivative.zeros();
  }
  kernel_and_derivative(kernel, ws.scaled, lambda, one_sigma, ws.derivative, ws.factor);

  // A = L L^T; log det A = 2 sum log L_ii.
  {
    bool finite = true;
    for (arma::uword j = 0; j < n; ++j) {
      const double* a = ws.factor.colptr(j);
      for (arma::uword i = j; i < n; ++i) finite = finite && std::isfinite(a[i]);
    }
    if (!finite) return refuse(out, "the kernel matrix has entries that are not finite");
  }
  if (cholesky_lower(ni, ws.factor.memptr(), ni) != 0)
    return refuse(out, "K + lambda I is not numerically positive definite");
  double half_log_det = 0.0;
  for (arma::uword i = 0; i < n; ++i) half_log_det += std::log(ws.factor(i, i));

  arma::vec alpha = y;
  {
    const int nrhs = 1;
    int info = 0;
    lapack::dpotrs("L", &ni, &nrhs, ws.factor.memptr(), &ni, alpha.memptr(), &ni, &info);
    if (info != 0) return refuse(out, "the triangular solves with the Cholesky factor failed");
  }
  cholesky_inverse_lower(ws.factor, ws.inverse);  // ws.factor is free from here on
  const arma::vec c = ws.inverse.diag();          // (A^{-1})_ii
  const double T = arma::accu(c);
  const double Q = arma::dot(alpha, alpha);
  const double yt_alpha = arma::dot(y, alpha);
  const double s2 = yt_alpha / nd;
  const double ts2 = options.target_scale * options.target_scale;

  out.signal_variance = s2;
  out.log_evidence = -0.5 * nd * std::log(kTwoPi * s2) - half_log_det - 0.5 * nd;
  out.df = nd - lambda * T;
  out.gcv = ts2 * nd * Q / (T * T);
  const arma::vec e = alpha / c;  // LOO residuals, standardised target
  out.loo_mse = ts2 * arma::mean(arma::square(e));
  const bool interpolates = lambda * c.min() <= 1e-12;  // a leverage 1 - lambda c_i of 1: as kreg loo

  double value = NAN;
  switch (objective) {
    case TuneObjective::kEvidence:
      if (!(s2 > 0.0)) return refuse(out, "y^T (K + lambda I)^{-1} y is not positive (a zero target?)");
      value = -out.log_evidence;
      break;
    case TuneObjective::kLoo:
      if (interpolates) return refuse(out, "the fit interpolates a row (a leverage is 1): no leave-one-out error");
      value = out.loo_mse;
      break;
    case TuneObjective::kGcv:
      value = out.gcv;
      break;
  }
  if (!std::isfinite(value) || !std::isfinite(out.log_evidence) || !(c.min() > 0.0))
    return refuse(out, "the objective is not finite (K + lambda I is too ill-conditioned)");
  out.value = value;
  out.ok = true;
  if (!options.gradient) return out;

  // C = cM Mat + cuv (u v^T + v u^T), Mat's lower triangle in `mat` (gp_objective.h).
  const arma::mat* mat = &ws.inverse;
  double cM = 0.0, cuv = 0.0;
  arma::vec u, v = alpha;
  switch (objective) {
    case TuneObjective::kEvidence:  // C = (1/2) A^{-1} - alpha alpha^T / (2 s^2)
      cM = 0.5;
      cuv = -0.25 / s2;
      u = alpha;
      break;
    case TuneObjective::kLoo: {  // C = (2 ts2 / n) [M - (beta alpha^T + alpha beta^T) / 2]
      mirror_lower(ws.inverse);
      const arma::vec a = e / c;
      u = times(ws.inverse, a);  // beta
      const arma::vec root_b = arma::sqrt(e % a);
      ws.inverse.each_row() %= root_b.t();  // A^{-1} diag(sqrt(b))
      lower_outer_product(ws.inverse, ws.factor);
      mat = &ws.factor;
      cM = 2.0 * ts2 / nd;
      cuv = -ts2 / nd;
      break;
    }
    case TuneObjective::kGcv: {  // C = GCV [2 A^{-2} / T - (gamma alpha^T + alpha gamma^T) / Q]
      mirror_lower(ws.inverse);
      u = times(ws.inverse, alpha);  // gamma
      lower_outer_product(ws.inverse, ws.factor);
      mat = &ws.factor;
      cM = 2.0 * out.gcv / T;
      cuv = -out.gcv / Q;
      break;
    }
  }
  const arma::mat& M = *mat;
  const double* ud = u.memptr();
  const double* vd = v.memptr();
  const auto coefficient = [&](arma::uword i, arma::uword j) {
    return cM * M.at(i, j) + cuv * (ud[i] * vd[j] + vd[i] * ud[j]);
  };

  out.gradient.set_size(q + 1);
  out.gradient(q) = lambda * (cM * arma::trace(M) + 2.0 * cuv * arma::dot(u, v));  // dA = lambda I
  if (one_sigma) {
    // sum_ij C_ij (G o S)_ij; the diagonal of G o S is 0.
    const arma::mat& GS = ws.derivative;
    out.gradient(0) =
        2.0 * strict_lower_sum(n, [&](arma::uword i, arma::uword j) { return coefficient(i, j) * GS.at(i, j); });
  } else {
    // W = C o G in place of G (lower triangle, zero diagonal: D_d is 0 there), then W [U 1].
    arma::mat& W = ws.derivative;
    const arma::sword cols = static_cast<arma::sword>(n);
#pragma omp parallel for schedule(dynamic, 16) num_threads(pass_threads(n))
    for (arma::sword sj = 0; sj < cols; ++sj) {
      const arma::uword j = static_cast<arma::uword>(sj);
      double* w = W.colptr(j);
      w[j] = 0.0;
      for (arma::uword i = j + 1; i < n; ++i) w[i] *= coefficient(i, j);
    }
    ws.product.set_size(n, p + 1);
    ws.product.cols(0, p - 1) = ws.scaled;
    ws.product.col(p).ones();
    arma::mat& WU = ws.weighted;
    WU.set_size(n, p + 1);
    const int k = pi + 1;
    const double one = 1.0, zero = 0.0;
    lapack::dsymm("L", "L", &ni, &k, &one, W.memptr(), &ni, ws.product.memptr(), &ni, &zero, WU.memptr(), &ni);
    const arma::vec w1 = WU.col(p);
    for (arma::uword d = 0; d < p; ++d) {
      const arma::vec ud_col = ws.scaled.col(d);
      out.gradient(d) = 2.0 * arma::dot(ud_col % ud_col, w1) - 2.0 * arma::dot(ud_col, WU.col(d));
    }
  }
  if (!out.gradient.is_finite()) return refuse(out, "the gradient is not finite (K + lambda I is too ill-conditioned)");
  return out;
}

}  // namespace kreg
