// The analytic gradients of the Gaussian-process objectives (src/kreg/gp/gp_objective.h)
// against central finite differences in theta = (log sigma_1..q, log lambda), for every kernel,
// one bandwidth and one per feature, on the two fixture data sets.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "gp_test_data.h"
#include "kreg/gp/gp_objective.h"

namespace kreg::test {
namespace {

struct GradientCheck {
  double worst = 0.0;  ///< largest |fd - analytic| / max(|analytic_j|, 1e-3 ||analytic||_inf)
  arma::vec analytic, numeric;
};

// Central differences with step h in each entry of theta.
GradientCheck check(TuneObjective o, const GpKernelShape& k, const GpData& d, const arma::vec& log_sigma,
                    double log_lambda, double h = 1e-5) {
  GpWorkspace ws;
  const GpEvaluationOptions opt{d.target_scale, true};
  const GpObjectiveValue at = gp_objective(o, k, d.X, d.y, log_sigma, log_lambda, ws, opt);
  EXPECT_TRUE(at.ok) << at.reason;
  GradientCheck c;
  c.analytic = at.gradient;
  const arma::uword q = log_sigma.n_elem;
  c.numeric.set_size(q + 1);
  for (arma::uword j = 0; j <= q; ++j) {
    arma::vec ls_plus = log_sigma, ls_minus = log_sigma;
    double ll_plus = log_lambda, ll_minus = log_lambda;
    if (j < q) {
      ls_plus(j) += h;
      ls_minus(j) -= h;
    } else {
      ll_plus += h;
      ll_minus -= h;
    }
    const GpEvaluationOptions value_only{d.target_scale, false};
    const double fp = gp_objective(o, k, d.X, d.y, ls_plus, ll_plus, ws, value_only).value;
    const double fm = gp_objective(o, k, d.X, d.y, ls_minus, ll_minus, ws, value_only).value;
    c.numeric(j) = (fp - fm) / (2.0 * h);
  }
  const double floor = 1e-3 * arma::abs(c.analytic).max();
  for (arma::uword j = 0; j <= q; ++j)
    c.worst = std::max(c.worst, std::abs(c.numeric(j) - c.analytic(j)) / std::max(std::abs(c.analytic(j)), floor));
  return c;
}

const GpKernelShape kKernels[] = {{GpKernel::kGaussian},
                                  {GpKernel::kLaplace},
                                  {GpKernel::kMatern32},
                                  {GpKernel::kMatern52},
                                  {GpKernel::kCauchy},
                                  {GpKernel::kRationalQuadratic, 2.0},
                                  {GpKernel::kRationalQuadratic, 0.7}};

void check_all(const GpData& d, const arma::vec& ard_log_sigma, const std::string& name) {
  double worst = 0.0;
  for (TuneObjective o : {TuneObjective::kEvidence, TuneObjective::kLoo, TuneObjective::kGcv})
    for (const GpKernelShape& k : kKernels)
      for (const arma::vec& ls : {arma::vec{std::log(1.4)}, ard_log_sigma})
        for (double lambda : {3e-3, 0.2}) {
          const GradientCheck c = check(o, k, d, ls, std::log(lambda));
          EXPECT_LE(c.worst, 1e-5) << name << " " << to_string(o) << " " << gp_kernel_name(k.kernel) << " shape "
                                   << k.shape << " lambda " << lambda << "\nanalytic " << c.analytic.t() << "numeric  "
                                   << c.numeric.t();
          worst = std::max(worst, c.worst);
        }
  std::printf("[ gp ] %s: largest relative gradient difference %.2g\n", name.c_str(), worst);
}

TEST(GpGradient, EqualsCentralDifferencesOnTheSyntheticSet) {
  const GpData d = gp_fixture_data("gp_synthetic.csv", "y");
  check_all(d, arma::log(arma::vec{0.8, 1.7, 3.0}), "synthetic (p = 3)");
}

TEST(GpGradient, EqualsCentralDifferencesOnTheCaliforniaSet) {
  const GpData d = gp_fixture_data("gp_california.csv", "MedHouseVal");
  check_all(d, arma::log(arma::vec{1.1, 3.4, 0.9, 2.2, 5.0, 1.6, 0.7, 2.8}), "california (p = 8)");
}

TEST(GpGradient, OneBandwidthIsTheSumOfThePerFeatureDerivatives) {
  // theta with sigma_d all equal: the kernels are equal, and d/dlog sigma = sum_d d/dlog sigma_d.
  const GpData d = gp_fixture_data("gp_california.csv", "MedHouseVal");
  GpWorkspace ws;
  for (TuneObjective o : {TuneObjective::kEvidence, TuneObjective::kLoo, TuneObjective::kGcv}) {
    const GpObjectiveValue one = gp_objective(o, {GpKernel::kMatern32}, d.X, d.y, arma::vec{0.5}, -2.0, ws);
    const GpObjectiveValue per =
        gp_objective(o, {GpKernel::kMatern32}, d.X, d.y, arma::vec(d.X.n_cols, arma::fill::value(0.5)), -2.0, ws);
    ASSERT_TRUE(one.ok && per.ok);
    EXPECT_NEAR(one.value, per.value, 1e-12 * std::abs(one.value));
    const double sum = arma::accu(per.gradient.head(d.X.n_cols));
    EXPECT_NEAR(one.gradient(0), sum, 1e-9 * std::abs(sum)) << to_string(o);
    EXPECT_NEAR(one.gradient(1), per.gradient(d.X.n_cols), 1e-10 * std::abs(one.gradient(1))) << to_string(o);
  }
}

}  // namespace
}  // namespace kreg::test
