// The Gaussian-process objectives (src/kreg/gp/gp_objective.h) against independent values:
// scikit-learn's log marginal likelihood and numpy's dense-hat-matrix LOO MSE and GCV
// (tests/fixtures/make_gp_fixture.py), kreg's own loo command numbers, the kernels of
// src/kreg/kernels/, and the points that are not points.
#include "kreg/gp/gp_objective.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "gp_test_data.h"
#include "kreg/gp/gp_kernel.h"
#include "kreg/kernels/kernel.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/select/loo.h"
#include "kreg/solvers/fit_settings.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

nlohmann::json fixture() { return nlohmann::json::parse(read_text(source_path("tests/fixtures/gp_fixture.json"))); }

GpKernelShape shape_named(const std::string& name, double shape) {
  KernelSettings s;
  s.name = name;
  s.set("shape", shape);
  const auto k = gp_kernel_shape(s);
  if (!k) throw std::logic_error("no gp kernel " + name);
  return *k;
}

double relative(double got, double want) { return std::abs(got - want) / std::max(std::abs(want), 1e-300); }

TEST(GpObjective, EvidenceLooAndGcvEqualScikitLearnAndNumpyForEveryLambda) {
  const nlohmann::json fx = fixture();
  ASSERT_EQ(fx.at("datasets").size(), 2u);
  GpWorkspace ws;
  double worst_evidence = 0.0, worst_loo = 0.0, worst_gcv = 0.0, worst_s2 = 0.0;
  int points = 0, ard_points = 0, sklearn_points = 0;
  for (const auto& ds : fx.at("datasets")) {
    const GpData d = gp_fixture_data(ds.at("file"), ds.at("target"));
    ASSERT_EQ(d.X.n_rows, ds.at("rows").get<arma::uword>());
    for (const auto& c : ds.at("cases")) {
      const GpKernelShape shape = shape_named(c.at("kernel"), c.at("shape"));
      const arma::vec log_sigma = arma::log(arma::vec(c.at("sigma").get<std::vector<double>>()));
      const auto lambdas = c.at("lambdas").get<std::vector<double>>();
      ASSERT_EQ(lambdas.size(), 20u);
      for (std::size_t g = 0; g < lambdas.size(); ++g) {
        SCOPED_TRACE(ds.at("name").get<std::string>() + " " + c.at("kernel").get<std::string>() + " sigma " +
                     c.at("sigma").dump() + " lambda " + std::to_string(lambdas[g]));
        const GpObjectiveValue v = gp_objective(TuneObjective::kEvidence, shape, d.X, d.y, log_sigma,
                                                std::log(lambdas[g]), ws, {d.target_scale, false});
        ASSERT_TRUE(v.ok) << v.reason;
        const double e = relative(v.log_evidence, c.at("log_evidence")[g]);
        const double l = relative(v.loo_mse, c.at("loo_mse")[g]);
        const double q = relative(v.gcv, c.at("gcv")[g]);
        const double s = relative(v.signal_variance, c.at("signal_variance")[g]);
        EXPECT_LE(e, 1e-8) << v.log_evidence << " vs " << c.at("log_evidence")[g];
        EXPECT_LE(l, 1e-8) << v.loo_mse << " vs " << c.at("loo_mse")[g];
        EXPECT_LE(q, 1e-8) << v.gcv << " vs " << c.at("gcv")[g];
        EXPECT_LE(s, 1e-8) << v.signal_variance << " vs " << c.at("signal_variance")[g];
        EXPECT_EQ(v.value, -v.log_evidence);
        worst_evidence = std::max(worst_evidence, e);
        worst_loo = std::max(worst_loo, l);
        worst_gcv = std::max(worst_gcv, q);
        worst_s2 = std::max(worst_s2, s);
        ++points;
        ard_points += log_sigma.n_elem > 1;
        sklearn_points += c.at("evidence_by") == "sklearn";
      }
    }
  }
  EXPECT_EQ(points, 2 * 6 * 2 * 20);  // two data sets, six kernels, one and per-feature sigma, 20 lambdas
  EXPECT_EQ(ard_points, points / 2);
  EXPECT_EQ(sklearn_points, 2 * 10 * 20);  // all but rational quadratic and cauchy with per-feature sigma
  std::printf("[ gp ] largest relative differences: log evidence %.2g, LOO MSE %.2g, GCV %.2g, s^2 %.2g\n",
              worst_evidence, worst_loo, worst_gcv, worst_s2);
}

