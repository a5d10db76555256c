// kreg loo's log_evidence and signal_variance columns (select/loo.h: from the one
// eigendecomposition per kernel point) against scikit-learn's log marginal likelihood of
// GaussianProcessRegressor(ConstantKernel(s^2) * kernel(sigma), alpha = s^2 lambda,
// optimizer=None) and numpy's profiled s^2, stored by tests/fixtures/make_gp_fixture.py, for
// every lambda of its 20-point grid, every radial kernel, one bandwidth and one per feature
// (numpy's evidence where scikit-learn's kernel has one bandwidth only: cauchy, rational
// quadratic).
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "kreg/data/dataset.h"
#include "kreg/select/loo.h"
#include "kreg/solvers/fit_settings.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

double relative(double got, double want) { return std::abs(got - want) / std::max(std::abs(want), 1e-300); }

TEST(LooEvidence, LogEvidenceAndSignalVarianceEqualScikitLearnsForEveryLambda) {
  const auto fixture = nlohmann::json::parse(read_text(source_path("tests/fixtures/gp_fixture.json")));
  std::size_t compared = 0;
  double worst = 0.0;
  for (const auto& set : fixture["datasets"]) {
    ColumnSelection sel;
    sel.target = set["target"].get<std::string>();
    const Dataset data = load_training_data(source_path("tests/fixtures/" + set["file"].get<std::string>()), {},
                                            sel, MissingPolicy::kError)
                             .data;
    for (const auto& c : set["cases"]) {
      FitSettings s;
      s.method = "krr";
      s.lambda_scaling = LambdaScaling::kNone;  // the fixture's lambdas are those of K + lambda I
      s.kernel.name = c["kernel"].get<std::string>();
      const std::vector<double> sigma = c["sigma"].get<std::vector<double>>();
      if (sigma.size() == 1)
        s.kernel.set("bandwidth", sigma[0]);
      else
        s.kernel.per_feature["bandwidth"] = sigma;
      if (s.kernel.name == "rational_quadratic") s.kernel.set("shape", c["shape"].get<double>());
      const std::vector<double> lambdas = c["lambdas"].get<std::vector<double>>();
      const LooResult r = loo_krr(data, s, lambdas);
      ASSERT_EQ(r.points.size(), lambdas.size());
      for (std::size_t g = 0; g < lambdas.size(); ++g) {
        SCOPED_TRACE(set["name"].get<std::string>() + " " + s.kernel.name + " lambda " + std::to_string(lambdas[g]));
        const double want = c["log_evidence"][g].get<double>(), s2 = c["signal_variance"][g].get<double>();
        EXPECT_LE(relative(r.points[g].log_evidence, want), 1e-8) << r.points[g].log_evidence << " vs " << want;
        EXPECT_LE(relative(r.points[g].signal_variance, s2), 1e-8);
        worst = std::max(worst, relative(r.points[g].log_evidence, want));
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 2u * 6u * 2u * 20u);  // two data sets, six kernels, two bandwidth forms, 20 lambdas
  std::printf("  %zu log evidences compared, largest relative difference %.2g\n", compared, worst);
}

}  // namespace
}  // namespace kreg::test
