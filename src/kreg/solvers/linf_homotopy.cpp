// Event loop of the klinf homotopy; see linf_homotopy.h for the mathematics.
#include "kreg/solvers/linf_homotopy.h"

#include "kreg/core/progress.h"

#include <cmath>
#include <functional>

#include "kreg/core/cpu_dispatch.h"
#include "kreg/core/number_text.h"
#include "kreg/linalg/complement_system.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/linalg/outside_product.h"
#include "kreg/linalg/updatable_cholesky.h"
#include "kreg/solvers/homotopy_events.h"

namespace kreg {

namespace {

constexpr double kTie = 1e-13;      // candidates this close (relative to lambda) count as "now"
constexpr long kRefreshEvery = 32;  // events between two fresh forward halves (u_free)
constexpr double kMonotone = 1e-4;  // relative decrease of m that rounding cannot explain
// The relative precision of an event's lambda, where the gaps that place it are small
// differences of coefficients far larger than they are (about sqrt(machine epsilon)).
constexpr double kEventLambda = 1e-8;

// The active structure: free indices in factor order, the clipped set with its signs, and
// K P_m = sum over M of s_i K[:, i] (the m column of K P).
class LinfState {
 public:
  LinfState(const arma::mat& K, const arma::vec& y)
      : K_(K),
        y_(y),
        chol(1e-15),
        is_free(y.n_elem, 0),
        in_m(y.n_elem, 0),
        sign(y.n_elem, arma::fill::zeros),
        k_m(y.n_elem, arma::fill::zeros) {}

  const arma::mat& K_;
  const arma::vec& y_;
  UpdatableCholesky chol;
  std::vector<arma::uword> free;
  // The forward half of the free block's solve, L_FF u_free = y_F, carried through the updates
  // (appends add an entry, removals rotate it with the factor) and renewed by refresh_forward.
  std::vector<double> u_free;
  std::vector<char> is_free, in_m;  // every point is free or clipped
  arma::vec sign, k_m;
  bool has_m_column = false;
  // The late phase: the clipped set M, small, is the complement of a ComplementSystem (G = K^{-1}
  // and a factor of G_MM); the factor of P^T K P, the carried u_free and k_m are then not kept.
  bool late = false;
  ComplementSystem late_system;

  // Enters the late phase if K is well enough conditioned; false (nothing changed) if not.
  // `release` frees the caller's share (the outside product's copy of K) with this state's.
  // Stays false when G_II is not positive definite after all (released, then, is true).
  bool enter_late(double min_rcond, const std::function<void()>& release_outside, bool& released) {
    std::vector<arma::uword> M;
    for (arma::uword i = 0; i < in_m.size(); ++i)
      if (in_m[i]) M.push_back(i);
    released = false;
    auto release = [&] {
      chol = UpdatableCholesky();
      u_free.clear();
      has_m_column = false;
      release_outside();
      released = true;
    };
    if (!late_system.start(K_, min_rcond, release) || !late_system.reset(M)) {
      late_system = ComplementSystem();
      return false;
    }
    late = true;
    return true;
  }

