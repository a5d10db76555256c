// kl1 and klinf paths against an exact reference: the same six problems (three lambdas per
// penalty: 0.9, 0.1 and 0.01 lambda_max) solved as quadratic programmes by cvxopt's
// interior-point solver at tolerances 1e-12 (tests/fixtures/make_penalized_qp_fixture.py; its
// relative primal-dual gaps are <= 3e-12). Data: 500 synthetic rows, 8 standardised features,
// standardised target with 5% Cauchy outliers (penalized_qp_data.csv), Gaussian kernel,
// bandwidth 2. `kreg path --coefficients` gives alpha at each lambda; the objective
// 1/2 a'Ka - y'a + lambda P(a) is evaluated here with a kernel matrix computed in this file.
// Every point must be reported converged, and its objective must equal the reference to a
// relative 1e-8 and not exceed it by more than that.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

constexpr double kBandwidth = 2.0;
constexpr double kRelTol = 1e-8;

/// The rows of a CSV file; the header row first when `with_header`.
std::vector<std::vector<std::string>> read_csv(const std::string& path, bool with_header = false) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  if (!with_header) std::getline(in, line);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> f;
    std::string item;
    std::istringstream is(line);
    while (std::getline(is, item, ',')) f.push_back(item);
    if (!line.empty() && line.back() == ',') f.emplace_back();
    rows.push_back(f);
  }
  return rows;
}

struct Problem {
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  std::vector<std::vector<double>> K;
};

const Problem& problem() {
  static const Problem p = [] {
    Problem q;
    for (const auto& r : read_csv(source_path("tests/fixtures/penalized_qp_data.csv"))) {
      std::vector<double> row;
      for (std::size_t j = 0; j + 1 < r.size(); ++j) row.push_back(std::stod(r[j]));
      q.x.push_back(row);
      q.y.push_back(std::stod(r.back()));
    }
    const std::size_t n = q.y.size();
    q.K.assign(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        double d2 = 0.0;
        for (std::size_t k = 0; k < q.x[i].size(); ++k) d2 += (q.x[i][k] - q.x[j][k]) * (q.x[i][k] - q.x[j][k]);
        q.K[i][j] = std::exp(-d2 / (2.0 * kBandwidth * kBandwidth));
      }
    return q;
  }();
  return p;
}

double objective(const Problem& p, const std::vector<double>& a, bool l1, double lambda) {
  double quad = 0.0, lin = 0.0, norm = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    double ka = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j) ka += p.K[i][j] * a[j];
    quad += a[i] * ka;
    lin += p.y[i] * a[i];
    norm = l1 ? norm + std::abs(a[i]) : std::max(norm, std::abs(a[i]));
  }
  return 0.5 * quad - lin + lambda * norm;
}

struct Reference {
  double fraction, lambda, objective;
  std::vector<double> alpha;
};

std::vector<Reference> references(const std::string& method) {
  std::vector<Reference> refs;
  for (const auto& r : read_csv(source_path("tests/fixtures/penalized_qp_objectives.csv")))
    if (r[0] == method) refs.push_back({std::stod(r[1]), std::stod(r[2]), std::stod(r[7]), {}});
  for (const auto& r : read_csv(source_path("tests/fixtures/penalized_qp_alpha.csv")))
    for (auto& ref : refs)
      if (r[0] == method && std::stod(r[1]) == ref.lambda) ref.alpha.push_back(std::stod(r[3]));
  return refs;
}

std::string full(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

class PenalizedQpFixture : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(PenalizedQpFixture, PathObjectivesEqualTheQuadraticProgrammesOptimaTo1e8) {
  const auto& [method, solver] = GetParam();
  const Problem& p = problem();
  const std::vector<Reference> refs = references(method);
  ASSERT_EQ(refs.size(), 3u) << "penalized_qp_objectives.csv: three lambdas per method";
  std::string grid;
  for (const auto& ref : refs) {
    ASSERT_EQ(ref.alpha.size(), p.y.size());
    grid += (grid.empty() ? "" : ",") + full(ref.lambda);
  }
  const std::string dir = scratch_dir();
  const CliResult run = run_cli({"path", "--data", source_path("tests/fixtures/penalized_qp_data.csv"), "--target", "y",
                                 "--method", method, "--solver", solver, "--kernel", "gaussian", "--bandwidth",
                                 full(kBandwidth), "--standardize", "none", "--lambda-grid", grid, "--output",
                                 dir + "/path.csv", "--coefficients", dir + "/alpha.csv", "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;

  // path.csv: lambda first, a column `converged`; alpha.csv: lambda,row,alpha.
  auto path = read_csv(dir + "/path.csv", true);
  ASSERT_FALSE(path.empty());
  const auto col = std::find(path[0].begin(), path[0].end(), "converged");
  ASSERT_NE(col, path[0].end()) << "path.csv has no column converged";
  const std::size_t conv = static_cast<std::size_t>(col - path[0].begin());
  path.erase(path.begin());
  const auto coef = read_csv(dir + "/alpha.csv");
  ASSERT_EQ(path.size(), refs.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < refs.size(); ++k) {
    const Reference& ref = refs[k];
    const double lambda = std::stod(path[k][0]);
    ASSERT_NEAR(lambda, ref.lambda, 1e-15 * ref.lambda);
    std::vector<double> a(p.y.size(), 0.0);
    std::size_t seen = 0;
    for (const auto& r : coef)
      if (std::stod(r[0]) == lambda) {
        a.at(std::stoul(r[1])) = std::stod(r[2]);
        ++seen;
      }
    ASSERT_EQ(seen, p.y.size()) << "alpha.csv rows at lambda " << full(lambda);
    const double f = objective(p, a, method == "kl1", ref.lambda);
    const double rel = (f - ref.objective) / std::abs(ref.objective);
    double da = 0.0, am = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      da = std::max(da, std::abs(a[i] - ref.alpha[i]));
      am = std::max(am, std::abs(ref.alpha[i]));
    }
    worst = std::max(worst, std::abs(rel));
    std::printf("%s --solver %s lambda %.6g (%.2g lambda_max): objective %.17g, cvxopt %.17g, relative %+.2e; "
                "max |alpha - alpha_cvxopt| / max |alpha_cvxopt| = %.2e; converged %s\n",
                method.c_str(), solver.c_str(), ref.lambda, ref.fraction, f, ref.objective, rel, da / am,
                path[k].at(conv).c_str());
    EXPECT_EQ(path[k].at(conv), "1") << "lambda " << full(lambda) << " not reported converged";
    EXPECT_LE(std::abs(rel), kRelTol) << "lambda " << full(lambda) << ": objective " << full(f) << " vs cvxopt's "
                                      << full(ref.objective);
    EXPECT_LE(f, ref.objective + kRelTol * std::abs(ref.objective)) << "lambda " << full(lambda);
  }
  std::printf("%s --solver %s: largest relative objective difference %.2e (bound %.0e)\n", method.c_str(),
              solver.c_str(), worst, kRelTol);
}

INSTANTIATE_TEST_SUITE_P(Methods, PenalizedQpFixture,
                         ::testing::Combine(::testing::Values("kl1", "klinf"), ::testing::Values("auto", "fista")),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_" + std::get<1>(info.param);
                         });

}  // namespace
}  // namespace kreg::test
