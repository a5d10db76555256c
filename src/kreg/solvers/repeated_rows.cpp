// Groups of identical training rows and the lambda below which they leave the penalised
// objective unbounded (the bound is derived in repeated_rows.h).
#include "kreg/solvers/repeated_rows.h"

#include <algorithm>
#include <iomanip>
#include <numeric>
#include <sstream>
#include <vector>

#include "kreg/solvers/penalty.h"

namespace kreg {

namespace {

// The bound so far and one more group's sorted responses g (repeated_rows.h): l1 takes the
// largest half-range, linf adds each group's upper half minus its lower half.
using AddGroup = double (*)(double bound, const std::vector<double>& g);

double add_group_l1(double bound, const std::vector<double>& g) { return std::max(bound, (g.back() - g.front()) / 2.0); }

double add_group_linf(double bound, const std::vector<double>& g) {
  const std::size_t half = g.size() / 2, size = g.size();
  for (std::size_t q = 0; q < half; ++q) bound += g[size - 1 - q] - g[q];
  return bound;
}

AddGroup add_group_for(Penalty pen) {
  switch (pen) {
    case Penalty::kL1:
      return add_group_l1;
    case Penalty::kLinf:
      return add_group_linf;
    case Penalty::kNone:
      no_penalty("repeated_rows");
  }
  enumerator_out_of_range("Penalty", "repeated_rows");
}

}  // namespace

RepeatedRows repeated_rows(const arma::mat& Z, const arma::vec& y, Penalty pen) {
  const AddGroup add_group = add_group_for(pen);
  const arma::uword n = Z.n_rows, p = Z.n_cols;
  std::vector<arma::uword> order(n);
  std::iota(order.begin(), order.end(), arma::uword{0});
  auto row_less = [&](arma::uword a, arma::uword b) {
    for (arma::uword c = 0; c < p; ++c)
      if (Z(a, c) != Z(b, c)) return Z(a, c) < Z(b, c);
    return a < b;  // equal rows in row order
  };
  auto row_equal = [&](arma::uword a, arma::uword b) {
    for (arma::uword c = 0; c < p; ++c)
      if (Z(a, c) != Z(b, c)) return false;
    return true;
  };
  std::sort(order.begin(), order.end(), row_less);
  RepeatedRows out;
  std::vector<double> group_y;
  for (arma::uword start = 0; start < n;) {
    arma::uword end = start + 1;
    while (end < n && row_equal(order[start], order[end])) ++end;
    if (end - start > 1) {
      out.repeats += end - start - 1;
      group_y.clear();
      for (arma::uword q = start; q < end; ++q) group_y.push_back(y[order[q]]);
      std::sort(group_y.begin(), group_y.end());
      out.lambda_unbounded = add_group(out.lambda_unbounded, group_y);
    }
    start = end;
  }
  return out;
}

std::string repeated_rows_message(const RepeatedRows& r, std::size_t n, const std::string& method, double unit) {
  std::ostringstream bound;
  bound << std::setprecision(4) << r.lambda_unbounded / unit;
  return std::to_string(r.repeats) + " of " + std::to_string(n) +
         " training rows repeat another row's features (K is singular) and, as their responses differ, " + method +
         "'s objective is unbounded below for lambda < " + bound.str() +
         ": there the coefficients are wherever the solver stopped, not a minimiser";
}

}  // namespace kreg
