// OutsideProduct against Armadillo's dense product: (K_{:,S} w)_i on every row outside S, for a
// small set and a large one, and through one object along a sequence of sets that gain and lose
// points one or several at a time (its reordered copy of K follows the set); compute_pair's two
// products against the same; the same bits on one thread and two above the threading threshold.
#include "kreg/linalg/outside_product.h"

#include "kreg/linalg/blas_threads.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace kreg {
namespace {

void expect_outside_rows_match(const arma::mat& K, const std::vector<arma::uword>& set, OutsideProduct& product) {
  const arma::uword n = K.n_rows;
  std::vector<char> member(n, 0);
  for (arma::uword j : set) member[j] = 1;
  const arma::vec w = arma::linspace(-1.0, 2.0, set.size());
  const arma::vec expected = K.cols(arma::uvec(set)) * w;
  std::vector<double> out(n, 0.0);
  product.compute(K, set, member, w.memptr(), out.data());
  for (arma::uword i = 0; i < n; ++i)
    if (!member[i]) EXPECT_NEAR(out[i], expected[i], 1e-12 * (1.0 + arma::abs(expected).max())) << "row " << i;
  // The pair of vectors in one pass (the klinf path's point and direction): each as alone.
  const arma::vec v = arma::square(w) - 0.5;
  const arma::vec expected_v = K.cols(arma::uvec(set)) * v;
  std::vector<double> out_w(n, 0.0), out_v(n, 0.0);
  product.compute_pair(K, set, member, w.memptr(), v.memptr(), out_w.data(), out_v.data());
  for (arma::uword i = 0; i < n; ++i) {
    if (member[i]) continue;
    EXPECT_NEAR(out_w[i], expected[i], 1e-12 * (1.0 + arma::abs(expected).max())) << "row " << i;
    EXPECT_NEAR(out_v[i], expected_v[i], 1e-12 * (1.0 + arma::abs(expected_v).max())) << "row " << i;
  }
}

TEST(OutsideProduct, EqualsTheDenseProductOnTheRowsOutsideTheSet) {
  arma::arma_rng::set_seed(21);
  const arma::mat B = arma::randn(31, 31);
  const arma::mat K = B + B.t();
  OutsideProduct small, large;
  expect_outside_rows_match(K, {4, 17, 2, 30}, small);                                       // |S| < n / 2
  expect_outside_rows_match(K, {0, 1, 2, 3, 5, 6, 8, 9, 10, 11, 12, 13, 15, 16, 18, 19, 20, 22, 23,
                                24, 26, 27, 28, 29, 30}, large);                             // |S| > n / 2
}

TEST(OutsideProduct, FollowsASetThatGainsAndLosesPoints) {
  arma::arma_rng::set_seed(22);
  const arma::mat B = arma::randn(40, 40);
  const arma::mat K = B * B.t();
  OutsideProduct product;
  std::vector<arma::uword> set;
  expect_outside_rows_match(K, set, product);  // empty: every out_i is 0
  // A homotopy-like walk: mostly joins, some leaves (from the middle and the end of the set),
  // once several changes between two calls, and back to empty at the end.
  std::mt19937 rng(5);
  std::vector<arma::uword> outside(40);
  for (arma::uword i = 0; i < 40; ++i) outside[i] = i;
  for (int step = 0; step < 120; ++step) {
    const bool join = !outside.empty() && (set.empty() || rng() % 3 != 0);
    const int changes = step == 60 ? 5 : 1;
    for (int c = 0; c < changes; ++c) {
      if (join && !outside.empty()) {
        const std::size_t k = rng() % outside.size();
        set.push_back(outside[k]);
        outside.erase(outside.begin() + static_cast<long>(k));
      } else if (!set.empty()) {
        const std::size_t k = rng() % set.size();
        outside.push_back(set[k]);
        set.erase(set.begin() + static_cast<long>(k));
      }
    }
    expect_outside_rows_match(K, set, product);
  }
  while (!set.empty()) {
    set.pop_back();
    expect_outside_rows_match(K, set, product);
  }
}

// Above kPassThreadsFrom entries the dot products are shared among threads: the result must be
// the same bits on one thread and on two (and still the dense product).
TEST(OutsideProduct, GivesTheSameBitsOnOneThreadAndOnTwo) {
  arma::arma_rng::set_seed(23);
  const arma::uword n = 3001;  // |S| (n - |S|) = 1500 * 1501 > 2^21
  const arma::mat K = arma::symmatu(arma::randn(n, n));
  std::vector<arma::uword> set;
  for (arma::uword i = 0; i < n; i += 2) set.push_back(i);
  ASSERT_GE(static_cast<double>(set.size()) * static_cast<double>(n - set.size()), kPassThreadsFrom);
  std::vector<char> member(n, 0);
  for (arma::uword j : set) member[j] = 1;
  const arma::vec w = arma::randn(set.size()), v = arma::randn(set.size());
  std::vector<std::vector<double>> single(3, std::vector<double>(n, 0.0)), shared = single;
  for (int threads : {1, 2}) {
    set_compute_threads(threads);
    auto& out = threads == 1 ? single : shared;
    OutsideProduct product;
    product.compute(K, set, member, w.memptr(), out[0].data());
    product.compute_pair(K, set, member, w.memptr(), v.memptr(), out[1].data(), out[2].data());
  }
  set_compute_threads(1);
  const arma::vec expected = K.cols(arma::uvec(set)) * w;
  for (arma::uword i = 0; i < n; ++i) {
    if (member[i]) continue;
    EXPECT_EQ(single[0][i], shared[0][i]) << "row " << i;
    EXPECT_EQ(single[1][i], shared[1][i]) << "row " << i;
    EXPECT_EQ(single[2][i], shared[2][i]) << "row " << i;
    EXPECT_NEAR(shared[0][i], expected[i], 1e-10 * arma::abs(expected).max()) << "row " << i;
  }
}

}  // namespace
}  // namespace kreg
