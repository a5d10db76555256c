// kl1 and klinf against an independent numpy solver (tests/fixtures/make_prox_fixture.py: plain
// proximal gradient run until the iterates change by less than 1e-12; objectives stored in
// prox_objectives.csv): with its default settings kreg reaches an objective
// 1/2 a^T K a - y^T a + lambda P(a) no larger than theirs + 1e-9 |theirs|.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "kreg/data/csv_table.h"
#include "kreg/data/dataset.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/solvers/penalized_path.h"
#include "kreg/solvers/proximal.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

TEST(ProximalFixture, ObjectiveNoWorseThanNumpyReference) {
  const Dataset d = california("train", 100);
  const Standardization st = fit_standardization(d.X, d.y, StandardizeMode::kBoth);
  KernelSettings ks;
  ks.set("bandwidth", 2.0);
  const arma::mat K = gram(make_kernel(ks), st.transform_features(d.X));
  const arma::vec y = st.transform_target(d.y);
  const double L = lipschitz_constant(K);

  std::ifstream in(source_path("tests/fixtures/prox_objectives.csv"));
  std::string line;
  std::getline(in, line);  // case,lambda,iterations,objective,nonzero,max_abs_alpha
  int cases = 0;
  while (std::getline(in, line)) {
    std::istringstream is(line);
    std::string method, lambda, iterations, objective;
    std::getline(is, method, ',');
    std::getline(is, lambda, ',');
    std::getline(is, iterations, ',');
    std::getline(is, objective, ',');
    SCOPED_TRACE(method + " lambda " + lambda);
    FitSettings s;
    s.method = method;
    const ProxResult r = solve_fista(K, L, y, penalty_of(method), std::stod(lambda), s, nullptr);
    const double theirs = std::stod(objective);
    EXPECT_TRUE(r.converged);
    EXPECT_LE(r.objective, theirs + 1e-9 * std::abs(theirs));
    std::printf("  %-6s lambda %-4s objective %.15g (numpy %.15g), %ld iterations\n", method.c_str(), lambda.c_str(),
                r.objective, theirs, r.iterations);
    ++cases;
  }
  EXPECT_EQ(cases, 6);
}

}  // namespace
}  // namespace kreg::test
