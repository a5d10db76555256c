// lambda*(theta) by a dense LP and the two bounds of numerical_range.h.
#include "kreg/solvers/numerical_range.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "kreg/core/number_text.h"
#include "kreg/linalg/dense_simplex.h"
#include "kreg/solvers/method_registry.h"
#include "kreg/solvers/reweighted_range.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

namespace {

constexpr double kUnitRoundoff = 0x1p-53;
constexpr int kMaxProgrammes = 16;  // LPs per call: the bound is a max, so fewer levels only weaken it
constexpr int kMaxReweightedLevels = 8;  // the same, above kNumericalRangeLpMaxRows
constexpr int kFirstLevelFits = 30;     // weighted fits at the first level (reweighted_range.h)
constexpr int kLaterLevelFits = 8;      // and at each later one, warm-started

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

namespace {

// lambda*(theta) at rising levels theta: one programme over the eigenvectors above tau (the
// columns of U_hi, ascending eigenvalues), whose constraints u_k^T w = 0 are released as their
// eigenvalues fall into K_lo, each solve going on from the last one's basis (dense_simplex.h).
class RangeProgramme {
 public:
  RangeProgramme(const arma::mat& U_hi, const arma::vec& y, Penalty pen)
      : U_hi_(U_hi),
        y_(y),
        l1_(is_l1(pen)),
        lp_(arma::join_rows(U_hi.t(), -U_hi.t()), arma::join_cols(y, -y),
            arma::vec(2 * y.n_elem, arma::fill::value(l1_ ? std::numeric_limits<double>::infinity() : 1.0)),
            l1_ ? 1.0 : -1.0),
        max_pivots_(50 * static_cast<long>(2 * y.n_elem + U_hi.n_cols) + 1000) {}

  /// lambda* over the columns of U_hi from `low` on (the first `low` released).
  double distance(arma::uword low, bool& solved) {
    for (; released_ < low; ++released_) lp_.release_row(released_);
    const SimplexResult lp = lp_.solve(max_pivots_);
    solved = lp.optimal;
    if (!solved) return 0.0;
    // The programme's w = p - q, made exactly feasible (orthogonal to the constraints still in
    // force, then scaled to P(w) <= 1): y^T w is then a lower bound on lambda*, whatever the
    // rounding of the tableau after many pivots, so the bounds built on it are never overstated.
    // (The dual value P*(y - U_hi beta) from the multipliers is an upper bound, and that rounding
    // can put it far above: it is not used.)
    const arma::uword n = y_.n_elem, r = U_hi_.n_cols;
    arma::vec w = lp.x.head(n) - lp.x.tail(n);
    if (low < r) w -= U_hi_.cols(low, r - 1) * (U_hi_.cols(low, r - 1).t() * w);
    const double size = l1_ ? arma::accu(arma::abs(w)) : arma::abs(w).max();
    if (size > 1.0) w /= size;
    return std::max(0.0, arma::dot(y_, w));
  }

 private:
  const arma::mat& U_hi_;
  const arma::vec& y_;
  bool l1_;
  DenseSimplex lp_;
  long max_pivots_;
  arma::uword released_ = 0;
};

}  // namespace

double range_distance(const arma::mat& U_hi, const arma::vec& y, Penalty pen, bool& solved) {
  return RangeProgramme(U_hi, y, pen).distance(0, solved);
}

namespace {

// K_lo += U.cols(from, to - 1) diag(max(mu, floor)) U.cols(from, to - 1)^T, one product (BLAS-3).
void add_low_part(arma::mat& K_lo, const Spectrum& spec, arma::uword from, arma::uword to, double floor) {
  if (to <= from) return;
  const arma::mat block = spec.U.cols(from, to - 1);
  const arma::vec weight = arma::clamp(spec.mu.subvec(from, to - 1), floor, arma::datum::inf);
  K_lo += (block.each_row() % weight.t()) * block.t();
}

}  // namespace

NumericalRange numerical_range(const arma::mat& K, const arma::vec& y, Penalty pen, double tol, double enough) {
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
  out.rank = n - low;  // at full numerical rank nothing is unbounded, but a level above tau may still bound
  const double dual_norm_y = is_l1(pen) ? arma::abs(y).max() : arma::accu(arma::abs(y));
  arma::mat K_lo(n, n, arma::fill::zeros);
  add_low_part(K_lo, spec, 0, low, out.tau);  // eigenvalues below tau count as tau
  arma::uword solved_at = 0;  // `low` of the last level: a level that adds no eigenvalue cannot raise the bound
  int levels = 0;
  const arma::uword first_low = low;
  // The exact LP up to kNumericalRangeLpMaxRows rows; above, the reweighted lower bound, on
  // fewer levels (theta x 4) and a few fits each, warm-started from the level before.
  const bool exact = n <= kNumericalRangeLpMaxRows;
  const arma::mat U_hi = exact ? arma::mat(spec.U.cols(first_low, n - 1)) : arma::mat();
  std::optional<RangeProgramme> programme;
  std::optional<ReweightedRange> reweighted;
  if (exact)
    programme.emplace(U_hi, y, pen);
  else
    reweighted.emplace(spec.U, y, pen);
  const double level_step = exact ? 2.0 : 4.0;
  const int max_levels = exact ? kMaxProgrammes : kMaxReweightedLevels;
  for (double theta = out.tau; levels < max_levels; theta *= level_step) {
    const arma::uword before = low;
    while (low < n && spec.mu[low] <= theta) ++low;
    add_low_part(K_lo, spec, before, low, out.tau);
    if (low == n) break;
    if (low == solved_at) continue;
    solved_at = low;
    ++levels;
    const double penalty = low_part_constant(K_lo, pen) * out.coefficient_floor;
    bool solved = false;
    double star = 0.0;
    if (exact) {
      star = programme->distance(low - first_low, solved);
    } else {
      const double target = std::max(enough, out.lambda_undetermined) + penalty;  // lambda* enough at this level
      star = reweighted->distance(low, levels == 1 ? kFirstLevelFits : kLaterLevelFits, 1e-3, target).lower;
      solved = true;  // a lower bound however many fits ran
    }
    if (!solved) {
      out.computed = theta > out.tau;  // the unbounded bound at least
      break;
    }
    if (theta == out.tau) out.lambda_unbounded = star;
    out.lambda_undetermined = std::max(out.lambda_undetermined, star - penalty);
    if (penalty >= dual_norm_y) break;  // lambda*(theta) <= P*(y) (beta = 0): no larger theta can help
    if (std::max(out.lambda_undetermined, out.lambda_unbounded) >= enough) break;  // as much as the caller needs
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
         ". Their coefficients are those of the nearest lambda above that was solved (a grid point, or where the "
         "exact path stopped); a smaller --bandwidth or larger lambdas are better-conditioned problems";
}

}  // namespace kreg