TEST(GpObjective, LooAndGcvAreThoseOfKregLoo) {
  // kreg loo's numbers (one eigendecomposition, select/loo.h) at one bandwidth: lambda as given
  // is the effective lambda with lambda_scaling none.
  const GpData d = gp_fixture_data("gp_california.csv", "MedHouseVal");
  ColumnSelection sel;
  sel.target = "MedHouseVal";
  const Dataset data =
      load_training_data(source_path("tests/fixtures/gp_california.csv"), {}, sel, MissingPolicy::kError).data;
  for (const char* kernel : {"gaussian", "matern32", "cauchy"}) {
    FitSettings s;
    s.method = "krr";
    s.kernel.name = kernel;
    s.kernel.set("bandwidth", 2.0);
    const std::vector<double> lambdas = {1e-3, 0.05, 2.0};
    const LooResult r = loo_krr(data, s, lambdas);
    GpWorkspace ws;
    for (std::size_t g = 0; g < lambdas.size(); ++g) {
      SCOPED_TRACE(std::string(kernel) + " lambda " + std::to_string(lambdas[g]));
      const GpObjectiveValue v =
          gp_objective(TuneObjective::kLoo, shape_named(kernel, 1.0), d.X, d.y, arma::vec{std::log(2.0)},
                       std::log(lambdas[g]), ws, {d.target_scale, false});
      ASSERT_TRUE(v.ok) << v.reason;
      EXPECT_NEAR(v.loo_mse, r.points[g].loo_mse, 1e-8 * r.points[g].loo_mse);
      EXPECT_NEAR(v.gcv, r.points[g].gcv, 1e-8 * r.points[g].gcv);
      EXPECT_NEAR(v.df, r.points[g].df, 1e-8 * r.points[g].df);
    }
  }
}

TEST(GpKernel, ValuesAreKregsKernelsAndGIsMinusTwiceTheSlope) {
  const std::vector<std::pair<std::string, double>> kernels = {{"gaussian", 1.0}, {"laplace", 1.0},
                                                               {"matern32", 1.0}, {"matern52", 1.0},
                                                               {"cauchy", 1.0},   {"rational_quadratic", 2.5}};
  for (const auto& [name, a] : kernels) {
    const GpKernelShape shape = shape_named(name, a);
    EXPECT_EQ(gp_kernel_name(shape.kernel), name);
    for (double sigma : {0.3, 1.0, 2.7}) {
      KernelSettings s;
      s.name = name;
      s.set("bandwidth", sigma);
      s.set("shape", a);
      const Kernel k = make_kernel(s);
      for (double d2 : {0.0, 1e-6, 0.04, 0.5, 1.0, 3.0, 17.0}) {
        SCOPED_TRACE(name + " sigma " + std::to_string(sigma) + " d2 " + std::to_string(d2));
        const double sc = d2 / (sigma * sigma);
        EXPECT_NEAR(gp_kernel_value(shape, sc).k, k(d2, 0.0), 1e-14);
        if (sc < 1e-3) continue;
        const double h = 1e-4 * sc;  // -2 dk/ds by a central difference in s
        const double slope = (gp_kernel_value(shape, sc + h).k - gp_kernel_value(shape, sc - h).k) / (2 * h);
        EXPECT_NEAR(gp_kernel_value(shape, sc).g, -2.0 * slope, 1e-6 * std::abs(2.0 * slope) + 1e-9);
      }
    }
  }
}

TEST(GpKernel, OnlyTheRadialTypesHaveAShape) {
  KernelSettings s;
  s.name = "RBF";
  ASSERT_TRUE(gp_kernel_shape(s).has_value());
  EXPECT_EQ(gp_kernel_shape(s)->kernel, GpKernel::kGaussian);
  s.name = "rational_quadratic(shape=3)";
  ASSERT_TRUE(gp_kernel_shape(s).has_value());
  EXPECT_EQ(gp_kernel_shape(s)->kernel, GpKernel::kRationalQuadratic);
  EXPECT_EQ(gp_kernel_shape(s)->shape, 3.0);
  for (const char* other : {"linear", "polynomial", "gaussian+linear", "gaussian*matern52"}) {
    s.name = other;
    EXPECT_FALSE(gp_kernel_shape(s).has_value()) << other;
  }
}

