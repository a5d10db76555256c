// Kernel, method and solver names are read in any letter case ("RBF", "Gaussian", "KRR",
// "FISTA"), on the command line and in config files, and kept in their canonical lower case:
// the outputs are byte-identical to those of the lower-case names. Model files stay strict.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "kreg/core/suggest.h"
#include "kreg/kernels/kernel.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/model/model_json.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

std::string sine_csv() { return source_path("data/sine_train.csv"); }

// The model file of `kreg fit` on the sine data with `extra` options.
std::string fitted_model(const std::string& dir, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"fit", "--data", sine_csv(), "--target", "y", "--model", dir + "/m.json", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return read_text(dir + "/m.json");
}

TEST(NameCase, CanonicalNameMatchesButForLetterCaseOnly) {
  const std::vector<std::string> names = {"krr", "kgf", "kl1"};
  EXPECT_EQ(canonical_name("KRR", names), "krr");
  EXPECT_EQ(canonical_name("Kl1", names), "kl1");
  EXPECT_EQ(canonical_name("krr", names), "krr");
  EXPECT_EQ(canonical_name("krrr", names), "krrr");  // not a case variant: left for the caller to refuse
  EXPECT_EQ(canonical_name("", names), "");
  EXPECT_TRUE(equal_ignoring_case("RBF", "rbf"));
  EXPECT_FALSE(equal_ignoring_case("rbf", "rbf2"));
  ASSERT_NE(find_kernel_type("RBF"), nullptr);
  EXPECT_EQ(find_kernel_type("RBF")->name, "gaussian");
  EXPECT_EQ(find_kernel_type("Matern52")->name, "matern52");
  EXPECT_EQ(find_kernel_type("gauss"), nullptr);
  EXPECT_EQ(canonical_kernel_name("RBF + Linear"), "gaussian+linear");
  EXPECT_EQ(canonical_kernel_name("Gaussian(bandwidth=2) * POLY(degree=3)"),
            "gaussian(bandwidth=2)*polynomial(degree=3)");
}

TEST(NameCase, FitModelsAreByteIdenticalToLowerCaseNames) {
  const std::string dir = scratch_dir();
  struct Pair {
    std::vector<std::string> upper, lower;
  };
  const std::vector<Pair> pairs = {
      {{"--method", "KRR", "--kernel", "RBF", "--bandwidth", "0.5", "--lambda", "0.01"},
       {"--method", "krr", "--kernel", "gaussian", "--bandwidth", "0.5", "--lambda", "0.01"}},
      {{"--kernel", "Gaussian", "--lambda", "0.1"}, {"--kernel", "gaussian", "--lambda", "0.1"}},
      {{"--kernel", "RBF + Linear", "--lambda", "0.1"}, {"--kernel", "gaussian+linear", "--lambda", "0.1"}},
      {{"--method", "KGF", "--kernel", "Laplace", "--t", "5"}, {"--method", "kgf", "--kernel", "laplace", "--t", "5"}},
      {{"--method", "KL1", "--solver", "FISTA", "--lambda", "0.1", "--standardize", "Both"},
       {"--method", "kl1", "--solver", "fista", "--lambda", "0.1", "--standardize", "both"}},
      {{"--solver", "Nystrom", "--centers", "10", "--centers-by", "Leverage"},
       {"--solver", "nystrom", "--centers", "10", "--centers-by", "leverage"}},
  };
  for (const Pair& p : pairs) {
    SCOPED_TRACE(p.upper[1]);
    const std::string upper = fitted_model(dir, p.upper);
    const std::string lower = fitted_model(dir, p.lower);
    EXPECT_EQ(upper, lower);
  }
  // What the model records: the canonical names.
  const auto j = nlohmann::json::parse(fitted_model(dir, {"--method", "KGF", "--kernel", "RBF + Linear"}));
  EXPECT_EQ(j.at("method"), "kgf");
  EXPECT_EQ(j.at("kernel").at("name"), "sum");
  EXPECT_EQ(j.at("kernel").at("parts").at(0).at("name"), "gaussian");
  EXPECT_EQ(j.at("kernel").at("parts").at(1).at("name"), "linear");
}

TEST(NameCase, ConfigFileNamesInAnyCase) {
  const std::string dir = scratch_dir();
  write_text(dir + "/cfg.json", R"({"method": "KGF", "kernel": "Cauchy", "t": 3, "lambda_scaling": "N"})");
  const std::string upper = fitted_model(dir, {"--config", dir + "/cfg.json"});
  write_text(dir + "/cfg.json", R"({"method": "kgf", "kernel": "cauchy", "t": 3, "lambda_scaling": "n"})");
  EXPECT_EQ(upper, fitted_model(dir, {"--config", dir + "/cfg.json"}));
}

// cv prints and writes the canonical names; its tables equal those of the lower-case run.
TEST(NameCase, CvTablesAndBestFileUseCanonicalNames) {
  const std::string dir = scratch_dir();
  auto cv = [&](const std::string& tag, const std::string& method, const std::string& kernel) {
    const CliResult r = run_cli({"cv", "--data", sine_csv(), "--target", "y", "--method", method, "--kernel", kernel,
                                 "--bandwidth-grid", "0.3,1", "--lambda-grid", "0.01,0.1", "--folds", "4", "--output",
                                 dir + "/" + tag + ".csv", "--best", dir + "/" + tag + ".json"});
    EXPECT_EQ(r.status, 0) << r.err;
    return r.out;
  };
  const std::string upper_out = cv("upper", "KRR", "RBF");
  const std::string lower_out = cv("lower", "krr", "gaussian");
  EXPECT_EQ(upper_out, lower_out);
  EXPECT_NE(upper_out.find("cv krr:"), std::string::npos) << upper_out;
  EXPECT_EQ(read_text(dir + "/upper.csv"), read_text(dir + "/lower.csv"));
  const auto best = nlohmann::json::parse(read_text(dir + "/upper.json"));
  EXPECT_EQ(best.at("method"), "krr");
  EXPECT_EQ(best.at("kernel"), "gaussian");
}

// A model file is kreg's own output: it holds canonical names, and another spelling is refused.
TEST(NameCase, ModelFilesStayStrict) {
  const std::string dir = scratch_dir();
  std::string text = fitted_model(dir, {"--kernel", "RBF"});
  const std::string from = "\"name\": \"gaussian\"";
  ASSERT_NE(text.find(from), std::string::npos) << text;
  text.replace(text.find(from), from.size(), "\"name\": \"Gaussian\"");
  write_text(dir + "/edited.json", text);
  const CliResult r = run_cli({"predict", "--model", dir + "/edited.json", "--data", sine_csv()});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown kernel 'Gaussian'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace kreg::test
