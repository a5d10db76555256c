// Event loop of the klinf homotopy; see linf_homotopy.h for the mathematics.
#include "kreg/solvers/linf_homotopy.h"

#include "kreg/core/progress.h"

#include <cmath>

#include "kreg/core/cpu_dispatch.h"
#include "kreg/core/number_text.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/linalg/outside_product.h"
#include "kreg/linalg/updatable_cholesky.h"
#include "kreg/solvers/homotopy_events.h"

namespace kreg {

namespace {

constexpr double kTie = 1e-13;      // candidates this close (relative to lambda) count as "now"
constexpr long kExactEvery = 32;    // events between two points solved afresh (summed steps between)
constexpr double kMonotone = 1e-4;  // relative decrease of m that rounding cannot explain

// The active structure: free indices in factor order, the clipped set with its signs, and
// K P_m = sum over M of s_i K[:, i] (the m column of K P).
class LinfState {
 public:
  LinfState(const arma::mat& K, arma::uword n)
      : K_(K), chol(1e-15), is_free(n, 0), in_m(n, 0), sign(n, arma::fill::zeros), k_m(n, arma::fill::zeros) {}

  const arma::mat& K_;
  UpdatableCholesky chol;
  std::vector<arma::uword> free;
  std::vector<char> is_free, in_m;  // every point is free or clipped
  arma::vec sign, k_m;
  bool has_m_column = false;

