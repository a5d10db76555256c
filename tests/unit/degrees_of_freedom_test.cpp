// The degrees of freedom in a model's training summary, the trace of the hat matrix, against
// a dense eigendecomposition made here from the kernel's formula: krr sum mu/(mu + lambda)
// (dual by the Cholesky factor, primal by the p x p system), kgf sum 1 - e^{-t mu}; none (null
// in the file) for the methods that are no fixed linear smoother of y.
#include <gtest/gtest.h>

#include <cmath>

#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/inverse_trace.h"
#include "kreg/model/model_json.h"
#include "kreg/routes/train.h"
#include "test_data.h"

namespace kreg::test {
namespace {

// The training rows standardised with their own means and population standard deviations.
arma::mat standardised(const arma::mat& X) {
  arma::mat Z = X;
  for (arma::uword j = 0; j < Z.n_cols; ++j) {
    const double mean = arma::mean(X.col(j));
    const double sd = std::sqrt(arma::mean(arma::square(X.col(j) - mean)));
    Z.col(j) = (X.col(j) - mean) / sd;
  }
  return Z;
}


arma::vec eigenvalues(const arma::mat& K) {
  arma::vec mu;
  EXPECT_TRUE(arma::eig_sym(mu, K));
  return arma::clamp(mu, 0.0, arma::datum::inf);
}

TEST(InverseTrace, EqualsTraceOfTheInverseAtAnyThreadCount) {
  // Sizes around the block of 256 columns: one block, an exact multiple, a partial last block.
  for (arma::uword n : {1u, 5u, 256u, 600u}) {
    SCOPED_TRACE(n);
    arma::arma_rng::set_seed(static_cast<int>(n));
    const arma::mat B = arma::randn(n, n);
    const arma::mat A = B * B.t() + 0.5 * arma::eye(n, n);
    const double expected = arma::trace(arma::inv_sympd(A));
    set_compute_threads(1);
    const double one = inverse_trace(cholesky_in_place(A, "A"));
    set_compute_threads(2);
    const double two = inverse_trace(cholesky_in_place(A, "A"));
    set_compute_threads(1);
    EXPECT_NEAR(one, expected, 1e-10 * expected);
    EXPECT_EQ(one, two);  // the same bits
  }
}

TEST(DegreesOfFreedom, KrrDualEqualsSumOfMuOverMuPlusLambda) {
  const Dataset d = california("train", 200);
  const arma::vec mu = eigenvalues(reference_gaussian_gram(standardised(d.X), 1.5));
  for (const double lambda : {1e-3, 0.1, 10.0}) {
    for (const bool scaled : {false, true}) {
      SCOPED_TRACE(std::to_string(lambda) + (scaled ? " scaled by n" : ""));
      FitSettings s;
      s.kernel.set("bandwidth", 1.5);
      s.lambda = lambda;
      s.lambda_scaling = scaled ? LambdaScaling::kN : LambdaScaling::kNone;
      const double effective = scaled ? lambda * 200 : lambda;
      const double expected = arma::accu(mu / (mu + effective));
      const Model m = train(d, s);
      EXPECT_NEAR(m.summary.df, expected, 1e-8 * expected);
      EXPECT_GT(m.summary.df, 0.0);
      EXPECT_LT(m.summary.df, 200.0);
    }
  }
}

TEST(DegreesOfFreedom, KrrPrimalEqualsTheDualFormula) {
  // Linear kernel, p = 8 < n: solved in the primal; its df is that of X X^T in the dual.
  const Dataset d = california("train", 150);
  const arma::mat Z = standardised(d.X);
  const arma::vec mu = eigenvalues(Z * Z.t());
  FitSettings s;
  s.kernel.name = "linear";
  for (const double lambda : {0.0, 0.5, 50.0}) {
    SCOPED_TRACE(lambda);
    s.lambda = lambda;
    const Model m = train(d, s);
    ASSERT_FALSE(m.beta.empty());  // the primal route
    const double expected = lambda == 0.0 ? static_cast<double>(d.p()) : arma::accu(mu / (mu + lambda));
    EXPECT_NEAR(m.summary.df, expected, 1e-9 * expected);
  }
}

TEST(DegreesOfFreedom, KgfEqualsSumOfOneMinusExpMinusTMu) {
  const Dataset d = california("train", 200);
  const arma::vec mu = eigenvalues(reference_gaussian_gram(standardised(d.X), 2.0));
  FitSettings s;
  s.method = "kgf";
  s.kernel.set("bandwidth", 2.0);
  for (const double t : {0.5, 20.0, 5000.0}) {
    SCOPED_TRACE(t);
    s.t = t;
    s.momentum = 0.5;  // time t / (1 - gamma)
    const double expected = arma::accu(1.0 - arma::exp(-2.0 * t * mu));
    EXPECT_NEAR(train(d, s).summary.df, expected, 1e-8 * expected);
  }
}

TEST(DegreesOfFreedom, WrittenToTheModelFileAndNullWhereNone) {
  const Dataset d = california("train", 120);
  FitSettings s;
  s.kernel.set("bandwidth", 2.0);
  s.lambda = 0.1;
  const Model krr = train(d, s);
  const auto j = nlohmann::json::parse(model_to_json(krr).dump());
  ASSERT_TRUE(j.at("training_summary").at("df").is_number());
  EXPECT_DOUBLE_EQ(j["training_summary"]["df"].get<double>(), krr.summary.df);
  EXPECT_DOUBLE_EQ(model_from_text(model_to_json(krr).dump(), "m.json").summary.df, krr.summary.df);
  for (const char* method : {"kgd", "ksgd", "kl1"}) {
    SCOPED_TRACE(method);
    FitSettings o = s;
    o.method = method;
    o.t = 0.01;
    const Model m = train(d, o);
    EXPECT_TRUE(std::isnan(m.summary.df));
    EXPECT_TRUE(nlohmann::json::parse(model_to_json(m).dump()).at("training_summary").at("df").is_null());
  }
  FitSettings ny = s;
  ny.solver = Solver::kNystrom;
  ny.centers = 40;
  EXPECT_TRUE(std::isnan(train(d, ny).summary.df));
}

}  // namespace
}  // namespace kreg::test
