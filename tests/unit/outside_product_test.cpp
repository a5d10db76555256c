// OutsideProduct against Armadillo's dense product: (K_{:,S} w)_i on every row outside S, for a
// small set (read by the columns of S) and a large one (read by the columns of the rows outside
// S, K being symmetric).
#include "kreg/linalg/outside_product.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace kreg {
namespace {

void expect_outside_rows_match(const arma::mat& K, const std::vector<arma::uword>& set) {
  const arma::uword n = K.n_rows;
  std::vector<char> member(n, 0);
  for (arma::uword j : set) member[j] = 1;
  const arma::vec w = arma::linspace(-1.0, 2.0, set.size());
  const arma::vec expected = K.cols(arma::uvec(set)) * w;
  std::vector<double> out(n, 0.0);
  OutsideProduct product;
  product.compute(K, set, member, w.memptr(), out.data());
  for (arma::uword i = 0; i < n; ++i)
    if (!member[i]) EXPECT_NEAR(out[i], expected[i], 1e-12 * (1.0 + arma::abs(expected).max())) << "row " << i;
}

TEST(OutsideProduct, EqualsTheDenseProductOnTheRowsOutsideTheSet) {
  arma::arma_rng::set_seed(21);
  const arma::mat B = arma::randn(31, 31);
  const arma::mat K = B + B.t();
  expect_outside_rows_match(K, {4, 17, 2, 30});                                       // |S| < n / 2
  expect_outside_rows_match(K, {0, 1, 2, 3, 5, 6, 8, 9, 10, 11, 12, 13, 15, 16, 18, 19, 20, 22, 23,
                                24, 26, 27, 28, 29, 30});                             // |S| > n / 2
}

}  // namespace
}  // namespace kreg