  // Appends the m column [K_{F,M} s_M ; s_M^T K_MM s_M] as the factor's last column.
  bool append_m_column() {
    std::vector<double> col(free.size());
    for (std::size_t q = 0; q < free.size(); ++q) col[q] = k_m[free[q]];
    double diag = 0.0;
    for (arma::uword i = 0; i < in_m.size(); ++i)
      if (in_m[i]) diag += sign[i] * k_m[i];
    has_m_column = chol.append(col.data(), diag);
    return has_m_column;
  }
  void drop_m_column() {
    if (has_m_column) chol.remove(chol.size() - 1);
    has_m_column = false;
  }
  // i becomes free (the m column must be dropped first).
  bool append_free(arma::uword i) {
    std::vector<double> col(free.size());
    for (std::size_t q = 0; q < free.size(); ++q) col[q] = K_(free[q], i);
    if (!chol.append(col.data(), K_(i, i))) return false;
    free.push_back(i);
    is_free[i] = 1;
    return true;
  }
  void clip(arma::uword i, double s) {
    in_m[i] = 1;
    sign[i] = s;
    k_m += s * K_.col(i);
  }
  // A fresh factor of G (updates accumulate rounding over many events).
  bool refactor() {
    chol = UpdatableCholesky(1e-15);
    const std::vector<arma::uword> order = free;
    free.clear();
    for (arma::uword i : order)
      if (!append_free(i)) return false;
    return append_m_column();
  }
  std::size_t clipped_count() const {
    std::size_t k = 0;
    for (char v : in_m) k += v != 0;
    return k;
  }
  void unclip(arma::uword i) {
    k_m -= sign[i] * K_.col(i);
    in_m[i] = 0;
    sign[i] = 0.0;
  }
};

// The path cannot go on: the kernel matrix on the active set (free points and the clipped
// points' common column) is numerically singular at `lambda`.
inline void stop_singular(HomotopyResult& out, double lambda) {
  out.stopped = "the kernel matrix on its active set is numerically singular at lambda " + readable_number(lambda);
  out.stopped_singular = true;
}

// The event loop, inlined into a portable and an AVX2 copy (kreg/core/cpu_dispatch.h).
KREG_ALWAYS_INLINE inline HomotopyResult linf_homotopy_body(const arma::mat& K, const arma::vec& y,
                                                            const std::vector<double>& lambdas, long max_events) {
  const arma::uword n = y.n_elem;
  HomotopyResult out;
  out.alpha.resize(lambdas.size());
  out.events_at.assign(lambdas.size(), 0);
  arma::vec alpha(n, arma::fill::zeros), c = y;
  double lambda = arma::accu(arma::abs(y)), m = 0.0;
  std::size_t g = 0;
  auto record_down_to = [&](double level) {
    for (; g < lambdas.size() && lambdas[g] >= level; ++g) {
      out.alpha[g] = alpha;
      out.events_at[g] = out.events;
    }
  };
  record_down_to(lambda);
  if (g == lambdas.size() || lambda == 0.0) {
    while (g < lambdas.size()) out.alpha[g++] = alpha;
    out.reached = g;
    return out;
  }

  LinfState st(K, n);
  for (arma::uword i = 0; i < n; ++i)
    if (y[i] != 0.0) st.clip(i, y[i] > 0.0 ? 1.0 : -1.0);
  bool ok = true;
  for (arma::uword i = 0; i < n && ok; ++i)
    if (y[i] == 0.0) ok = st.append_free(i);
  ok = ok && st.append_m_column();
  if (!ok) {
    out.stopped = "the kernel matrix is singular on the starting set";
    out.stopped_singular = true;
    out.reached = g;
    return out;
  }

  std::vector<double> rhs, d;
  arma::vec a(n);
  arma::uword last_unclipped = n, last_clipped = n;
  long events_at_refactor = -1;
  HomotopyEvents events(max_events, static_cast<long>(n));
  OutsideProduct product;
  long since_exact = 0;
  // z = (alpha_F, m) = G^{-1} (P^T y - lambda e_m) solved afresh, alpha_M = m s_M, and the
  // correlations from alpha: c_F = 0 (the optimality conditions), c_M = y_M - m k_m - K_{M,F} alpha_F.
  arma::vec Ka;
  std::vector<double> correction;
  auto exact_point = [&](bool refine) {
    const std::size_t q_free = st.free.size();
    rhs.resize(q_free + 1);
    d.resize(q_free + 1);
    for (std::size_t q = 0; q < q_free; ++q) rhs[q] = y[st.free[q]];
    rhs[q_free] = -lambda;
    for (arma::uword i = 0; i < n; ++i)
      if (st.in_m[i]) rhs[q_free] += st.sign[i] * y[i];
    st.chol.solve(rhs.data(), d.data());
    for (std::size_t q = 0; q < q_free; ++q) alpha[st.free[q]] = d[q];
    m = d[q_free];
    for (arma::uword i = 0; i < n; ++i)
      if (st.in_m[i]) alpha[i] = st.sign[i] * m;
    if (refine) {
      // One step of iterative refinement against the rounding of the updated factor: the
      // residual of G z = P^T y - lambda e_m is P^T (y - K alpha) - lambda e_m = (c_F, s_M^T c_M - lambda).
      symmetric_times(K, alpha, Ka);
      for (std::size_t q = 0; q < q_free; ++q) rhs[q] = y[st.free[q]] - Ka[st.free[q]];
      rhs[q_free] = -lambda;
      for (arma::uword i = 0; i < n; ++i)
        if (st.in_m[i]) rhs[q_free] += st.sign[i] * (y[i] - Ka[i]);
      correction.resize(q_free + 1);
      st.chol.solve(rhs.data(), correction.data());
      for (std::size_t q = 0; q <= q_free; ++q) d[q] += correction[q];
      for (std::size_t q = 0; q < q_free; ++q) alpha[st.free[q]] = d[q];
      m = d[q_free];
    }
    product.compute(K, st.free, st.is_free, d.data(), c.memptr());
    for (arma::uword i = 0; i < n; ++i) {
      if (st.is_free[i]) {
        c[i] = 0.0;
      } else {
        alpha[i] = st.sign[i] * m;
        c[i] = y[i] - m * st.k_m[i] - c[i];
      }
    }
    since_exact = 0;
  };
  for (;;) {
    if ((out.events & 15) == 0) progress_pulse();  // a long path is not silent
    const std::size_t q_free = st.free.size();
    d.resize(q_free + 1);
    st.chol.solve_last_unit(d.data());  // G d = e_m
    const double dm = d[q_free];
    product.compute(K, st.free, st.is_free, d.data(), a.memptr());  // a_M = K_{M,F} d_F (+ dm k_m below)
    for (arma::uword i = 0; i < n; ++i)
      if (!st.is_free[i]) a[i] += dm * st.k_m[i];

    const double to_grid = lambda - lambdas[g];
    double step = to_grid;
    enum class Event { kGrid, kClip, kFree } event = Event::kGrid;
    arma::uword who = 0;
    double clip_sign = 0.0;
    for (std::size_t q = 0; q < q_free; ++q) {  // a free alpha_i reaches +-m
      const arma::uword i = st.free[q];
      for (const double side : {1.0, -1.0}) {
        const double rate = side * d[q] - dm;  // side * alpha_i - m shrinks the gap at this rate
        if (rate <= 0.0) continue;
        const double at = std::max(0.0, m - side * alpha[i]) / rate;
        if (i == last_unclipped && at <= kTie * lambda) continue;  // just freed: not straight back
        if (at < step) step = at, event = Event::kClip, who = i, clip_sign = side;
      }
    }
    for (arma::uword i = 0; i < n; ++i) {  // s_i c_i of a clipped i reaches 0
      if (!st.in_m[i]) continue;
      const double rate = st.sign[i] * a[i];
      if (rate <= 0.0) continue;
      const double at = std::max(0.0, st.sign[i] * c[i]) / rate;
      if (i == last_clipped && at <= kTie * lambda) continue;
      if (at < step) step = at, event = Event::kFree, who = i;
    }
    step = std::max(0.0, std::min(step, to_grid));
    // The last clipped point cannot leave while lambda > 0 (s_M^T c_M = lambda): the direction
    // is off by rounding in the updated factor. Refactor once and recompute it.
    if (event == Event::kFree && st.clipped_count() == 1) {
      if (events_at_refactor == out.events || !st.refactor()) {
        stop_singular(out, lambda);
        break;
      }
      events_at_refactor = out.events;
      continue;
    }

    // Move to the event. The path is linear in lambda between events: z += step d, so
    // alpha_F += step d_F, m += step dm, and c_M -= step a_M. At grid values, and every
    // kExactEvery events against the drift of summed steps, the point is solved afresh instead.
    const double lambda_before = lambda, m_before = m;
    const arma::vec alpha_before = alpha;
    lambda = event == Event::kGrid ? lambdas[g] : lambda - step;
    if (event == Event::kGrid || ++since_exact >= kExactEvery) {
      exact_point(event == Event::kGrid);  // a recorded point is refined
    } else {
      for (std::size_t q = 0; q < q_free; ++q) alpha[st.free[q]] += step * d[q];
      m += step * dm;
      for (arma::uword i = 0; i < n; ++i) {
        if (st.is_free[i]) {
          c[i] = 0.0;
        } else {
          alpha[i] = st.sign[i] * m;
          c[i] -= step * a[i];
        }
      }
    }
    // m = ||alpha||_inf never decreases as lambda does (the penalty of a penalised minimiser
    // is nonincreasing in lambda): a smaller m is the solve of a numerically singular G, after
    // which events of zero length cycle. Stop at the last point that was solved.
    if (m < m_before * (1.0 - kMonotone)) {
      alpha = alpha_before;
      lambda = lambda_before;
      stop_singular(out, lambda_before);
      break;
    }

    if (event == Event::kGrid) {
      record_down_to(lambda);
      if (g == lambdas.size()) break;
      continue;
    }
    if (!events.count(step, lambda, kTie, out)) break;
    last_unclipped = last_clipped = n;
    st.drop_m_column();
    if (event == Event::kClip) {
      std::size_t pos = 0;
      while (st.free[pos] != who) ++pos;
      st.chol.remove(pos);
      st.free.erase(st.free.begin() + static_cast<long>(pos));
      st.is_free[who] = 0;
      st.clip(who, clip_sign);
      c -= (clip_sign * m - alpha[who]) * K.col(who);  // alpha_who (+-m up to rounding) becomes exactly +-m
      alpha[who] = clip_sign * m;
      last_clipped = who;
    } else {
      st.unclip(who);  // alpha and c stay as they are: who keeps alpha_who = s m, now as a free value
      if (!st.append_free(who)) {
        out.stopped = "the kernel matrix on its active set (" + std::to_string(q_free + 1) +
                      " points below the largest |alpha|) is numerically singular at lambda " + readable_number(lambda);
        out.stopped_singular = true;
        break;
      }
      last_unclipped = who;
    }
    if (!st.append_m_column() && !st.refactor()) {
      stop_singular(out, lambda);
      break;
    }
  }
  out.reached = g;
  if (g < lambdas.size()) {
    out.alpha_at_stop = alpha;
    out.lambda_at_stop = lambda;
  }
  return out;
}

#if KREG_DISPATCH
KREG_AVX2 HomotopyResult linf_homotopy_avx2(const arma::mat& K, const arma::vec& y, const std::vector<double>& lambdas,
                                            long max_events) {
  return linf_homotopy_body(K, y, lambdas, max_events);
}
#endif

}  // namespace

HomotopyResult linf_homotopy(const arma::mat& K, const arma::vec& y, const std::vector<double>& lambdas,
                             long max_events) {
  KREG_DISPATCH_RETURN(linf_homotopy_body, linf_homotopy_avx2, (K, y, lambdas, max_events));
}

}  // namespace kreg
