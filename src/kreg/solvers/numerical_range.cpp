// lambda*(theta) by a dense LP and the two bounds of numerical_range.h.
#include "kreg/solvers/numerical_range.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "kreg/core/number_text.h"
#include "kreg/linalg/dense_simplex.h"
#include "kreg/solvers/method_registry.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

namespace {

constexpr double kUnitRoundoff = 0x1p-53;
constexpr int kMaxProgrammes = 16;  // LPs per call: the bound is a max, so fewer levels only weaken it

// Whether the penalty is ||.||_1 (kl1) rather than ||.||_inf (klinf).
bool is_l1(Penalty pen) {
  switch (pen) {
    case Penalty::kL1:
      return true;
    case Penalty::kLinf:
      return false;
    case Penalty::kNone:
      no_penalty("numerical_range");
  }
  enumerator_out_of_range("Penalty", "numerical_range");
}

// k(theta) of numerical_range.h for K_lo: the largest |entry| (kl1) or column l1 norm (klinf).
double low_part_constant(const arma::mat& K_lo, Penalty pen) {
  if (is_l1(pen)) return arma::abs(K_lo).max();
  double best = 0.0;
  for (arma::uword j = 0; j < K_lo.n_cols; ++j) {
    double sum = 0.0;
    for (arma::uword i = 0; i < K_lo.n_rows; ++i) sum += std::abs(K_lo(i, j));
    best = std::max(best, sum);
  }
  return best;
}

}  // namespace

double range_distance(const arma::mat& U_hi, const arma::vec& y, Penalty pen, bool& solved) {
  const arma::uword n = y.n_elem;
  const arma::mat A = arma::join_rows(U_hi.t(), -U_hi.t());
  const arma::vec c = arma::join_cols(y, -y);
  const bool l1 = is_l1(pen);
  const arma::vec upper(2 * n, arma::fill::value(l1 ? std::numeric_limits<double>::infinity() : 1.0));
  const long max_pivots = 50 * static_cast<long>(2 * n + U_hi.n_cols) + 1000;
  const SimplexResult lp = dense_simplex(A, c, upper, l1 ? 1.0 : -1.0, max_pivots);
  solved = lp.optimal;
  if (!solved) return 0.0;
  const arma::vec residual = y - U_hi * lp.multipliers;
  return l1 ? arma::abs(residual).max() : arma::accu(arma::abs(residual));
}

NumericalRange numerical_range(const arma::mat& K, const arma::vec& y, Penalty pen, double tol) {
  NumericalRange out;
  out.n = y.n_elem;
  if (out.n == 0) return out;
  const Spectrum spec = eigen_spectrum(K, EigenDriver::kAuto);  // ascending
  const arma::uword n = out.n;
  out.tau = static_cast<double>(n) * kUnitRoundoff * spec.mu.max();
  out.coefficient_floor = tol / (static_cast<double>(n) * kUnitRoundoff * arma::abs(K).max());
  out.computed = true;
  arma::uword low = 0;  // eigenvalues 0 .. low-1 are in K_lo
  while (low < n && spec.mu[low] <= out.tau) ++low;
  out.rank = n - low;
  if (low == 0) return out;
  const double dual_norm_y = is_l1(pen) ? arma::abs(y).max() : arma::accu(arma::abs(y));
  arma::mat K_lo(n, n, arma::fill::zeros);
  for (arma::uword k = 0; k < low; ++k) K_lo += out.tau * spec.U.col(k) * spec.U.col(k).t();
  arma::uword solved_at = 0;  // `low` of the last LP: a level that adds no eigenvalue cannot raise the bound
  int programmes = 0;
  for (double theta = out.tau; programmes < kMaxProgrammes; theta *= 2.0) {
    for (; low < n && spec.mu[low] <= theta; ++low) K_lo += spec.mu[low] * spec.U.col(low) * spec.U.col(low).t();
    if (low == n) break;
    if (low == solved_at) continue;
    solved_at = low;
    ++programmes;
    bool solved = false;
    const double star = range_distance(spec.U.cols(low, n - 1), y, pen, solved);
    if (!solved) {
      out.computed = theta > out.tau;  // the unbounded bound at least
      break;
    }
    if (theta == out.tau) out.lambda_unbounded = star;
    const double penalty = low_part_constant(K_lo, pen) * out.coefficient_floor;
    out.lambda_undetermined = std::max(out.lambda_undetermined, star - penalty);
    if (penalty >= dual_norm_y) break;  // lambda*(theta) <= P*(y) (beta = 0): no larger theta can help
  }
  out.lambda_undetermined = std::max(out.lambda_undetermined, out.lambda_unbounded);
  return out;
}

std::string numerical_range_reason(const NumericalRange& range, bool unbounded, const std::string& method,
                                   double unit) {
  std::string text = "every minimiser of " + method + "'s objective has ||alpha||_1 above " +
                     readable_number(range.coefficient_floor) + " below lambda " +
                     readable_number(range.lambda_undetermined / unit) +
                     ", so large that rounding in K alpha alone exceeds the tolerance (K has numerical rank " +
                     std::to_string(range.rank) + " of " + std::to_string(range.n) + "; eigenvalues below " +
                     readable_number(range.tau) + " are rounding)";
  if (unbounded)
    text += ", and below lambda " + readable_number(range.lambda_unbounded / unit) +
            " the objective is unbounded below for K rounded to its numerical range";
  return text;
}

std::string numerical_range_message(const NumericalRange& range, std::size_t below, std::size_t unbounded,
                                    std::size_t points, const std::string& method, double unit) {
  std::string text = std::to_string(below) + " of " + std::to_string(points) + " path points (lambda < " +
                     readable_number(range.lambda_undetermined / unit) + ") are not solved (column 'converged' 0";
  if (unbounded > 0)
    text += "; 'bounded' 0 for the " + std::to_string(unbounded) + " below " +
            readable_number(range.lambda_unbounded / unit);
  return text + "): " + numerical_range_reason(range, unbounded > 0, method, unit) +
         ". Their coefficients are those of the smallest lambda above; a smaller --bandwidth or larger lambdas are "
         "better-conditioned problems";
}

}  // namespace kreg
