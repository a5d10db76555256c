// Proximal operators, KKT check and the two proximal-gradient solvers.
#include "kreg/solvers/proximal.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "kreg/core/errors.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/lapack.h"
#include "kreg/linalg/symmetric_times.h"

namespace kreg {

Penalty penalty_of(const std::string& method) {
  if (method == "kl1") return Penalty::kL1;
  if (method == "klinf") return Penalty::kLinf;
  throw ConfigError("method: '" + method + "' is not a penalised method (kl1, klinf)");
}

double lambda_max(Penalty pen, const arma::vec& y) {
  return pen == Penalty::kL1 ? arma::abs(y).max() : arma::accu(arma::abs(y));
}

arma::vec prox_l1(const arma::vec& v, double tau) {
  arma::vec out(v.n_elem);
  for (arma::uword i = 0; i < v.n_elem; ++i) {
    const double a = std::abs(v[i]) - tau;
    out[i] = a > 0.0 ? std::copysign(a, v[i]) : 0.0;
  }
  return out;
}

arma::vec prox_linf(const arma::vec& v, double tau) {
  // Projection of v on {w : ||w||_1 <= tau}: w_i = sign(v_i) max(|v_i| - theta, 0), and then
  // prox = v - w = sign(v_i) min(|v_i|, theta). theta by Michelot's iteration: on the set S of
  // magnitudes above it, theta = (sum_S |v_i| - tau) / |S|; drop those <= theta and repeat
  // (theta only grows, S only shrinks; O(n) per pass, a few passes) -- the threshold that
  // sorting finds (Duchi et al., ICML 2008), without the O(n log n) sort.
  const arma::vec a = arma::abs(v);
  const double total = arma::accu(a);
  if (total <= tau) return arma::zeros(v.n_elem);  // v inside the ball: prox = 0
  std::vector<double> u(a.begin(), a.end());
  double theta = (total - tau) / static_cast<double>(u.size());
  for (;;) {
    std::size_t kept = 0;
    double sum = 0.0;
    for (const double x : u)
      if (x > theta) u[kept++] = x, sum += x;
    if (kept == u.size()) break;
    u.resize(kept);
    theta = (sum - tau) / static_cast<double>(kept);
  }
  arma::vec out(v.n_elem);
  for (arma::uword i = 0; i < v.n_elem; ++i) out[i] = std::copysign(std::min(a[i], theta), v[i]);
  return out;
}

double penalized_objective(const arma::vec& Kalpha, const arma::vec& y, const arma::vec& alpha, Penalty pen,
                           double lambda) {
  const double p = pen == Penalty::kL1 ? arma::accu(arma::abs(alpha)) : (alpha.empty() ? 0.0 : arma::abs(alpha).max());
  return 0.5 * arma::dot(alpha, Kalpha) - arma::dot(y, alpha) + lambda * p;
}

double kkt_violation(const arma::vec& Kalpha, const arma::vec& y, const arma::vec& alpha, Penalty pen, double lambda) {
  const arma::vec r = y - Kalpha;
  double v = 0.0;
  if (pen == Penalty::kL1) {
    for (arma::uword i = 0; i < r.n_elem; ++i)
      v = std::max(v, alpha[i] == 0.0 ? std::abs(r[i]) - lambda : std::abs(r[i] - std::copysign(lambda, alpha[i])));
    return v;
  }
  const double m = arma::abs(alpha).max();
  const double r1 = arma::accu(arma::abs(r));
  if (m == 0.0) return std::max(0.0, r1 - lambda);
  v = std::abs(r1 - lambda);
  for (arma::uword i = 0; i < r.n_elem; ++i) {
    if (std::abs(alpha[i]) < m)
      v = std::max(v, std::abs(r[i]));
    else
      v = std::max(v, -std::copysign(1.0, alpha[i]) * r[i]);
  }
  return v;
}

namespace {

arma::vec prox(Penalty pen, const arma::vec& v, double tau) {
  return pen == Penalty::kL1 ? prox_l1(v, tau) : prox_linf(v, tau);
}

// The pattern that fixes the KKT linear system: l1: sign(alpha_i) (0 off the support);
// linf: sign(alpha_i) on the clipped set {|alpha_i| = max|alpha|}, 0 on the free set.
// `slack` widens the linf clipped set to |alpha_i| >= (1 - slack) max|alpha| (a guess that
// the polishing step then certifies or rejects).
std::vector<signed char> pattern(Penalty pen, const arma::vec& a, double slack = 0.0) {
  std::vector<signed char> p(a.n_elem);
  const double m = pen == Penalty::kLinf ? arma::abs(a).max() : 0.0;
  for (arma::uword i = 0; i < a.n_elem; ++i) {
    const bool counted = pen == Penalty::kL1 ? a[i] != 0.0 : (m > 0.0 && std::abs(a[i]) >= (1.0 - slack) * m);
    p[i] = counted ? (a[i] > 0 ? 1 : -1) : 0;
  }
  return p;
}

// Support polishing: once proximal gradient has settled on a pattern, the optimum with that
// pattern solves a linear system exactly (symmetric positive definite for a pd K):
//   l1:   K_SS a_S = y_S - lambda s_S                                 (r_S = lambda s_S)
//   linf: alpha = P [a_F; m], P = [I_F 0; 0 s_C]:  P^T K P [a_F; m] = [y_F; s_C^T y_C - lambda]
//         (r_F = 0 and sum_C s_i r_i = ||r||_1 = lambda).
// The system is assembled in `work` (kept between calls: no allocation per attempt), factored
// by dpotrf and solved by dpotrs. Returns false when the system is not positive definite or the
// solution leaves the pattern.
struct PolishWorkspace {
  std::vector<double> B, rhs;
  std::vector<arma::uword> idx;
  arma::vec sC, KsC;
};

bool polish(const arma::mat& K, const arma::vec& y, Penalty pen, double lambda, const std::vector<signed char>& pat,
            PolishWorkspace& w, arma::vec& alpha_out) {
  const arma::uword n = y.n_elem;
  std::vector<arma::uword>& S = w.idx;
  S.clear();
  for (arma::uword i = 0; i < n; ++i)
    if ((pen == Penalty::kL1) == (pat[i] != 0)) S.push_back(i);  // l1: support; linf: free set
  const arma::uword f = S.size();
  const arma::uword m = f + (pen == Penalty::kLinf ? 1 : 0);
  if (m == 0) return false;
  w.B.resize(m * m);
  w.rhs.resize(m);
  double* B = w.B.data();
  for (arma::uword j = 0; j < f; ++j) {
    const double* kcol = K.colptr(S[j]);
    for (arma::uword i = j; i < f; ++i) B[j * m + i] = kcol[S[i]];  // lower triangle
    w.rhs[j] = pen == Penalty::kL1 ? y[S[j]] - lambda * pat[S[j]] : y[S[j]];
  }
  if (pen == Penalty::kLinf) {
    w.sC.zeros(n);
    for (arma::uword i = 0; i < n; ++i) w.sC[i] = pat[i];
    if (arma::accu(arma::abs(w.sC)) == 0.0) return false;
    symmetric_times(K, w.sC, w.KsC);
    for (arma::uword j = 0; j < f; ++j) B[j * m + f] = w.KsC[S[j]];
    B[f * m + f] = arma::dot(w.sC, w.KsC);
    w.rhs[f] = arma::dot(w.sC, y) - lambda;
  }
  const int mi = static_cast<int>(m), one = 1;
  int info = 0;
  dpotrf_("L", &mi, B, &mi, &info);
  if (info != 0) return false;
  dpotrs_("L", &mi, &one, B, &mi, w.rhs.data(), &mi, &info);
  if (info != 0) return false;
  const std::vector<double>& sol = w.rhs;
  arma::vec a(n, arma::fill::zeros);
  if (pen == Penalty::kL1) {
    for (arma::uword j = 0; j < f; ++j) {
      if (sol[j] * pat[S[j]] <= 0.0) return false;  // a sign flipped: not this pattern
      a[S[j]] = sol[j];
    }
  } else {
    const double clip = sol[f];
    if (!(clip > 0.0)) return false;
    a = clip * w.sC;
    for (arma::uword j = 0; j < f; ++j) {
      if (!(std::abs(sol[j]) < clip)) return false;  // a free coordinate reached the clip level
      a[S[j]] = sol[j];
    }
  }
  alpha_out = std::move(a);
  return true;
}

ProxResult solve_fista(const arma::mat& K, double L, const arma::vec& y, Penalty pen, double lambda, long max_iter,
                       double tol, const arma::vec* warm) {
  ProxResult res;
  arma::vec alpha = warm ? *warm : arma::zeros(y.n_elem);
  arma::vec Ka;
  symmetric_times(K, alpha, Ka);
  arma::vec z = alpha, Kz = Ka;
  arma::vec Ka_new;
  PolishWorkspace work;
  double tk = 1.0;
  const double step = 1.0 / L;
  res.kkt = kkt_violation(Ka, y, alpha, pen, lambda);
  long k = 0;
  std::vector<signed char> last_pattern;
  long stable = 0, polish_after = 10;
  while (res.kkt > tol && k < max_iter) {
    ++k;
    const arma::vec alpha_new = prox(pen, z + step * (y - Kz), step * lambda);
    symmetric_times(K, alpha_new, Ka_new);
    // Adaptive restart: drop the momentum when it points against the last step.
    if (arma::dot(z - alpha_new, alpha_new - alpha) > 0.0) {
      tk = 1.0;
      z = alpha_new;
      Kz = Ka_new;
    } else {
      const double t_next = 0.5 * (1.0 + std::sqrt(1.0 + 4.0 * tk * tk));
      const double beta = (tk - 1.0) / t_next;
      z = alpha_new + beta * (alpha_new - alpha);
      Kz = Ka_new + beta * (Ka_new - Ka);
      tk = t_next;
    }
    alpha = alpha_new;
    Ka = Ka_new;
    res.kkt = kkt_violation(Ka, y, alpha, pen, lambda);
    if (res.kkt <= tol) break;
    // Polish when the pattern has not changed for `polish_after` iterations; back off
    // geometrically after a failed attempt so that polishing never dominates the cost.
    std::vector<signed char> pat = pattern(pen, alpha);
    stable = pat == last_pattern ? stable + 1 : 0;
    last_pattern = std::move(pat);
    if (stable >= polish_after) {
      bool done = false;
      // The pattern of an iterate is exact only at the optimum; linf also tries it widened.
      std::vector<std::vector<signed char>> guesses = {last_pattern};
      if (pen == Penalty::kLinf)
        for (const double slack : {1e-6, 1e-3}) {
          std::vector<signed char> wider = pattern(pen, alpha, slack);
          if (wider != guesses.back()) guesses.push_back(std::move(wider));  // the same system: no retry
        }
      for (const auto& guess : guesses) {
        arma::vec polished, Kp;
        if (!polish(K, y, pen, lambda, guess, work, polished)) continue;
        symmetric_times(K, polished, Kp);
        const double v = kkt_violation(Kp, y, polished, pen, lambda);
        if (v <= tol) {
          alpha = std::move(polished);
          Ka = Kp;
          res.kkt = v;
          done = true;
          break;
        }
      }
      if (done) break;
      stable = 0;
      polish_after *= 2;
    }
  }
  res.iterations = k;
  res.converged = res.kkt <= tol;
  res.objective = penalized_objective(Ka, y, alpha, pen, lambda);
  res.alpha = std::move(alpha);
  return res;
}

// K alpha: from the columns of the non-zero alpha_i when fewer than a quarter are non-zero
// (the sparse kl1 iterates), else one matrix-vector product.
void kernel_times(const arma::mat& K, const arma::vec& alpha, arma::vec& out) {
  const arma::uvec nz = arma::find(alpha);
  if (nz.n_elem * 4 >= alpha.n_elem) {
    symmetric_times(K, alpha, out);
    return;
  }
  out.zeros(K.n_rows);
  double* o = out.memptr();
  for (const arma::uword j : nz) {
    const double aj = alpha[j];
    const double* col = K.colptr(j);
    for (arma::uword i = 0; i < K.n_rows; ++i) o[i] += aj * col[i];
  }
}

// The authors' solver: fixed step, prox threshold step * lambda, stop when successive
// iterates agree elementwise to tol (absolute and relative).
ProxResult solve_paper(const arma::mat& K, const arma::vec& y, Penalty pen, double lambda, double step, long max_iter,
                       double tol, const arma::vec* warm) {
  ProxResult res;
  arma::vec alpha = warm ? *warm : arma::zeros(y.n_elem);
  arma::vec Ka;
  kernel_times(K, alpha, Ka);
  long k = 0;
  while (k < max_iter) {
    ++k;
    const arma::vec alpha_new = prox(pen, alpha + step * (y - Ka), step * lambda);
    const bool agree = arma::all(arma::abs(alpha_new - alpha) <= tol + tol * arma::abs(alpha));
    alpha = alpha_new;
    kernel_times(K, alpha, Ka);
    if (agree) {
      res.converged = true;
      break;
    }
  }
  res.iterations = k;
  res.kkt = kkt_violation(Ka, y, alpha, pen, lambda);
  res.objective = penalized_objective(Ka, y, alpha, pen, lambda);
  res.alpha = std::move(alpha);
  return res;
}

}  // namespace

ProxResult solve_penalized(const arma::mat& K, double L, const arma::vec& y, Penalty pen, double lambda,
                           const FitSettings& s, const arma::vec* warm) {
  if (!(lambda >= 0.0)) throw ConfigError("lambda: must be >= 0");
  const SmallProblemBlasThreads blas_threads(y.n_elem);
  if (s.solver == "paper")
    return solve_paper(K, y, pen, lambda, s.prox_step, s.max_iter_or_default(), s.tol_or_default(), warm);
  if (!(L > 0.0)) throw NumericalError("the kernel matrix has no positive eigenvalue");
  return solve_fista(K, L, y, pen, lambda, s.max_iter_or_default(), s.tol_or_default(), warm);
}

}  // namespace kreg
