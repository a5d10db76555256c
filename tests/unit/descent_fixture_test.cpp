// 2,000 updates of every iterative method against an independent, straightforward numpy
// implementation that recomputes y - K alpha each step (tests/fixtures/make_descent_fixture.py,
// output in descent_alpha.csv): 120 standardised California-housing rows, Gaussian kernel
// bandwidth 2, step 1e-3. Tolerance: relative 1e-9 of the largest |alpha| of each case.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "kreg/data/csv_table.h"
#include "kreg/data/dataset.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/solvers/descent.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

std::map<std::string, arma::vec> load_fixture() {
  std::ifstream in(source_path("tests/fixtures/descent_alpha.csv"));
  std::string line;
  std::getline(in, line);  // case,row,alpha
  std::map<std::string, std::vector<double>> cols;
  while (std::getline(in, line)) {
    std::istringstream is(line);
    std::string name, row, value;
    std::getline(is, name, ',');
    std::getline(is, row, ',');
    std::getline(is, value, ',');
    cols[name].push_back(std::stod(value));
  }
  std::map<std::string, arma::vec> out;
  for (auto& [k, v] : cols) out[k] = arma::vec(v);
  return out;
}

TEST(DescentFixture, TwoThousandUpdatesMatchNumpy) {
  const Dataset d = california("train", 120);
  const Standardization st = fit_standardization(d.X, d.y, StandardizeMode::kBoth);
  KernelSettings ks;
  ks.set("bandwidth", 2.0);
  const arma::mat K = gram(make_kernel(ks), st.transform_features(d.X));
  const arma::vec y = st.transform_target(d.y);

  struct Case {
    const char* name;
    const char* method;
    double momentum;
    bool nesterov;
  } cases[] = {{"kgd", "kgd", 0.0, false},   {"kgd_momentum", "kgd", 0.5, false}, {"kgd_nesterov", "kgd", 0.5, true},
               {"ksgd", "ksgd", 0.0, false}, {"kcd", "kcd", 0.0, false},          {"kegd", "kegd", 0.5, false}};
  const auto fixture = load_fixture();
  ASSERT_EQ(fixture.size(), 6u);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    FitSettings s;
    s.method = c.method;
    s.momentum = c.momentum;
    s.nesterov = c.nesterov;
    s.elastic_alpha = 0.9;
    s.step_size = 1e-3;
    DescentOptions opt;
    opt.max_iterations = 2000;
    const arma::vec alpha = run_descent(K, y, s, nullptr, nullptr, opt).alpha;
    const arma::vec& expected = fixture.at(c.name);
    ASSERT_EQ(alpha.n_elem, expected.n_elem);
    const double rel = arma::abs(alpha - expected).max() / arma::abs(expected).max();
    EXPECT_LE(rel, 1e-9);
    EXPECT_EQ(arma::accu(alpha != 0.0), arma::accu(expected != 0.0));
    std::printf("  %-13s max relative difference %.3g, non-zero alpha %d\n", c.name, rel,
                static_cast<int>(arma::accu(alpha != 0.0)));
  }
}

}  // namespace
}  // namespace kreg::test