TEST(GpObjective, AMatrixThatIsNotPositiveDefiniteIsNotAPoint) {
  // A bandwidth of e^30 makes every kernel value exactly 1, and lambda = e^-700 adds nothing to
  // 1 in double precision: A is the all-ones matrix, whose Cholesky factorisation meets a zero
  // pivot at its second column.
  arma::arma_rng::set_seed(3);
  const arma::mat X = arma::randn(20, 2);
  const arma::vec y = arma::randn(20);
  GpWorkspace ws;
  for (TuneObjective o : {TuneObjective::kEvidence, TuneObjective::kLoo, TuneObjective::kGcv}) {
    const GpObjectiveValue v = gp_objective(o, {}, X, y, arma::vec{30.0}, -700.0, ws);
    EXPECT_FALSE(v.ok) << to_string(o);
    EXPECT_EQ(v.value, INFINITY);
    EXPECT_TRUE(v.gradient.empty());
    EXPECT_NE(v.reason.find("positive definite"), std::string::npos) << v.reason;
  }
  // The same kernel with a usable lambda is a point.
  EXPECT_TRUE(gp_objective(TuneObjective::kEvidence, {}, X, y, arma::vec{30.0}, std::log(0.1), ws).ok);
  // Non-finite parameters are not a point either.
  EXPECT_FALSE(gp_objective(TuneObjective::kGcv, {}, X, y, arma::vec{NAN}, 0.0, ws).ok);
  EXPECT_FALSE(gp_objective(TuneObjective::kGcv, {}, X, y, arma::vec{0.0}, INFINITY, ws).ok);
  EXPECT_FALSE(gp_objective(TuneObjective::kGcv, {}, X, y, arma::vec{800.0}, 0.0, ws).ok);  // sigma = inf
  // A zero target has no evidence (s^2 = 0).
  EXPECT_FALSE(
      gp_objective(TuneObjective::kEvidence, {}, X, arma::vec(20, arma::fill::zeros), arma::vec{0.0}, 0.0, ws).ok);
}

TEST(GpObjective, WrongSizesAreProgrammingErrors) {
  const arma::mat X(5, 3, arma::fill::randu);
  GpWorkspace ws;
  EXPECT_THROW(gp_objective(TuneObjective::kEvidence, {}, X, arma::vec(4), arma::vec{0.0}, 0.0, ws), std::logic_error);
  EXPECT_THROW(gp_objective(TuneObjective::kEvidence, {}, X, arma::vec(5), arma::vec(2), 0.0, ws), std::logic_error);
}

TEST(GpObjective, TheSameBitsAtAnyThreadCount) {
  arma::arma_rng::set_seed(7);
  const arma::mat X = arma::randn(600, 4);
  const arma::vec y = arma::sin(X.col(0)) + 0.1 * arma::randn(600);
  const arma::vec log_sigma = {0.1, 0.4, -0.2, 1.0};
  for (TuneObjective o : {TuneObjective::kEvidence, TuneObjective::kLoo, TuneObjective::kGcv}) {
    GpWorkspace ws;
    set_compute_threads(1);
    const GpObjectiveValue one = gp_objective(o, {GpKernel::kMatern52}, X, y, log_sigma, std::log(0.05), ws);
    set_compute_threads(2);
    const GpObjectiveValue two = gp_objective(o, {GpKernel::kMatern52}, X, y, log_sigma, std::log(0.05), ws);
    set_compute_threads(1);
    ASSERT_TRUE(one.ok && two.ok);
    EXPECT_EQ(one.value, two.value) << to_string(o);
    EXPECT_TRUE(arma::all(one.gradient == two.gradient)) << to_string(o);
  }
}

TEST(TuneObjective, NamesRoundTrip) {
  for (TuneObjective o : {TuneObjective::kEvidence, TuneObjective::kLoo, TuneObjective::kGcv}) {
    TuneObjective back = TuneObjective::kGcv;
    ASSERT_TRUE(parse_tune_objective(to_string(o), back));
    EXPECT_EQ(back, o);
  }
  TuneObjective o;
  EXPECT_FALSE(parse_tune_objective("marginal", o));
  EXPECT_FALSE(parse_tune_objective("", o));
}

}  // namespace
}  // namespace kreg::test
