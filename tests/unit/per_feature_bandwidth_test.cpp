// One bandwidth per feature (automatic relevance determination): every Gram routine agrees with
// the anisotropic formulas evaluated pair by pair, equal entries give the kernel of that one
// bandwidth, the kernels that take a vector are exactly those with k(r; sigma) = k(r / sigma; 1),
// and every misuse is a ConfigError naming the key.
#include "kreg/kernels/per_feature_bandwidth.h"

#include <gtest/gtest.h>

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/select/kernel_grid.h"

namespace kreg::test {
namespace {

const std::vector<std::string> kLengthScaleKernels = {"gaussian", "laplace", "matern32",
                                                      "matern52", "cauchy",  "rational_quadratic"};

// The isotropic formulas at bandwidth 1 of the scaled distance r, written out independently of
// src/kreg/kernels (rational quadratic shape 0.7).
double unit_formula(const std::string& name, double r) {
  if (name == "gaussian") return std::exp(-0.5 * r * r);
  if (name == "laplace") return std::exp(-r);
  if (name == "matern32") return (1 + std::sqrt(3.0) * r) * std::exp(-std::sqrt(3.0) * r);
  if (name == "matern52") return (1 + std::sqrt(5.0) * r + 5 * r * r / 3) * std::exp(-std::sqrt(5.0) * r);
  if (name == "cauchy") return 1 / (1 + r * r);
  if (name == "rational_quadratic") return std::pow(1 + r * r / (2 * 0.7), -0.7);
  ADD_FAILURE() << "no formula in this test for " << name;
  return NAN;
}

// sqrt(sum_d ((a_d - b_d) / sigma_d)^2), directly.
double scaled_distance(const arma::rowvec& a, const arma::rowvec& b, const std::vector<double>& sigma) {
  double s = 0.0;
  for (arma::uword d = 0; d < a.n_elem; ++d) s += std::pow((a(d) - b(d)) / sigma[d], 2);
  return std::sqrt(s);
}

KernelSettings per_feature_settings(const std::string& name, const std::vector<double>& sigma) {
  KernelSettings s;
  s.name = name;
  s.set("shape", 0.7);
  s.per_feature["bandwidth"] = sigma;
  return s;
}

double relative(double a, double b) { return std::abs(a - b) / std::max(1.0, std::abs(b)); }

TEST(PerFeatureBandwidth, EveryGramRoutineMatchesTheAnisotropicFormula) {
  arma::arma_rng::set_seed(11);
  arma::mat A = arma::randn(29, 3), B = arma::randn(9, 3);
  A.row(4) = A.row(2);         // an exact duplicate
  A.row(5) = A.row(2) + 1e-9;  // a near duplicate: recomputed directly, on the scaled rows
  B.row(1) = A.row(7);
  const std::vector<double> sigma = {0.3, 2.5, 1.1};
  for (const std::string& name : kLengthScaleKernels) {
    SCOPED_TRACE(name);
    const Kernel k = make_kernel(per_feature_settings(name, sigma));
    ASSERT_EQ(k.length_scales(), sigma);
    const arma::mat K = gram(k, A), L = gram_lower(k, A), C = cross_gram(k, A, B);
    arma::mat Cb;
    cross_gram_into(k, A, row_squared_norms(k, A), B, row_squared_norms(k, B), Cb);
    EXPECT_TRUE(K.is_symmetric(0.0));
    double worst = 0.0;
    for (arma::uword i = 0; i < A.n_rows; ++i) {
      for (arma::uword j = 0; j < A.n_rows; ++j) {
        const double e = unit_formula(name, scaled_distance(A.row(i), A.row(j), sigma));
        worst = std::max(worst, relative(K(i, j), e));
        if (i >= j) worst = std::max(worst, relative(L(i, j), e));
      }
      for (arma::uword j = 0; j < B.n_rows; ++j) {
        const double e = unit_formula(name, scaled_distance(A.row(i), B.row(j), sigma));
        worst = std::max(worst, std::max(relative(C(i, j), e), relative(Cb(i, j), e)));
      }
    }
    EXPECT_LE(worst, 1e-13);
    EXPECT_EQ(K(4, 2), 1.0);  // a point and its duplicate: distance 0 after scaling too
  }
}

TEST(PerFeatureBandwidth, EqualEntriesAreTheKernelOfThatBandwidth) {
  arma::arma_rng::set_seed(3);
  const arma::mat A = arma::randn(40, 4), B = arma::randn(7, 4);
  for (const std::string& name : kLengthScaleKernels) {
    SCOPED_TRACE(name);
    KernelSettings one;
    one.name = name;
    one.set("shape", 0.7);
    one.set("bandwidth", 1.7);
    const Kernel iso = make_kernel(one), ard = make_kernel(per_feature_settings(name, {1.7, 1.7, 1.7, 1.7}));
    const arma::mat Ki = gram(iso, A), Ka = gram(ard, A);
    const arma::mat Ci = cross_gram(iso, A, B), Ca = cross_gram(ard, A, B);
    EXPECT_LE(arma::abs(Ki - Ka).max(), 1e-13);
    EXPECT_LE(arma::abs(Ci - Ca).max(), 1e-13);
  }
}

// The registry's claim behind length_scale, checked on the formulas themselves: k(r; sigma) =
// k(r / sigma; 1) for each kernel that takes a vector, and not for periodic (whose sigma scales
// sin^2), which refuses one.
TEST(PerFeatureBandwidth, LengthScaleKernelsAreFunctionsOfRadiusOverBandwidth) {
  std::vector<std::string> flagged;
  for (const KernelType& t : kernel_types())
    if (t.length_scale) flagged.push_back(t.name);
  EXPECT_EQ(flagged, kLengthScaleKernels);
  EXPECT_EQ(length_scale_kernel_names(), kLengthScaleKernels);
  for (const std::string& name : std::vector<std::string>{"gaussian", "laplace", "matern32", "matern52", "cauchy",
                                                          "rational_quadratic", "periodic"}) {
    SCOPED_TRACE(name);
    KernelSettings at_sigma, at_one;
    at_sigma.name = at_one.name = name;
    at_sigma.set("bandwidth", 2.9);
    at_one.set("bandwidth", 1.0);
    at_sigma.set("period", 3.0);
    at_one.set("period", 3.0);
    const Kernel ks = make_kernel(at_sigma), k1 = make_kernel(at_one);
    double worst = 0.0;
    for (double r : {0.1, 0.7, 1.3, 2.2, 4.0}) worst = std::max(worst, std::abs(ks(r * r, 0) - k1(r * r / 8.41, 0)));
    if (name == "periodic")
      EXPECT_GT(worst, 1e-3);
    else
      EXPECT_LE(worst, 1e-14);
  }
}

// The message of the ConfigError make_kernel throws; "" when it throws none.
std::string refusal(const KernelSettings& s, std::string* key = nullptr) {
  try {
    make_kernel(s);
  } catch (const ConfigError& e) {
    if (key != nullptr) *key = e.key();
    return e.problem();
  }
  return "";
}

TEST(PerFeatureBandwidth, MisuseIsAConfigErrorNamingBandwidth) {
  struct Case {
    std::string kernel;
    std::vector<double> sigma;
    std::string must_say;
  };
  const std::vector<Case> cases = {
      {"linear", {1, 2}, "linear has no bandwidth"},
      {"polynomial", {1, 2}, "polynomial has no bandwidth"},
      {"periodic", {1, 2}, "periodic takes one bandwidth"},
      {"gaussian+linear", {1, 2}, "not the combination 'gaussian+linear'"},
      {"gaussian*laplace", {1, 2}, "not the combination"},
      {"gaussian(bandwidth=2)", {1, 2}, "fixes its bandwidth inline"},
      {"gaussian", {1, 0, 2}, "value 2 of 3 must be a finite number > 0, got 0"},
      {"laplace", {1, 2, -3}, "value 3 of 3 must be a finite number > 0, got -3"},
      {"matern52", {NAN, 2}, "value 1 of 2 must be a finite number > 0, got nan"},
      {"cauchy", {1, HUGE_VAL}, "value 2 of 2 must be a finite number > 0, got inf"},
      {"gaussian", {1e-200, 1}, "value 1 of 2 must lie between 1e-150 and 1e150"},
      {"gaussian", {}, "empty"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.kernel);
    KernelSettings s;
    s.name = c.kernel;
    s.per_feature["bandwidth"] = c.sigma;
    std::string key;
    const std::string problem = refusal(s, &key);
    EXPECT_EQ(key, "bandwidth");
    EXPECT_NE(problem.find(c.must_say), std::string::npos) << problem;
    if (problem.find("length scale") != std::string::npos)  // the kernels that take one per feature, named
      for (const std::string& name : kLengthScaleKernels) EXPECT_NE(problem.find(name), std::string::npos);
  }
}

TEST(PerFeatureBandwidth, RowsOfAnotherWidthAreRefusedByTheGramRoutines) {
  const Kernel k = make_kernel(per_feature_settings("gaussian", {1, 2, 3}));
  const arma::mat A(5, 2, arma::fill::randn);
  EXPECT_THROW(gram(k, A), ConfigError);
  EXPECT_THROW(cross_gram(k, A, A), ConfigError);
  EXPECT_THROW(row_squared_norms(k, A), ConfigError);
  try {
    gram(k, A);
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "bandwidth");
    EXPECT_NE(e.problem().find("3 values, one per feature, for 2 features"), std::string::npos) << e.what();
  }
  Dataset data;
  data.X = A;
  data.feature_names = {"u", "v"};
  data.source = "train.csv";
  try {
    require_bandwidth_per_feature(k, data);
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "bandwidth");
    EXPECT_NE(e.problem().find("3 values, one per feature, but train.csv has 2 feature columns (u, v)"),
              std::string::npos)
        << e.what();
  }
}

