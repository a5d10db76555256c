// kl1 and klinf on ill-conditioned kernel matrices, against independent references
// (tests/fixtures/make_conditioning_fixture.py -> conditioning_fixture.csv): a minimiser with
// coefficients of about 6e8 (two rows 1e-4 apart) is certified and equals the 60-digit one; on
// data/sine_train.csv the certified route agrees with a dense QP (cvxopt) in objective and fitted
// values wherever its exact path reaches.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/solvers/penalized_path.h"
#include "kreg/solvers/proximal.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

struct FixtureRow {
  std::string kind, method;
  double bandwidth = 0.0, lambda = 0.0, objective = NAN;
  std::vector<double> values;
};

std::vector<FixtureRow> fixture_rows() {
  std::ifstream in(source_path("tests/fixtures/conditioning_fixture.csv"));
  std::string line;
  std::getline(in, line);  // header
  std::vector<FixtureRow> rows;
  while (std::getline(in, line)) {
    std::istringstream is(line);
    std::string cell;
    FixtureRow r;
    std::getline(is, r.kind, ',');
    std::getline(is, r.method, ',');
    std::getline(is, cell, ',');
    r.bandwidth = std::stod(cell);
    std::getline(is, cell, ',');
    r.lambda = std::stod(cell);
    std::getline(is, cell, ',');
    if (!cell.empty()) r.objective = std::stod(cell);
    while (std::getline(is, cell, ',')) r.values.push_back(std::stod(cell));
    rows.push_back(std::move(r));
  }
  return rows;
}

// Two rows 1e-4 apart with opposite responses: K's smallest eigenvalue is about 5e-9, the
// minimiser's coefficients about 6e8, and rounding in K alpha alone is then about 1e-7 (above
// the default tol): the exact path's solution is certified to tol plus that rounding, not
// handed to fista (which cannot settle it), and is the 60-digit minimiser to 1e-6.
TEST(PenalizedConditioning, NearDuplicateRowsAreCertifiedToTheRoundingOfKAlpha) {
  const arma::vec z = {0.0, 1e-4, 1.0, 2.0};
  const arma::vec y = {1.0, -1.0, 0.5, 0.2};
  arma::mat K(4, 4);
  for (arma::uword i = 0; i < 4; ++i)
    for (arma::uword j = 0; j < 4; ++j) K(i, j) = std::exp(-0.5 * (z[i] - z[j]) * (z[i] - z[j]));
  std::vector<double> grid;
  std::vector<arma::vec> expected;
  for (const FixtureRow& r : fixture_rows())
    if (r.kind == "near_duplicate") {
      grid.push_back(r.lambda);
      expected.push_back(arma::vec(r.values));
    }
  ASSERT_EQ(grid.size(), 3u);
  FitSettings s;
  s.method = "kl1";
  s.max_iter = 2000;
  const std::vector<ProxResult> solved = homotopy_grid(K, y, Penalty::kL1, grid, s);
  for (std::size_t g = 0; g < grid.size(); ++g) {
    SCOPED_TRACE("lambda " + std::to_string(grid[g]));
    EXPECT_TRUE(solved[g].converged) << "KKT violation " << solved[g].kkt;
    EXPECT_LE(solved[g].kkt, 1e-7 + 4 * (0.5 * 2.220446049250313e-16) * arma::accu(arma::abs(solved[g].alpha)));
    EXPECT_LE(arma::abs(solved[g].alpha - expected[g]).max(), 1e-6 * arma::abs(expected[g]).max())
        << solved[g].alpha.t() << expected[g].t();
  }
}

// Rows 1e-5 and 1e-6 apart: coefficients of about 6e10 and 6e12, rounding in K alpha of about
// 5e-5 and 5e-3, far above tol. The exact path's solution, a KKT point to that rounding, is
// certified (both penalties), where fista could not improve on it.
TEST(PenalizedConditioning, CertifiedWhereOnlyRoundingExceedsTol) {
  for (const double gap : {1e-5, 1e-6}) {
    const arma::vec z = {0.0, gap, 1.0, 2.0};
    const arma::vec y = {1.0, -1.0, 0.5, 0.2};
    arma::mat K(4, 4);
    for (arma::uword i = 0; i < 4; ++i)
      for (arma::uword j = 0; j < 4; ++j) K(i, j) = std::exp(-0.5 * (z[i] - z[j]) * (z[i] - z[j]));
    for (const std::string method : {"kl1", "klinf"}) {
      SCOPED_TRACE(method + " gap " + std::to_string(gap));
      FitSettings s;
      s.method = method;
      s.max_iter = 2000;
      const Penalty pen = penalty_of(method);
      const std::vector<double> grid = {0.1 * lambda_max(pen, y), 0.01 * lambda_max(pen, y)};
      const std::vector<ProxResult> solved = homotopy_grid(K, y, pen, grid, s);
      for (std::size_t g = 0; g < grid.size(); ++g) {
        const arma::vec& a = solved[g].alpha;
        const double rounding = 4 * (0.5 * 2.220446049250313e-16) * arma::accu(arma::abs(a));
        EXPECT_TRUE(solved[g].converged) << "lambda " << grid[g] << " KKT violation " << solved[g].kkt
                                         << " rounding " << rounding;
        EXPECT_LE(kkt_violation(K * a, y, a, pen, grid[g]), 1e-7 + rounding);
        EXPECT_GT(arma::abs(a).max(), 1e9);  // the minimiser's size: (y_1 - y_2) / (2 (1 - K_12)) ~ 1 / gap^2
      }
    }
  }
}

TEST(PenalizedConditioning, SineAgreesWithADenseQp) {
  const Dataset d = sine("train");
  const Standardization st = fit_standardization(d.X, d.y, StandardizeMode::kBoth);
  const arma::vec y = st.transform_target(d.y);
  int cases = 0;
  for (const FixtureRow& r : fixture_rows()) {
    if (r.kind != "sine") continue;
    SCOPED_TRACE(r.method + " bandwidth " + std::to_string(r.bandwidth) + " lambda " + std::to_string(r.lambda));
    KernelSettings ks;
    ks.set("bandwidth", r.bandwidth);
    const arma::mat K = gram(make_kernel(ks), st.transform_features(d.X));
    FitSettings s;
    s.method = r.method;
    const Penalty pen = penalty_of(r.method);
    const ProxResult res = homotopy_grid(K, y, pen, {r.lambda}, s).front();
    EXPECT_TRUE(res.converged) << "KKT violation " << res.kkt;
    EXPECT_LE(res.objective, r.objective + 1e-9 * std::abs(r.objective));
    EXPECT_LE(arma::abs(K * res.alpha - arma::vec(r.values)).max(), 1e-5);
    ++cases;
  }
  EXPECT_EQ(cases, 6);
}

}  // namespace
}  // namespace kreg::test
