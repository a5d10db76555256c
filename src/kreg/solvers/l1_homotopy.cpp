// Event loop of the kl1 homotopy; see l1_homotopy.h for the mathematics.
#include "kreg/solvers/l1_homotopy.h"

#include "kreg/core/progress.h"

#include <cmath>
#include <limits>

#include "kreg/core/cpu_dispatch.h"
#include "kreg/core/number_text.h"
#include "kreg/linalg/column_sums.h"
#include "kreg/linalg/complement_system.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/linalg/outside_product.h"
#include "kreg/linalg/updatable_cholesky.h"
#include "kreg/solvers/homotopy_events.h"

namespace kreg {

namespace {

// Candidates closer than this (relative to lambda) to the current point count as "now".
constexpr double kTie = 1e-13;
// Events between two points solved afresh (between them the point moves by summed steps).
constexpr long kExactEvery = 32;
// Events between two fresh products u = G s~ and v = G y~ of the late phase.
constexpr long kLateRefreshEvery = 512;

struct Active {
  std::vector<arma::uword> index;  // A, in insertion order (= order of the Cholesky factor)
  std::vector<double> sign;        // s_A
  std::vector<char> member;        // member[i]: i in A
};

// The event loop, inlined into a portable and an AVX2 copy (kreg/core/cpu_dispatch.h).
KREG_ALWAYS_INLINE inline HomotopyResult l1_homotopy_body(const arma::mat& K, const arma::vec& y,
                                                          const std::vector<double>& lambdas, long max_events,
                                                          const LatePhase& late_phase_rule) {
  const arma::uword n = y.n_elem;
  HomotopyResult out;
  out.alpha.resize(lambdas.size());
  out.events_at.assign(lambdas.size(), 0);
  arma::vec alpha(n, arma::fill::zeros), c = y;
  double lambda = n > 0 ? arma::abs(y).max() : 0.0;
  std::size_t g = 0;
  auto record_down_to = [&](double level) {  // grid values >= level share the current alpha
    for (; g < lambdas.size() && lambdas[g] >= level; ++g) {
      out.alpha[g] = alpha;
      out.events_at[g] = out.events;
    }
  };
  record_down_to(lambda);
  if (g == lambdas.size() || lambda == 0.0) {
    while (g < lambdas.size()) out.alpha[g++] = alpha;  // y = 0: alpha = 0 for every lambda
    out.reached = g;
    return out;
  }

  Active A;
  A.member.assign(n, 0);
  UpdatableCholesky chol;
  std::vector<double> column, d, rhs;
  std::vector<double> z;  // L z = s_A (L L^T = K_AA): d = K_AA^{-1} s_A is one back substitution
  arma::vec a(n);
  // The late phase: once the inactive set I is small (most points active), K_AA's solves go
  // through G = K^{-1} and a factor of G_II (kreg/linalg/complement_system.h) instead of the
  // factor of K_AA, which is then released: with u = G s~ and v = G y~ (s~, y~ = s_A, y_A on A
  // and 0 on I, each event adding or removing one column of G), the direction is x = K_AA^{-1} s_A
  // from r = u, with a_I = K_IA d_A = w_I, and the point from r = v - lambda u, with
  // c_I = y_I - w_I. An event costs O(n |I|) instead of O(|A|^2 + |A| |I|).
  ComplementSystem late;
  bool late_phase = false, late_tried = false;
  long late_refreshed = 0;
  arma::vec u, v, x_late, r_late, Ka_late;
  std::vector<double> r_small, w_small;
  // x = K_AA^{-1} b_A (rows A of x) and w_I = K_IA x_A (by complement order) from r = G b~.
  auto late_solve = [&](const arma::vec& r) {
    const std::vector<arma::uword>& I = late.complement();
    r_small.resize(I.size());
    w_small.resize(I.size());
    for (std::size_t k = 0; k < I.size(); ++k) r_small[k] = -r[I[k]];
    late.solve_small(r_small.data(), w_small.data());
    x_late = r;
    late.add_columns(w_small.data(), x_late.memptr());
  };
  auto late_refresh = [&]() {  // u and v afresh (their per-event updates accumulate rounding)
    arma::mat B(n, 2, arma::fill::zeros);
    for (std::size_t q = 0; q < A.index.size(); ++q) {
      B(A.index[q], 0) = A.sign[q];
      B(A.index[q], 1) = y[A.index[q]];
    }
    const arma::mat UV = late.inverse() * B;
    u = UV.col(0);
    v = UV.col(1);
    late_refreshed = out.events;
  };
  auto late_move = [&](arma::uword i, double weight_sign, double weight_y) {  // u += ws G_i, v += wy G_i
    const double* g = late.inverse().colptr(i);
    add_scaled(n, weight_sign, g, u.memptr());
    add_scaled(n, weight_y, g, v.memptr());
  };
  auto join = [&](arma::uword i) {
    if (late_phase) {
      A.index.push_back(i);
      A.sign.push_back(c[i] >= 0.0 ? 1.0 : -1.0);
      A.member[i] = 1;
      late.remove(i);
      late_move(i, A.sign.back(), y[i]);
      return true;
    }
    column.resize(A.index.size());
    for (std::size_t q = 0; q < A.index.size(); ++q) column[q] = K(A.index[q], i);
    if (!chol.append(column.data(), K(i, i))) return false;
    A.index.push_back(i);
    A.sign.push_back(c[i] >= 0.0 ? 1.0 : -1.0);
    A.member[i] = 1;
    z.push_back(chol.forward_last(z, A.sign.back()));
    return true;
  };
  const arma::uword first = arma::abs(y).index_max();
  if (!join(first)) {
    out.stopped = "the kernel matrix has a zero diagonal entry";
    out.stopped_singular = true;
    out.reached = g;
    return out;
  }

  arma::uword last_removed = n, last_added = first;
  HomotopyEvents events(max_events, static_cast<long>(n));
  OutsideProduct product;
  long since_exact = 0;
  // alpha_A = K_AA^{-1} (y_A - lambda s_A) solved afresh, and c from it: c_A = lambda s_A (the
  // optimality conditions) and c_I = y_I - K_{I,A} alpha_A.
  // `refine` (grid values, late phase): one step of iterative refinement against the rounding of
  // G, alpha_A += K_AA^{-1} rho_A with rho_A = y_A - lambda s_A - (K alpha)_A, through G as well.
  auto exact_point = [&](bool refine) {
    const std::size_t m = A.index.size();
    if (late_phase) {
      r_late = v - lambda * u;
      late_solve(r_late);
      const std::vector<arma::uword>& I = late.complement();
      for (std::size_t q = 0; q < m; ++q) {
        alpha[A.index[q]] = x_late[A.index[q]];
        c[A.index[q]] = lambda * A.sign[q];
      }
      for (std::size_t k = 0; k < I.size(); ++k) c[I[k]] = y[I[k]] - w_small[k];
      if (refine) {
        symmetric_times(K, alpha, Ka_late);
        arma::vec rho(n, arma::fill::zeros);
        for (std::size_t q = 0; q < m; ++q) {
          const arma::uword i = A.index[q];
          rho[i] = y[i] - lambda * A.sign[q] - Ka_late[i];
        }
        symmetric_times(late.inverse(), rho, r_late);
        late_solve(r_late);
        for (std::size_t q = 0; q < m; ++q) alpha[A.index[q]] += x_late[A.index[q]];
        for (std::size_t k = 0; k < I.size(); ++k) c[I[k]] = y[I[k]] - Ka_late[I[k]] - w_small[k];
      }
      since_exact = 0;
      return;
    }
    rhs.resize(m);
    d.resize(m);
    for (std::size_t q = 0; q < m; ++q) rhs[q] = y[A.index[q]] - lambda * A.sign[q];
    chol.solve(rhs.data(), d.data());
    for (std::size_t q = 0; q < m; ++q) alpha[A.index[q]] = d[q];
    product.compute(K, A.index, A.member, d.data(), c.memptr());
    for (arma::uword i = 0; i < n; ++i)
      if (!A.member[i]) c[i] = y[i] - c[i];
    for (std::size_t q = 0; q < m; ++q) c[A.index[q]] = lambda * A.sign[q];
    chol.forward_solve(A.sign.data(), z.data());  // z afresh too (it is updated per event)
    since_exact = 0;
  };
  for (;;) {
    if ((out.events & 15) == 0) progress_pulse();  // a long path is not silent
    if (!late_tried && n >= late_phase_rule.min_rows &&
        static_cast<double>(n - A.index.size()) <= late_phase_rule.set_fraction * static_cast<double>(n)) {
      late_tried = true;
      std::vector<arma::uword> I;
      for (arma::uword i = 0; i < n; ++i)
        if (!A.member[i]) I.push_back(i);
      bool released = false;
      auto release = [&] {  // the active block's factor and the product's copy of K
        chol = UpdatableCholesky();
        product = OutsideProduct();
        z.clear();
        released = true;
      };
      if (late.start(K, late_phase_rule.min_rcond, release) && late.reset(I)) {
        late_phase = true;
        out.late_from = out.events;
        late_refresh();
        exact_point(false);
      } else if (released) {  // G_II not positive definite (K's rcond passed): the path cannot go on
        out.stopped = "the inverse kernel matrix on the " + std::to_string(I.size()) +
                      " inactive points is numerically singular at lambda " + readable_number(lambda);
        out.stopped_singular = true;
        break;
      } else {
        late = ComplementSystem();
      }
    }
    const std::size_t m = A.index.size();
    d.resize(m);
    if (late_phase) {
      if (out.events - late_refreshed >= kLateRefreshEvery) late_refresh();
      late_solve(u);
      for (std::size_t q = 0; q < m; ++q) d[q] = x_late[A.index[q]];
      const std::vector<arma::uword>& I = late.complement();
      for (std::size_t k = 0; k < I.size(); ++k) a[I[k]] = w_small[k];
    } else {
      chol.back_solve(z.data(), d.data());
      product.compute(K, A.index, A.member, d.data(), a.memptr());  // a_I = K_{I,A} d (a_A = s_A is not needed)
    }

    // The nearest event below lambda: the next grid value, a join or a leave.
    const double to_grid = lambda - lambdas[g];
    double step = to_grid;
    enum class Event { kGrid, kJoin, kLeave } event = Event::kGrid;
    arma::uword who = 0;
    for (std::size_t q = 0; q < m; ++q) {
      const arma::uword j = A.index[q];
      // A point that joined at a tie (several |c_i| = lambda at once) with a direction against
      // its sign cannot stay active: it leaves at once.
      const bool wrong_way = alpha[j] == 0.0 && d[q] * A.sign[q] < 0.0;
      if (!wrong_way && (d[q] == 0.0 || alpha[j] * d[q] >= 0.0)) continue;  // |alpha_j| grows
      const double at = wrong_way ? 0.0 : -alpha[j] / d[q];
      if (j == last_added && at <= kTie * lambda && !wrong_way) continue;  // just joined: not straight out
      if (at < step) step = at, event = Event::kLeave, who = j;
    }
    for (arma::uword i = 0; i < n; ++i) {
      if (A.member[i]) continue;
      for (const double side : {1.0, -1.0}) {  // c_i - delta a_i = side (lambda - delta)
        const double rate = 1.0 - side * a[i];
        if (rate <= 0.0) continue;
        const double at = std::max(0.0, lambda - side * c[i]) / rate;
        if (i == last_removed && at <= kTie * lambda) continue;  // just left: not straight back
        if (at < step) step = at, event = Event::kJoin, who = i;
      }
    }
    step = std::max(0.0, std::min(step, to_grid));

    // Move to the event. The path is linear in lambda between events: alpha_A += step d and
    // c_I -= step a_I. At grid values, and every kExactEvery events against the drift of
    // summed steps, the point is solved afresh instead.
    lambda = event == Event::kGrid ? lambdas[g] : lambda - step;
    if (event == Event::kGrid || ++since_exact >= kExactEvery) {
      if (late_phase && event == Event::kGrid) late_refresh();
      exact_point(event == Event::kGrid);
    } else {
      for (std::size_t q = 0; q < m; ++q) alpha[A.index[q]] += step * d[q];
      for (arma::uword i = 0; i < n; ++i)
        if (!A.member[i]) c[i] -= step * a[i];
      for (std::size_t q = 0; q < m; ++q) c[A.index[q]] = lambda * A.sign[q];
    }

    if (event == Event::kGrid) {
      record_down_to(lambda);
      if (g == lambdas.size()) break;
      continue;
    }
    if (!events.count(step, lambda, kTie, out)) break;
    last_removed = n;
    if (event == Event::kLeave) {
      std::size_t pos = 0;
      while (A.index[pos] != who) ++pos;
      c += alpha[who] * K.col(who);  // alpha_who (zero up to rounding) becomes exactly 0
      alpha[who] = 0.0;
      if (late_phase) {
        if (!late.add(who)) {
          out.stopped = "the inverse kernel matrix on the " + std::to_string(n - m + 1) +
                        " inactive points is numerically singular at lambda " + readable_number(lambda);
          out.stopped_singular = true;
          break;
        }
        late_move(who, -A.sign[pos], -y[who]);
      } else {
        chol.remove(pos, &z);
      }
      A.index.erase(A.index.begin() + static_cast<long>(pos));
      A.sign.erase(A.sign.begin() + static_cast<long>(pos));
      A.member[who] = 0;
      last_removed = who;
      last_added = n;
    } else {
      if (!join(who)) {
        out.stopped = "the kernel matrix on its " + std::to_string(m + 1) +
                      " active points is numerically singular at lambda " + readable_number(lambda);
        out.stopped_singular = true;
        break;
      }
      last_added = who;
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
KREG_AVX2 HomotopyResult l1_homotopy_avx2(const arma::mat& K, const arma::vec& y, const std::vector<double>& lambdas,
                                          long max_events, const LatePhase& late) {
  return l1_homotopy_body(K, y, lambdas, max_events, late);
}
#endif

}  // namespace

HomotopyResult l1_homotopy(const arma::mat& K, const arma::vec& y, const std::vector<double>& lambdas,
                           long max_events, const LatePhase& late) {
  KREG_DISPATCH_RETURN(l1_homotopy_body, l1_homotopy_avx2, (K, y, lambdas, max_events, late));
}

}  // namespace kreg
