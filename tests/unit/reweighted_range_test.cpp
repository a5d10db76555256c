// The reweighted least-squares bounds on lambda* (src/kreg/solvers/reweighted_range.h) against
// the exact programme: scipy's linprog on a stored problem
// (tests/fixtures/make_numerical_range_fixture.py -> numerical_range_fixture.csv) and kreg's
// dense simplex (an independent algorithm) on the eigenvectors of a kernel matrix, with U_hi
// on either side of n / 2 so that both forms of the weighted fit run.
#include "kreg/solvers/reweighted_range.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/solvers/numerical_range.h"
#include "kreg/solvers/proximal.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

// linprog's lambda* for the stored 30 x 12 U_hi, by method (the fixture's rows of kind random).
double linprog_value(const std::string& method) {
  std::ifstream in(source_path("tests/fixtures/numerical_range_fixture.csv"));
  std::string line;
  std::getline(in, line);  // kind,bandwidth,method,n,rank,lambda_star
  while (std::getline(in, line)) {
    std::istringstream is(line);
    std::string kind, bandwidth, m, n, rank, value;
    std::getline(is, kind, ',');
    std::getline(is, bandwidth, ',');
    std::getline(is, m, ',');
    std::getline(is, n, ',');
    std::getline(is, rank, ',');
    std::getline(is, value, ',');
    if (kind == "random" && m == method) return std::stod(value);
  }
  ADD_FAILURE() << "no random row for " << method;
  return 0.0;
}

// The lower bound is never above the optimum and comes within `gap` of it; the upper bound is
// never below it (both to rounding).
void expect_brackets(const RangeBounds& b, double optimum, double gap) {
  EXPECT_LE(b.lower, optimum * (1.0 + 1e-10));
  EXPECT_GE(b.lower, optimum * (1.0 - gap));
  EXPECT_GE(b.upper, optimum * (1.0 - 1e-8));
}

// The stored problem (30 rows): y, and U_hi completed to an orthonormal basis of R^30 (its
// complement first, as eigenvectors of ascending eigenvalues would be; U_hi from column 18).
struct StoredProblem {
  arma::vec y;
  arma::mat U;
};

StoredProblem stored_problem() {
  arma::mat data;
  EXPECT_TRUE(data.load(source_path("tests/fixtures/numerical_range_random.csv"), arma::csv_ascii));
  const arma::mat U_hi = data.cols(1, 12);
  arma::mat Q, R;
  arma::qr(Q, R, U_hi);  // Q's last 18 columns span the complement of U_hi
  return {data.col(0), arma::join_rows(Q.cols(12, 29), U_hi)};
}

TEST(ReweightedRange, BracketsLinprogsOptimum) {
  const StoredProblem stored = stored_problem();
  const arma::vec& y = stored.y;
  const arma::mat& U = stored.U;
  for (const std::string method : {"kl1", "klinf"}) {
    SCOPED_TRACE(method);
    ReweightedRange reweighted(U, y, method == "kl1" ? Penalty::kL1 : Penalty::kLinf);
    const RangeBounds b = reweighted.distance(18, 200, 1e-6);
    expect_brackets(b, linprog_value(method), 1e-2);
    EXPECT_GT(b.iterations, 1);
  }
}

// The vertex the fits point to (reweighted_range.h: vertex_bound) is the optimum's long before
// the weights settle: on the stored problem, kl1's bound after 30 fits equals linprog's optimum
// (the weights alone leave it 1% below, the tests above allow for that).
TEST(ReweightedRange, TheVertexOfThirtyFitsIsTheOptimumForKl1) {
  const StoredProblem stored = stored_problem();  // held by reference below
  ReweightedRange reweighted(stored.U, stored.y, Penalty::kL1);
  const double optimum = linprog_value("kl1");
  EXPECT_NEAR(reweighted.distance(18, 30, 1e-9).lower, optimum, 1e-9 * optimum);
}

// The eigenvectors of the Gaussian kernel matrix on the 40 sine rows (bandwidth 0.5), split at
// several places: U_hi of 30, 20 and 8 columns (weighted fits over U_lo, then over U_hi), each
// against the dense simplex's optimum, and warm-started from the split before, as
// numerical_range uses it.
TEST(ReweightedRange, BracketsTheSimplexOptimumOnBothSidesOfTheSplit) {
  const Dataset d = sine("train");
  const Standardization st = fit_standardization(d.X, d.y, StandardizeMode::kBoth);
  const arma::vec y = st.transform_target(d.y);
  KernelSettings ks;
  ks.set("bandwidth", 0.5);
  const arma::mat K = gram(make_kernel(ks), st.transform_features(d.X));
  arma::vec mu;
  arma::mat U;
  ASSERT_TRUE(arma::eig_sym(mu, U, K));  // ascending
  for (const Penalty pen : {Penalty::kL1, Penalty::kLinf}) {
    ReweightedRange reweighted(U, y, pen);
    for (const arma::uword low : {10u, 20u, 32u}) {
      SCOPED_TRACE(std::string(pen == Penalty::kL1 ? "kl1" : "klinf") + ", U_hi from column " + std::to_string(low));
      bool solved = false;
      const double optimum = range_distance(U.cols(low, U.n_cols - 1), y, pen, solved);
      ASSERT_TRUE(solved);
      ASSERT_GT(optimum, 0.0);
      expect_brackets(reweighted.distance(low, 300, 1e-6), optimum, 1e-2);
    }
  }
}

// U_hi = the constant vector: klinf's lambda* is the l1 distance of y to the constants,
// sum |y_i - median(y)| (n odd), and at the optimum sign(y - median) sums to 0, so both the
// projected sign of the residual and the vertex of the fits (reweighted_range.h) are the optimal
// d itself once the weighted mean is nearer the median than any other y_i: the bound is then the
// closed form to rounding.
TEST(ReweightedRange, DistanceToTheConstantsIsTheSumOfDeviationsFromTheMedian) {
  const arma::vec y = {3.0, -1.0, 0.5, 7.25, 2.0, -4.0, 0.75, 1.5, 10.0};
  arma::mat Q, R;
  arma::qr(Q, R, arma::vec(y.n_elem, arma::fill::ones));  // Q's first column is the constants
  const arma::mat U = arma::join_rows(Q.cols(1, y.n_elem - 1), Q.col(0));
  ReweightedRange reweighted(U, y, Penalty::kLinf);
  const double closed_form = arma::accu(arma::abs(y - arma::median(y)));
  const RangeBounds b = reweighted.distance(y.n_elem - 1, 30, 1e-12);
  EXPECT_NEAR(b.lower, closed_form, 1e-12 * closed_form);
  EXPECT_NEAR(b.upper, closed_form, 1e-6 * closed_form);
}

// No constraint (U_hi empty): lambda* = P*(y) exactly; all of R^n (U_lo empty): lambda* = 0.
TEST(ReweightedRange, TheTwoEndsHaveClosedForms) {
  const arma::vec y = {3.0, -1.0, 0.5};
  const arma::mat U = arma::eye(3, 3);
  ReweightedRange l1(U, y, Penalty::kL1), linf(U, y, Penalty::kLinf);
  EXPECT_EQ(l1.distance(3, 10).lower, 3.0);
  EXPECT_EQ(linf.distance(3, 10).lower, 4.5);
  EXPECT_EQ(l1.distance(0, 10).lower, 0.0);
  EXPECT_EQ(linf.distance(0, 10).lower, 0.0);
}

}  // namespace
}  // namespace kreg::test
