// Median pairwise distance of a spread sample (row_distances.h).
#include "kreg/data/row_distances.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kreg {

namespace {

double median_of(std::vector<double>& v) {
  if (v.empty()) return 0.0;
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<long>(mid), v.end());
  const double upper = v[mid];
  if (v.size() % 2 == 1) return upper;
  const double lower = *std::max_element(v.begin(), v.begin() + static_cast<long>(mid));
  return 0.5 * (lower + upper);
}

}  // namespace

arma::uvec spread_rows(std::size_t n, std::size_t max_rows) {
  const std::size_t m = std::min(n, max_rows);
  arma::uvec rows(m);
  for (std::size_t i = 0; i < m; ++i) rows[i] = static_cast<arma::uword>((static_cast<double>(i) * n) / m);
  return rows;
}

arma::mat spread_sample(const arma::mat& Z, std::size_t max_rows) {
  const arma::uvec rows = spread_rows(Z.n_rows, std::max<std::size_t>(max_rows, 2));
  return rows.n_elem == Z.n_rows ? Z : arma::mat(Z.rows(rows));
}

double median_pairwise_distance(const arma::mat& Z, std::size_t max_rows) {
  const arma::mat S = spread_sample(Z, max_rows);
  const arma::uword m = S.n_rows;
  if (m < 2) return 0.0;
  // Squared distances ||a||^2 + ||b||^2 - 2 a.b from one product (BLAS-3), clipped at 0.
  const arma::vec sq = arma::sum(arma::square(S), 1);
  const arma::mat G = S * S.t();
  std::vector<double> d;
  d.reserve(static_cast<std::size_t>(m) * (m - 1) / 2);
  for (arma::uword j = 0; j < m; ++j)
    for (arma::uword i = j + 1; i < m; ++i) d.push_back(std::sqrt(std::max(0.0, sq[i] + sq[j] - 2.0 * G(i, j))));
  const double med = median_of(d);
  return std::isfinite(med) ? med : 0.0;
}

}  // namespace kreg
