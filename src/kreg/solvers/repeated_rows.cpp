#include "kreg/solvers/repeated_rows.h"

#include <algorithm>
#include <iomanip>
#include <numeric>
#include <sstream>
#include <vector>

namespace kreg {

RepeatedRows repeated_rows(const arma::mat& Z, const arma::vec& y, Penalty pen) {
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
      if (pen == Penalty::kL1) {
        out.lambda_unbounded = std::max(out.lambda_unbounded, (group_y.back() - group_y.front()) / 2.0);
      } else {
        const std::size_t half = group_y.size() / 2, g = group_y.size();
        for (std::size_t q = 0; q < half; ++q) out.lambda_unbounded += group_y[g - 1 - q] - group_y[q];
      }
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
