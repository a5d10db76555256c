// Every registered kernel type and operator, through everything the registry promises: a
// kernel built from settings survives its model-file form (to_json -> kernel_from_json) and its
// settings form (settings() -> make_kernel) with the same values on random points; expressions
// parse with precedence and grouping; errors name the key at fault.
#include <gtest/gtest.h>

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg::test {
namespace {

// A value of each parameter away from its default, inside its range.
KernelSettings unusual_values(const std::string& name) {
  KernelSettings s;
  s.name = name;
  for (const KernelParameter* p : kernel_parameters()) s.set(p->key, p->integer ? 3.0 : 0.7 * p->default_value + 0.1);
  return s;
}

void expect_same_gram(const Kernel& a, const Kernel& b) {
  arma::arma_rng::set_seed(3);
  const arma::mat X = arma::randn(9, 2);
  const arma::mat Ka = gram(a, X), Kb = gram(b, X);
  EXPECT_TRUE(arma::approx_equal(Ka, Kb, "absdiff", 0.0)) << a.text() << " vs " << b.text();
}

TEST(KernelRegistry, EveryTypeSurvivesItsModelFileAndSettingsForms) {
  for (const KernelType& type : kernel_types()) {
    SCOPED_TRACE(type.name);
    const Kernel k = make_kernel(unusual_values(type.name));
    const Kernel from_file = kernel_from_json(nlohmann::json::parse(k.to_json().dump()));
    EXPECT_EQ(from_file.text(), k.text());
    expect_same_gram(k, from_file);
    const Kernel from_settings = make_kernel(k.settings());
    EXPECT_EQ(from_settings.text(), k.text());
    expect_same_gram(k, from_settings);
    for (const KernelParameter& p : type.parameters) {  // every parameter is in the file, with its value
      ASSERT_TRUE(k.to_json().contains(p.key)) << p.key;
      EXPECT_EQ(k.to_json()[p.key].get<double>(), unusual_values(type.name).value(p.key));
    }
  }
}

TEST(KernelRegistry, CombinationsFollowTheirFormulasAndSurviveTheModelFile) {
  KernelSettings s;
  s.name = "gaussian(bandwidth=0.5)+linear*polynomial(degree=2,offset=1)";
  const Kernel k = make_kernel(s);
  EXPECT_EQ(k.input(), KernelInput::kBoth);
  const double d2 = 0.8, g = 0.3;
  EXPECT_DOUBLE_EQ(k(d2, g), std::exp(-d2 / (2 * 0.25)) + g * (g + 1) * (g + 1));
  const Kernel back = kernel_from_json(nlohmann::json::parse(k.to_json().dump()));
  EXPECT_EQ(back.text(), k.text());
  expect_same_gram(k, back);
  s.name = "(gaussian+linear)*periodic";
  const Kernel grouped = make_kernel(s);
  EXPECT_EQ(grouped.text(), "(gaussian(bandwidth=1)+linear)*periodic(bandwidth=1,period=1)");
  const double r = std::sqrt(d2), sp = std::sin(M_PI * r);
  EXPECT_DOUBLE_EQ(grouped(d2, g), (std::exp(-d2 / 2) + g) * std::exp(-2 * sp * sp));
  EXPECT_FALSE(grouped.is_linear());
  s.name = "linear";
  EXPECT_TRUE(make_kernel(s).is_linear());
}

TEST(KernelRegistry, OptionKeysAreThoseNotFixedInline) {
  EXPECT_EQ(kernel_option_keys("polynomial"), (std::vector<std::string>{"degree", "offset"}));
  EXPECT_EQ(kernel_option_keys("gaussian+linear"), (std::vector<std::string>{"bandwidth"}));
  EXPECT_EQ(kernel_option_keys("gaussian(bandwidth=3)*periodic+rational_quadratic(shape=2)"),
            (std::vector<std::string>{"bandwidth", "period"}));
  EXPECT_EQ(canonical_kernel_name(" rbf + poly (degree = 3) "), "gaussian+polynomial(degree=3)");
}

std::string config_error(const std::string& name, std::string* key = nullptr) {
  KernelSettings s;
  s.name = name;
  s.set("shape", -1.0);
  try {
    make_kernel(s);
  } catch (const ConfigError& e) {
    if (key) *key = e.key();
    return e.what();
  }
  return "";
}

TEST(KernelRegistry, ErrorsNameTheKeyAndThePlace) {
  std::string key;
  EXPECT_NE(config_error("gaussian+sigmoid", &key).find("unknown kernel 'sigmoid'"), std::string::npos);
  EXPECT_EQ(key, "kernel");
  EXPECT_NE(config_error("gaussian+", &key).find("a kernel name is missing at position 10"), std::string::npos);
  EXPECT_NE(config_error("gaussian(period=2)").find("gaussian has no parameter 'period'"), std::string::npos);
  EXPECT_NE(config_error("gaussian(bandwidth=-1)").find("bandwidth: must be a finite number > 0"), std::string::npos);
  EXPECT_NE(config_error("gaussian(bandwidth=1").find("expected ')'"), std::string::npos);
  EXPECT_NE(config_error("rational_quadratic", &key).find("must be a finite number > 0, got -1"), std::string::npos);
  EXPECT_EQ(key, "shape");  // an option value: the option is named
  EXPECT_EQ(config_error("rational_quadratic(shape=2)"), "");
  EXPECT_NE(config_error(std::string(100000, '(') + "linear").find("nested more than 64 levels"), std::string::npos);
}

TEST(KernelRegistry, ModelFileErrorsNameThePathInsideTheKernel) {
  const auto key_of = [](const std::string& text) {
    try {
      kernel_from_json(nlohmann::json::parse(text));
    } catch (const ConfigError& e) {
      return e.key();
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(key_of(R"({"name": "sum", "parts": [{"name": "gaussian", "bandwidth": 1}, {"name": "periodic"}]})"),
            "parts[1].bandwidth");
  EXPECT_EQ(key_of(R"({"name": "polynomial", "degree": 2.5, "offset": 1})"), "degree");
  EXPECT_EQ(key_of(R"({"name": "product", "parts": [{"name": "linear"}]})"), "parts");
  EXPECT_EQ(key_of(R"({"name": "rbf", "bandwidth": 1})"), "name");  // files hold canonical names
}

}  // namespace
}  // namespace kreg::test
