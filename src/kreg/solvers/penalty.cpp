// Norms, dual norms and proximal operators of the l1 and l_inf penalties.
#include "kreg/solvers/penalty.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace kreg {

void no_penalty(const char* where) {
  throw std::logic_error(std::string(where) + ": called with Penalty::kNone; only the penalised methods (" +
                         method_names_where([](const MethodInfo& m) { return m.is_penalized(); }) +
                         ") have a penalty");
}

double penalty_norm(Penalty pen, const arma::vec& v) {
  switch (pen) {
    case Penalty::kL1:
      return arma::accu(arma::abs(v));
    case Penalty::kLinf:
      return v.empty() ? 0.0 : arma::abs(v).max();
    case Penalty::kNone:
      no_penalty("penalty_norm");
  }
  enumerator_out_of_range("Penalty", "penalty_norm");
}

double dual_norm(Penalty pen, const arma::vec& v) {
  switch (pen) {
    case Penalty::kL1:
      return v.empty() ? 0.0 : arma::abs(v).max();
    case Penalty::kLinf:
      return arma::accu(arma::abs(v));
    case Penalty::kNone:
      no_penalty("dual_norm");
  }
  enumerator_out_of_range("Penalty", "dual_norm");
}

double lambda_max(Penalty pen, const arma::vec& y) { return dual_norm(pen, y); }

void prox_l1_into(const arma::vec& v, double tau, arma::vec& out) {
  out.set_size(v.n_elem);
  const double* x = v.memptr();
  double* o = out.memptr();
  for (arma::uword i = 0; i < v.n_elem; ++i) {
    const double a = std::abs(x[i]) - tau;
    o[i] = a > 0.0 ? std::copysign(a, x[i]) : 0.0;
  }
}

void prox_linf_into(const arma::vec& v, double tau, arma::vec& out, std::vector<double>& scratch) {
  // Projection of v on {w : ||w||_1 <= tau}: w_i = sign(v_i) max(|v_i| - theta, 0), and then
  // prox = v - w = sign(v_i) min(|v_i|, theta). theta by Michelot's iteration: on the set S of
  // magnitudes above it, theta = (sum_S |v_i| - tau) / |S|; drop those <= theta and repeat
  // (theta only grows, S only shrinks; O(n) per pass, a few passes) -- the threshold that
  // sorting finds (Duchi et al., ICML 2008), without the O(n log n) sort.
  const arma::uword n = v.n_elem;
  const double* x = v.memptr();
  out.set_size(n);
  double* o = out.memptr();
  std::vector<double>& u = scratch;
  u.resize(n);
  double total = 0.0;
  for (arma::uword i = 0; i < n; ++i) total += (u[i] = std::abs(x[i]));
  if (total <= tau) {  // v inside the ball: prox = 0
    std::fill(o, o + n, 0.0);
    return;
  }
  std::size_t size = n;
  double theta = (total - tau) / static_cast<double>(size);
  for (;;) {
    std::size_t kept = 0;
    double sum = 0.0;
    for (std::size_t q = 0; q < size; ++q)
      if (u[q] > theta) u[kept++] = u[q], sum += u[q];
    if (kept == size) break;
    size = kept;
    theta = (sum - tau) / static_cast<double>(kept);
  }
  for (arma::uword i = 0; i < n; ++i) o[i] = std::copysign(std::min(std::abs(x[i]), theta), x[i]);
}

arma::vec prox_l1(const arma::vec& v, double tau) {
  arma::vec out;
  prox_l1_into(v, tau, out);
  return out;
}

arma::vec prox_linf(const arma::vec& v, double tau) {
  arma::vec out;
  std::vector<double> scratch;
  prox_linf_into(v, tau, out, scratch);
  return out;
}

void prox_into(Penalty pen, const arma::vec& v, double tau, arma::vec& out, std::vector<double>& scratch) {
  switch (pen) {
    case Penalty::kL1:
      prox_l1_into(v, tau, out);
      return;
    case Penalty::kLinf:
      prox_linf_into(v, tau, out, scratch);
      return;
    case Penalty::kNone:
      no_penalty("prox_into");
  }
  enumerator_out_of_range("Penalty", "prox_into");
}

const char* penalised_method_name(Penalty pen) {
  switch (pen) {
    case Penalty::kL1:
    case Penalty::kLinf:
      for (const MethodInfo& m : method_registry())
        if (m.penalty == pen) return m.name;
      throw std::logic_error("penalised_method_name: no method of the table has this penalty");
    case Penalty::kNone:
      no_penalty("penalised_method_name");
  }
  enumerator_out_of_range("Penalty", "penalised_method_name");
}

}  // namespace kreg