TEST(PerFeatureBandwidth, ModelFormIsAListThatReadsBackToTheSameKernel) {
  KernelSettings s = per_feature_settings("rational_quadratic", {0.5, 2, 1.3});
  const Kernel k = make_kernel(s);
  const nlohmann::ordered_json j = k.to_json();
  EXPECT_EQ(j.dump(), R"({"name":"rational_quadratic","bandwidth":[0.5,2.0,1.3],"shape":0.7})");
  const Kernel back = kernel_from_json(nlohmann::json::parse(j.dump()));
  EXPECT_EQ(back.length_scales(), k.length_scales());
  EXPECT_EQ(back.to_json(), j);
  EXPECT_EQ(k.text(), "rational_quadratic(bandwidth=[0.5,2,1.3],shape=0.7)");
  const KernelSettings again = k.settings();
  ASSERT_NE(again.per_feature_values("bandwidth"), nullptr);
  EXPECT_EQ(*again.per_feature_values("bandwidth"), (std::vector<double>{0.5, 2, 1.3}));
  EXPECT_EQ(make_kernel(again).to_json(), j);
  // One bandwidth stays a number, as before.
  KernelSettings one;
  one.set("bandwidth", 2);
  EXPECT_EQ(make_kernel(one).to_json().dump(), R"({"name":"gaussian","bandwidth":2.0})");
}

