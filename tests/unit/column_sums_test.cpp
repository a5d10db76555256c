// The dispatched vector loops (kreg/linalg/column_sums.h) against plain loops written here:
// whichever copy the processor runs (portable or AVX2), every entry is rounded as the plain
// loop rounds it, so the results are equal bit for bit (without FMA in this build; with
// -march=native the compiler may fuse differently, and they agree to 4 ulp).
#include "kreg/linalg/column_sums.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace kreg {
namespace {

#if defined(__FMA__)
constexpr bool kExact = false;
#else
constexpr bool kExact = true;
#endif

void expect_same(const double* got, const std::vector<double>& want) {
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (kExact)
      EXPECT_EQ(got[i], want[i]) << "entry " << i;
    else
      EXPECT_NEAR(got[i], want[i], 4 * std::abs(want[i]) * 2.3e-16) << "entry " << i;
  }
}

// 37 rows: the vector loops' remainders are exercised; 7 columns: one group of four and three
// single columns.
TEST(ColumnSums, WeightedColumnsEqualThePlainSumInTheSameOrder) {
  arma::arma_rng::set_seed(11);
  const arma::mat M = arma::randn(37, 12);
  const std::vector<arma::uword> cols = {3, 0, 11, 5, 5, 8, 1};
  const std::vector<double> w = {0.5, -1.25, 3.0, 1e-3, -7.0, 0.1, 2.0};
  arma::vec start = arma::randn(37);
  std::vector<double> want(37);
  for (arma::uword i = 0; i < 37; ++i) {
    double o = start[i];
    o += (w[0] * M(i, cols[0]) + w[1] * M(i, cols[1])) + (w[2] * M(i, cols[2]) + w[3] * M(i, cols[3]));
    for (std::size_t q = 4; q < cols.size(); ++q) o += w[q] * M(i, cols[q]);
    want[i] = o;
  }
  add_weighted_columns(M, cols.data(), w.data(), cols.size(), start.memptr());
  expect_same(start.memptr(), want);
}

TEST(ColumnSums, AddScaledAndMomentumEqualPlainLoops) {
  arma::arma_rng::set_seed(12);
  const arma::uword n = 53;
  const arma::vec x = arma::randn(n), d = arma::randn(n);
  arma::vec y = arma::randn(n), step = arma::randn(n), iterate = arma::randn(n);
  std::vector<double> want_y(n), want_step(n), want_iterate(n);
  const double a = -0.37, gamma = 0.9;
  for (arma::uword i = 0; i < n; ++i) {
    want_y[i] = y[i] + a * x[i];
    want_step[i] = gamma * step[i] + d[i];
    want_iterate[i] = iterate[i] + -1.0 * want_step[i];
  }
  add_scaled(n, a, x.memptr(), y.memptr());
  momentum_update(n, gamma, d.memptr(), step.memptr(), -1.0, iterate.memptr());
  expect_same(y.memptr(), want_y);
  expect_same(step.memptr(), want_step);
  expect_same(iterate.memptr(), want_iterate);
}

// 43 entries: ten groups of four and a remainder of three.
TEST(ColumnSums, DotProductEqualsFourRunningSumsAddedInOrder) {
  arma::arma_rng::set_seed(13);
  const arma::uword n = 43;
  const arma::vec x = arma::randn(n), y = arma::randn(n);
  double s[4] = {0.0, 0.0, 0.0, 0.0};
  for (arma::uword i = 0; i < 40; ++i) s[i % 4] += x[i] * y[i];
  for (arma::uword i = 40; i < n; ++i) s[0] += x[i] * y[i];
  const double got = dot_product(n, x.memptr(), y.memptr());
  expect_same(&got, {(s[0] + s[1]) + (s[2] + s[3])});
}

// Four columns at once: each bit for bit the single dot product (43 entries, as above).
TEST(ColumnSums, FourDotProductsEqualFourSingleOnes) {
  arma::arma_rng::set_seed(15);
  const arma::uword n = 43;
  const arma::mat X = arma::randn(n, 4);
  const arma::vec y = arma::randn(n);
  const double* columns[4] = {X.colptr(0), X.colptr(1), X.colptr(2), X.colptr(3)};
  double got[4];
  dot_products_four(n, columns, y.memptr(), got);
  std::vector<double> want(4);
  for (int c = 0; c < 4; ++c) want[c] = dot_product(n, X.colptr(c), y.memptr());
  expect_same(got, {want[0], want[1], want[2], want[3]});
}

// A row range sums exactly what the whole does on those rows and leaves the others alone.
TEST(ColumnSums, RowRangeOfWeightedColumnsEqualsTheWholeOnItsRows) {
  arma::arma_rng::set_seed(16);
  const arma::uword rows = 29;
  const arma::mat M = arma::randn(rows, 9);
  const arma::uvec cols = {8, 0, 3, 5, 1, 7, 2};
  const arma::vec w = arma::randn(cols.n_elem), w2 = arma::randn(cols.n_elem);
  arma::vec whole(rows, arma::fill::value(0.25)), part(rows, arma::fill::value(0.25));
  arma::vec whole2(rows, arma::fill::value(-1.0)), part2(rows, arma::fill::value(-1.0));
  add_weighted_columns(M, cols.memptr(), w.memptr(), cols.n_elem, whole.memptr());
  add_weighted_columns_pair(M, cols.memptr(), w.memptr(), w2.memptr(), cols.n_elem, whole.memptr(), whole2.memptr());
  add_weighted_columns_rows(M, cols.memptr(), w.memptr(), cols.n_elem, 5, 18, part.memptr());
  add_weighted_columns_pair_rows(M, cols.memptr(), w.memptr(), w2.memptr(), cols.n_elem, 5, 18, part.memptr(),
                                 part2.memptr());
  for (arma::uword i = 0; i < rows; ++i) {
    const bool inside = i >= 5 && i < 18;
    EXPECT_EQ(part[i], inside ? whole[i] : 0.25) << "row " << i;
    EXPECT_EQ(part2[i], inside ? whole2[i] : -1.0) << "row " << i;
  }
}

// The pair: eight running sums per vector (i mod 8), the two halves of four added lane by lane,
// then the lanes in order; 43 entries: five groups of eight and a remainder of three.
TEST(ColumnSums, DotProductPairEqualsEightRunningSumsAddedInOrder) {
  arma::arma_rng::set_seed(14);
  const arma::uword n = 43;
  const arma::vec x = arma::randn(n), y1 = arma::randn(n), y2 = arma::randn(n);
  auto reference = [&](const arma::vec& y) {
    double s[8] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    for (arma::uword i = 0; i < 40; ++i) s[i % 8] += x[i] * y[i];
    double lane[4];
    for (int k = 0; k < 4; ++k) lane[k] = s[k] + s[k + 4];
    for (arma::uword i = 40; i < n; ++i) lane[0] += x[i] * y[i];
    return (lane[0] + lane[1]) + (lane[2] + lane[3]);
  };
  double got[2];
  dot_product_pair(n, x.memptr(), y1.memptr(), y2.memptr(), got);
  expect_same(got, {reference(y1), reference(y2)});
}

}  // namespace
}  // namespace kreg
