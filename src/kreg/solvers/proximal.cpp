// Proximal operators, the KKT check and the fista solver of the penalised methods.
#include "kreg/solvers/proximal.h"

#include "kreg/core/progress.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "kreg/core/errors.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/column_sums.h"
#include "kreg/linalg/lapack.h"
#include "kreg/linalg/matrix_vector.h"

namespace kreg {

Penalty penalty_of(const std::string& method) {
  const Penalty penalty = method_info(method).penalty;
  switch (penalty) {
    case Penalty::kL1:
    case Penalty::kLinf:
      return penalty;
    case Penalty::kNone:
      throw ConfigError("method", "'" + method + "' is not a penalised method (" +
                                      method_names_where([](const MethodInfo& m) { return m.is_penalized(); }) + ")");
  }
  enumerator_out_of_range("Penalty", "penalty_of");
}

double penalized_objective(const arma::vec& Kalpha, const arma::vec& y, const arma::vec& alpha, Penalty pen,
                           double lambda) {
  const double p = penalty_norm(pen, alpha);
  return 0.5 * arma::dot(alpha, Kalpha) - arma::dot(y, alpha) + lambda * p;
}

namespace {

double kkt_violation_l1(const double* ka, const double* yy, const double* a, arma::uword n, double lambda) {
  double v = 0.0;
  for (arma::uword i = 0; i < n; ++i) {
    const double r = yy[i] - ka[i];
    v = std::max(v, a[i] == 0.0 ? std::abs(r) - lambda : std::abs(r - std::copysign(lambda, a[i])));
  }
  return v;
}

double kkt_violation_linf(const double* ka, const double* yy, const double* a, arma::uword n, double lambda) {
  double m = 0.0, r1 = 0.0;
  for (arma::uword i = 0; i < n; ++i) {
    m = std::max(m, std::abs(a[i]));
    r1 += std::abs(yy[i] - ka[i]);
  }
  if (m == 0.0) return std::max(0.0, r1 - lambda);
  double v = std::abs(r1 - lambda);
  for (arma::uword i = 0; i < n; ++i) {
    const double r = yy[i] - ka[i];
    if (std::abs(a[i]) < m)
      v = std::max(v, std::abs(r));
    else
      v = std::max(v, -std::copysign(1.0, a[i]) * r);
  }
  return v;
}

}  // namespace

double kkt_violation(const arma::vec& Kalpha, const arma::vec& y, const arma::vec& alpha, Penalty pen, double lambda) {
  switch (pen) {
    case Penalty::kL1:
      return kkt_violation_l1(Kalpha.memptr(), y.memptr(), alpha.memptr(), y.n_elem, lambda);
    case Penalty::kLinf:
      return kkt_violation_linf(Kalpha.memptr(), y.memptr(), alpha.memptr(), y.n_elem, lambda);
    case Penalty::kNone:
      no_penalty("kkt_violation");
  }
  enumerator_out_of_range("Penalty", "kkt_violation");
}

double kkt_rounding_allowance(double max_abs_K, const arma::vec& alpha) {
  const double u = std::numeric_limits<double>::epsilon() / 2.0;
  return static_cast<double>(alpha.n_elem) * u * max_abs_K * arma::accu(arma::abs(alpha));
}

double kkt_rounding_allowance(const arma::mat& K, const arma::vec& alpha) {
  return kkt_rounding_allowance(K.empty() ? 0.0 : arma::abs(K).max(), alpha);
}

namespace {

// The pattern that fixes the KKT linear system: l1: sign(alpha_i) (0 off the support);
// linf: sign(alpha_i) on the clipped set {|alpha_i| = max|alpha|}, 0 on the free set.
// `slack` widens the linf clipped set to |alpha_i| >= (1 - slack) max|alpha| (a guess that
// the polishing step then certifies or rejects).
void pattern_into(Penalty pen, const arma::vec& a, double slack, std::vector<signed char>& p) {
  p.resize(a.n_elem);
  switch (pen) {
    case Penalty::kL1:
      for (arma::uword i = 0; i < a.n_elem; ++i) p[i] = a[i] != 0.0 ? (a[i] > 0 ? 1 : -1) : 0;
      return;
    case Penalty::kLinf: {
      const double m = arma::abs(a).max();
      for (arma::uword i = 0; i < a.n_elem; ++i)
        p[i] = m > 0.0 && std::abs(a[i]) >= (1.0 - slack) * m ? (a[i] > 0 ? 1 : -1) : 0;
      return;
    }
    case Penalty::kNone:
      no_penalty("pattern_into");
  }
  enumerator_out_of_range("Penalty", "pattern_into");
}

std::vector<signed char> pattern(Penalty pen, const arma::vec& a, double slack = 0.0) {
  std::vector<signed char> p;
  pattern_into(pen, a, slack, p);
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

// The lower triangle of K_SS into the first |S| columns of the m x m (column-major) system
// w.B, m >= |S|; w.rhs gets size m.
void assemble_lower(const arma::mat& K, const std::vector<arma::uword>& S, arma::uword m, PolishWorkspace& w) {
  w.B.resize(m * m);
  w.rhs.resize(m);
  double* B = w.B.data();
  const arma::uword f = S.size();
  for (arma::uword j = 0; j < f; ++j) {
    const double* kcol = K.colptr(S[j]);
    for (arma::uword i = j; i < f; ++i) B[j * m + i] = kcol[S[i]];  // lower triangle
  }
}

// Solves w.B x = w.rhs (lower triangle of B) in place: w.rhs becomes x. False when B is not
// positive definite.
bool cholesky_solve(PolishWorkspace& w, arma::uword m) {
  const int mi = static_cast<int>(m), one = 1;
  int info = 0;
  lapack::dpotrf("L", &mi, w.B.data(), &mi, &info);
  if (info != 0) return false;
  lapack::dpotrs("L", &mi, &one, w.B.data(), &mi, w.rhs.data(), &mi, &info);
  return info == 0;
}

// l1: S = the support, K_SS a_S = y_S - lambda s_S.
bool polish_l1(const arma::mat& K, const arma::vec& y, double lambda, const std::vector<signed char>& pat,
               PolishWorkspace& w, arma::vec& alpha_out) {
  const arma::uword n = y.n_elem;
  std::vector<arma::uword>& S = w.idx;
  S.clear();
  for (arma::uword i = 0; i < n; ++i)
    if (pat[i] != 0) S.push_back(i);
  const arma::uword f = S.size();
  if (f == 0) return false;
  assemble_lower(K, S, f, w);
  for (arma::uword j = 0; j < f; ++j) w.rhs[j] = y[S[j]] - lambda * pat[S[j]];
  if (!cholesky_solve(w, f)) return false;
  const std::vector<double>& sol = w.rhs;
  arma::vec a(n, arma::fill::zeros);
  for (arma::uword j = 0; j < f; ++j) {
    if (sol[j] * pat[S[j]] <= 0.0) return false;  // a sign flipped: not this pattern
    a[S[j]] = sol[j];
  }
  alpha_out = std::move(a);
  return true;
}

// linf: S = the free set F, unknowns [a_F; m] with P^T K P [a_F; m] = [y_F; s_C^T y_C - lambda].
bool polish_linf(const arma::mat& K, const arma::vec& y, double lambda, const std::vector<signed char>& pat,
                 PolishWorkspace& w, arma::vec& alpha_out) {
  const arma::uword n = y.n_elem;
  std::vector<arma::uword>& S = w.idx;
  S.clear();
  for (arma::uword i = 0; i < n; ++i)
    if (pat[i] == 0) S.push_back(i);
  const arma::uword f = S.size();
  const arma::uword m = f + 1;
  w.sC.zeros(n);
  for (arma::uword i = 0; i < n; ++i) w.sC[i] = pat[i];
  if (arma::accu(arma::abs(w.sC)) == 0.0) return false;
  assemble_lower(K, S, m, w);
  double* B = w.B.data();
  for (arma::uword j = 0; j < f; ++j) w.rhs[j] = y[S[j]];
  symmetric_times(K, w.sC, w.KsC);
  for (arma::uword j = 0; j < f; ++j) B[j * m + f] = w.KsC[S[j]];
  B[f * m + f] = arma::dot(w.sC, w.KsC);
  w.rhs[f] = arma::dot(w.sC, y) - lambda;
  if (!cholesky_solve(w, m)) return false;
  const std::vector<double>& sol = w.rhs;
  const double clip = sol[f];
  if (!(clip > 0.0)) return false;
  arma::vec a = clip * w.sC;
  for (arma::uword j = 0; j < f; ++j) {
    if (!(std::abs(sol[j]) < clip)) return false;  // a free coordinate reached the clip level
    a[S[j]] = sol[j];
  }
  alpha_out = std::move(a);
  return true;
}

bool polish(const arma::mat& K, const arma::vec& y, Penalty pen, double lambda, const std::vector<signed char>& pat,
            PolishWorkspace& w, arma::vec& alpha_out) {
  switch (pen) {
    case Penalty::kL1:
      return polish_l1(K, y, lambda, pat, w, alpha_out);
    case Penalty::kLinf:
      return polish_linf(K, y, lambda, pat, w, alpha_out);
    case Penalty::kNone:
      no_penalty("polish");
  }
  enumerator_out_of_range("Penalty", "polish");
}

ProxResult fista_iterations(const arma::mat& K, double L, const arma::vec& y, Penalty pen, double lambda, long max_iter,
                       double tol, const arma::vec* warm) {
  ProxResult res;
  arma::vec alpha = warm ? *warm : arma::zeros(y.n_elem);
  arma::vec Ka;
  symmetric_times(K, alpha, Ka);
  arma::vec z = alpha, Kz = Ka;
  arma::vec Ka_new, alpha_new, v(y.n_elem);
  std::vector<double> scratch;
  PolishWorkspace work;
  double tk = 1.0;
  const double step = 1.0 / L;
  const arma::uword n = y.n_elem;
  const double max_abs_K = K.empty() ? 0.0 : arma::abs(K).max();
  auto certified = [&](double kkt, const arma::vec& a) { return kkt <= kkt_tolerance(tol, max_abs_K, a); };
  res.kkt = kkt_violation(Ka, y, alpha, pen, lambda);
  long k = 0;
  std::vector<signed char> last_pattern, pat;
  long stable = 0, polish_after = 10;
  while (!certified(res.kkt, alpha) && k < max_iter) {
    ++k;
    if ((k & 255) == 0) progress_pulse();  // a long solve is not silent
    for (arma::uword i = 0; i < n; ++i) v[i] = z[i] + step * (y[i] - Kz[i]);
    prox_into(pen, v, step * lambda, alpha_new, scratch);
    symmetric_times(K, alpha_new, Ka_new);
    // Adaptive restart: drop the momentum when it points against the last step.
    double against = 0.0;
    for (arma::uword i = 0; i < n; ++i) against += (z[i] - alpha_new[i]) * (alpha_new[i] - alpha[i]);
    if (against > 0.0) {
      tk = 1.0;
      z = alpha_new;
      Kz = Ka_new;
    } else {
      const double t_next = 0.5 * (1.0 + std::sqrt(1.0 + 4.0 * tk * tk));
      const double beta = (tk - 1.0) / t_next;
      for (arma::uword i = 0; i < n; ++i) {
        z[i] = alpha_new[i] + beta * (alpha_new[i] - alpha[i]);
        Kz[i] = Ka_new[i] + beta * (Ka_new[i] - Ka[i]);
      }
      tk = t_next;
    }
    alpha.swap(alpha_new);
    Ka.swap(Ka_new);
    res.kkt = kkt_violation(Ka, y, alpha, pen, lambda);
    if (certified(res.kkt, alpha)) break;
    // Polish when the pattern has not changed for `polish_after` iterations; back off
    // geometrically after a failed attempt so that polishing never dominates the cost.
    pattern_into(pen, alpha, 0.0, pat);
    stable = pat == last_pattern ? stable + 1 : 0;
    last_pattern.swap(pat);
    if (stable >= polish_after) {
      bool done = false;
      // The pattern of an iterate is exact only at the optimum; linf also tries it widened.
      std::vector<std::vector<signed char>> guesses = {last_pattern};
      switch (pen) {
        case Penalty::kL1:
          break;
        case Penalty::kLinf:
          for (const double slack : {1e-6, 1e-3}) {
            std::vector<signed char> wider = pattern(pen, alpha, slack);
            if (wider != guesses.back()) guesses.push_back(std::move(wider));  // the same system: no retry
          }
          break;
        case Penalty::kNone:
          no_penalty("fista_iterations");
      }
      for (const auto& guess : guesses) {
        arma::vec polished, Kp;
        if (!polish(K, y, pen, lambda, guess, work, polished)) continue;
        symmetric_times(K, polished, Kp);
        const double v = kkt_violation(Kp, y, polished, pen, lambda);
        if (certified(v, polished)) {
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
  res.converged = certified(res.kkt, alpha);
  res.objective = penalized_objective(Ka, y, alpha, pen, lambda);
  res.alpha = std::move(alpha);
  return res;
}

}  // namespace

ProxResult solve_fista(const arma::mat& K, double L, const arma::vec& y, Penalty pen, double lambda,
                       const FitSettings& s, const arma::vec* warm) {
  if (!(lambda >= 0.0)) throw ConfigError("lambda", "must be >= 0");
  const SingleBlasThread single;
  if (!(L > 0.0)) throw NumericalError("the kernel matrix has no positive eigenvalue");
  return fista_iterations(K, L, y, pen, lambda, s.max_iter_or_default(), s.tol_or_default(), warm);
}

}  // namespace kreg