TEST(PerFeatureBandwidth, ModelFormErrorsNameTheKeyPath) {
  const auto key_of = [](const std::string& text) {
    try {
      kernel_from_json(nlohmann::json::parse(text));
    } catch (const ConfigError& e) {
      return e.key() + ": " + e.problem();
    }
    return std::string("no error");
  };
  EXPECT_NE(key_of(R"({"name":"gaussian","bandwidth":[1,-2]})").find("bandwidth[1]: must be a finite number > 0"),
            std::string::npos);
  EXPECT_NE(key_of(R"({"name":"gaussian","bandwidth":[1,"a"]})").find("bandwidth[1]: expected a number"),
            std::string::npos);
  EXPECT_NE(key_of(R"({"name":"gaussian","bandwidth":[]})").find("bandwidth: expected a number"), std::string::npos);
  EXPECT_NE(key_of(R"({"name":"periodic","bandwidth":[1,2],"period":1})").find("bandwidth: one value per feature"),
            std::string::npos);
  EXPECT_NE(key_of(R"({"name":"sum","parts":[{"name":"gaussian","bandwidth":[1,2]},{"name":"linear"}]})")
                .find("parts[0].bandwidth: one value per feature is for a single kernel"),
            std::string::npos);
}

TEST(PerFeatureBandwidth, ABandwidthGridBesidePerFeatureValuesIsRefused) {
  try {
    kernel_grid_points(per_feature_settings("gaussian", {1, 2}), {{"bandwidth", {0.5, 1.0}}});
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "bandwidth_grid");
  }
  // Other grids vary beside them: the rational quadratic's shape.
  const auto points = kernel_grid_points(per_feature_settings("rational_quadratic", {1, 2}), {{"shape", {0.5, 2}}});
  ASSERT_EQ(points.size(), 2u);
  for (const KernelSettings& p : points) EXPECT_NE(p.per_feature_values("bandwidth"), nullptr);
}

}  // namespace
}  // namespace kreg::test