  // Appends the m column [K_{F,M} s_M ; s_M^T K_MM s_M] as the factor's last column.
  bool append_m_column() {
    if (late) return true;
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
    if (late) {
      free.push_back(i);
      is_free[i] = 1;
      return true;
    }
    std::vector<double> col(free.size());
    for (std::size_t q = 0; q < free.size(); ++q) col[q] = K_(free[q], i);
    if (!chol.append(col.data(), K_(i, i))) return false;
    u_free.push_back(chol.forward_last(u_free, y_[i]));
    free.push_back(i);
    is_free[i] = 1;
    return true;
  }
  // The free point at position pos of the factor is clipped or leaves (the m column must be
  // dropped first).
  void remove_free(std::size_t pos) {
    if (!late) chol.remove(pos, &u_free);
    is_free[free[pos]] = 0;
    free.erase(free.begin() + static_cast<long>(pos));
  }
  // u_free solved afresh (the m column, last in the factor, does not enter the free rows).
  void refresh_forward() {
    if (late) return;
    std::vector<double> b(chol.size(), 0.0), u(chol.size());
    for (std::size_t q = 0; q < free.size(); ++q) b[q] = y_[free[q]];
    chol.forward_solve(b.data(), u.data());
    u_free.assign(u.begin(), u.begin() + static_cast<long>(free.size()));
  }
  bool clip(arma::uword i, double s) {
    if (late && !late_system.add(i)) return false;
    in_m[i] = 1;
    sign[i] = s;
    if (!late) k_m += s * K_.col(i);
    return true;
  }
  // A fresh factor of G (updates accumulate rounding over many events).
  bool refactor() {
    if (late) return late_system.reset(std::vector<arma::uword>(late_system.complement()));
    chol = UpdatableCholesky(1e-15);
    const std::vector<arma::uword> order = free;
    free.clear();
    u_free.clear();
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
    if (late)
      late_system.remove(i);
    else
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
                                                            const std::vector<double>& lambdas, long max_events,
                                                            const LatePhase& late_phase_rule) {
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

  LinfState st(K, y);
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

  std::vector<double> rhs, z, d, forward;
  arma::vec a(n);
  arma::uword last_unclipped = n, last_clipped = n;
  long events_at_refactor = -1, events_at_refresh = 0;
  HomotopyEvents events(max_events, static_cast<long>(n));
  OutsideProduct product;
  bool late_tried = false;
  // The current structure's point at lambda, solved afresh from the factor of G:
  //   z = (alpha_F, m) = G^{-1} (P^T y - lambda e_m),  d = G^{-1} e_m,  alpha_M = m s_M,
  // and on the clipped rows the correlations c_M = y_M - K_{M,F} alpha_F - m k_m and their rates
  // a_M = K_{M,F} d_F + d_m k_m (c_M falls by delta a_M as lambda does by delta; c_F = 0).
  // Solved afresh at every event rather than moved on from the point where the previous
  // structure met the event: that point is the new structure's only up to the event's
  // rounding, and on a flat kernel (a large bandwidth) moving on from it amplifies the mismatch
  // from event to event until the set is wrong (a free |alpha_i| above m, a clipped point's
  // multiplier below 0) and the path stops hundreds of events early.
  arma::vec Ka, Kz(n), Kd(n);
  std::vector<double> correction;
  // In the late phase, with G = K^{-1} and v = G y: K alpha = y - c with c supported on M, so
  // alpha = v - G_{:,M} c_M, and alpha_M = m s_M gives c_M = G_MM^{-1} (v_M - m s_M) = p - m q
  // (p = G_MM^{-1} v_M, q = G_MM^{-1} s_M); s_M^T c_M = lambda then fixes
  //   m = (s_M^T p - lambda) dm,  dm = 1 / s_M^T q,  a_M = dm q,  d_F = (G_{:,M} a_M)_F:
  // two solves with the small factor of G_MM and two passes over |M| columns of G, O(n |M|).
  // With `refine` (grid values), one step of iterative refinement against the rounding of G: the
  // same solve with v replaced by alpha + G (y - K alpha), which is v for an exact G.
  arma::vec v_late, p_late, q_late, c_late, a_late, alpha_late, d_late, v_refined, Ka_late;
  auto solve_point_late = [&](const arma::vec& v_source) {
    const std::vector<arma::uword>& M = st.late_system.complement();
    const std::size_t k = M.size(), q_free = st.free.size();
    arma::vec vM(k), sM(k);
    for (std::size_t j = 0; j < k; ++j) {
      vM[j] = v_source[M[j]];
      sM[j] = st.sign[M[j]];
    }
    p_late.set_size(k);
    q_late.set_size(k);
    st.late_system.solve_small(vM.memptr(), p_late.memptr());
    st.late_system.solve_small(sM.memptr(), q_late.memptr());
    const double dm = 1.0 / arma::dot(sM, q_late);
    m = (arma::dot(sM, p_late) - lambda) * dm;
    c_late = p_late - m * q_late;
    a_late = dm * q_late;
    alpha_late = v_source;
    const arma::vec minus_c = -c_late;
    d_late.zeros(n);
    st.late_system.add_columns_pair(minus_c.memptr(), a_late.memptr(), alpha_late.memptr(), d_late.memptr());
    z.resize(q_free + 1);
    d.resize(q_free + 1);
    for (std::size_t q = 0; q < q_free; ++q) {
      z[q] = alpha_late[st.free[q]];
      d[q] = d_late[st.free[q]];
      alpha[st.free[q]] = z[q];
      c[st.free[q]] = 0.0;
    }
    z[q_free] = m;
    d[q_free] = dm;
    for (std::size_t j = 0; j < k; ++j) {
      alpha[M[j]] = st.sign[M[j]] * m;
      c[M[j]] = c_late[j];
      a[M[j]] = a_late[j];
    }
  };
  auto solve_point = [&](bool refine) {
    if (st.late) {
      solve_point_late(v_late);
      if (refine) {
        symmetric_times(K, alpha, Ka_late);
        symmetric_times(st.late_system.inverse(), arma::vec(y - Ka_late), v_refined);
        v_refined += alpha;
        solve_point_late(v_refined);
      }
      return;
    }
    const std::size_t q_free = st.free.size();
    rhs.resize(q_free + 1);
    z.resize(q_free + 1);
    d.resize(q_free + 1);
    for (std::size_t q = 0; q < q_free; ++q) rhs[q] = y[st.free[q]];
    rhs[q_free] = -lambda;
    for (arma::uword i = 0; i < n; ++i)
      if (st.in_m[i]) rhs[q_free] += st.sign[i] * y[i];
    // z = G^{-1} r by its two halves: L u = r (u_free carried, its last entry from the m row)
    // and L^T z = u; d = G^{-1} e_m by the back half alone (L^T d = e_m / L_mm).
    forward.assign(st.u_free.begin(), st.u_free.end());
    forward.push_back(st.chol.forward_last(st.u_free, rhs[q_free]));
    st.chol.back_solve(forward.data(), z.data());
    st.chol.solve_last_unit(d.data());
    if (refine) {
      // One step of iterative refinement against the rounding of the updated factor: the
      // residual of G z = P^T y - lambda e_m is P^T (y - K alpha) - lambda e_m = (c_F, s_M^T c_M - lambda).
      for (std::size_t q = 0; q < q_free; ++q) alpha[st.free[q]] = z[q];
      for (arma::uword i = 0; i < n; ++i)
        if (st.in_m[i]) alpha[i] = st.sign[i] * z[q_free];
      symmetric_times(K, alpha, Ka);
      for (std::size_t q = 0; q < q_free; ++q) rhs[q] = y[st.free[q]] - Ka[st.free[q]];
      rhs[q_free] = -lambda;
      for (arma::uword i = 0; i < n; ++i)
        if (st.in_m[i]) rhs[q_free] += st.sign[i] * (y[i] - Ka[i]);
      correction.resize(q_free + 1);
      st.chol.solve(rhs.data(), correction.data());
      for (std::size_t q = 0; q <= q_free; ++q) z[q] += correction[q];
    }
    m = z[q_free];
    for (std::size_t q = 0; q < q_free; ++q) alpha[st.free[q]] = z[q];
    product.compute_pair(K, st.free, st.is_free, z.data(), d.data(), Kz.memptr(), Kd.memptr());
    const double dm = d[q_free];
    for (arma::uword i = 0; i < n; ++i) {
      if (st.is_free[i]) {
        c[i] = 0.0;
      } else {
        alpha[i] = st.sign[i] * m;
        c[i] = y[i] - m * st.k_m[i] - Kz[i];
        a[i] = Kd[i] + dm * st.k_m[i];
      }
    }
  };
  // Where the last event left the path: m there (the penalty never falls as lambda does) and
  // the previous structure's point, kept for a stop.
  double m_at_event = 0.0, dm_at_event = 0.0, lambda_at_event = lambda;
  arma::vec alpha_at_event = alpha;
  for (;;) {
    if ((out.events & 15) == 0) progress_pulse();  // a long path is not silent
    if (!late_tried && n >= late_phase_rule.min_rows &&
        static_cast<double>(st.clipped_count()) <= late_phase_rule.set_fraction * static_cast<double>(n)) {
      late_tried = true;
      st.drop_m_column();
      bool released = false;
      if (st.enter_late(late_phase_rule.min_rcond, [&] { product = OutsideProduct(); }, released)) {
        out.late_from = out.events;
        v_late = st.late_system.inverse() * y;
      } else if (released) {  // K's rcond passed but G_MM is not positive definite
        stop_singular(out, lambda);
        break;
      } else if (!st.append_m_column() && !st.refactor()) {
        stop_singular(out, lambda);
        break;
      }
    }
    if (out.events % kRefreshEvery == 0 && out.events != events_at_refresh) {
      st.refresh_forward();  // against the drift of the carried u_free
      events_at_refresh = out.events;
    }
    solve_point(false);
    const std::size_t q_free = st.free.size();
    const double dm = d[q_free];
    // m = ||alpha||_inf never decreases as lambda does (the penalty of a penalised minimiser
    // is nonincreasing in lambda): the new structure's m below the old one's at the same lambda,
    // by more than the event's lambda known to kEventLambda explains, is the solve of a
    // numerically singular G, after which events of zero length cycle. Stop at the last point
    // that was solved.
    const double explained = kMonotone * m_at_event + kEventLambda * lambda * std::max(dm, dm_at_event);
    if (m_at_event > 0.0 && m < m_at_event - explained) {
      alpha = alpha_at_event;
      lambda = lambda_at_event;
      stop_singular(out, lambda);
      break;
    }

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
    // is off by rounding in the updated factor. Refactor once and solve again.
    if (event == Event::kFree && st.clipped_count() == 1) {
      if (events_at_refactor == out.events || !st.refactor()) {
        stop_singular(out, lambda);
        break;
      }
      events_at_refactor = out.events;
      continue;
    }

    if (event == Event::kGrid) {
      lambda = lambdas[g];
      solve_point(true);  // a recorded point is refined
      record_down_to(lambda);
      if (g == lambdas.size()) break;
      m_at_event = 0.0;  // the structure is the same: nothing to compare
      continue;
    }
    // The path is linear in lambda between events: the point at the event is z + step d.
    lambda -= step;
    m += step * dm;
    dm_at_event = dm;
    for (std::size_t q = 0; q < q_free; ++q) alpha[st.free[q]] += step * d[q];
    for (arma::uword i = 0; i < n; ++i)
      if (st.in_m[i]) alpha[i] = st.sign[i] * m;
    m_at_event = m;
    lambda_at_event = lambda;
    alpha_at_event = alpha;
    if (!events.count(step, lambda, kTie, out)) break;
    last_unclipped = last_clipped = n;
    st.drop_m_column();
    if (event == Event::kClip) {
      std::size_t pos = 0;
      while (st.free[pos] != who) ++pos;
      st.remove_free(pos);
      if (!st.clip(who, clip_sign)) {
        stop_singular(out, lambda);
        break;
      }
      last_clipped = who;
    } else {
      st.unclip(who);
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
                                            long max_events, const LatePhase& late) {
  return linf_homotopy_body(K, y, lambdas, max_events, late);
}
#endif

}  // namespace

HomotopyResult linf_homotopy(const arma::mat& K, const arma::vec& y, const std::vector<double>& lambdas,
                             long max_events, const LatePhase& late) {
  KREG_DISPATCH_RETURN(linf_homotopy_body, linf_homotopy_avx2, (K, y, lambdas, max_events, late));
}

}  // namespace kreg
