// Paths from one eigendecomposition agree with direct fits at every grid point; df equals the
// trace of the hat matrix formed directly; Allerbo (2023)'s KGF/KRR bound and momentum identity.
#include "kreg/solvers/spectral_path.h"

#include <gtest/gtest.h>

#include "kreg/core/grid.h"
#include "kreg/data/csv_table.h"
#include "kreg/data/metrics.h"
#include "kreg/kernels/gram.h"
#include "kreg/routes/train.h"
#include "kreg/spectral/spectrum.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

double max_rel(const arma::vec& a, const arma::vec& b) { return arma::abs(a - b).max() / arma::abs(b).max(); }

TEST(SpectralPath, EveryPointEqualsDirectFitOnValidationData) {
  const Dataset tr = california("train"), val = california("test");
  for (const char* method : {"krr", "kgf"}) {
    for (const char* kernel : {"gaussian", "matern32", "linear"}) {
      SCOPED_TRACE(std::string(method) + "/" + kernel);
      FitSettings s;
      s.method = method;
      s.kernel.name = kernel;
      s.kernel.set("bandwidth", 2.0);
      s.momentum = std::string(method) == "kgf" ? 0.25 : 0.0;
      const std::vector<double> grid = std::string(method) == "krr" ? logspace(-3, 1, 9) : logspace(-1, 3, 9);
      const auto path = spectral_path(tr, &val, s, grid, true);
      ASSERT_EQ(path.size(), grid.size());
      const Standardization st = fit_standardization(tr.X, tr.y, s.standardize);
      const arma::mat Kv = cross_gram(make_kernel(s.kernel), st.transform_features(val.X), st.transform_features(tr.X));
      for (std::size_t g = 0; g < grid.size(); ++g) {
        FitSettings direct = s;
        (std::string(method) == "krr" ? direct.lambda : direct.t) = grid[g];
        const arma::vec expected = predict(kreg::train(tr, direct), val.X);
        const arma::vec from_path = st.inverse_target(Kv * path[g].alpha);
        EXPECT_LE(max_rel(from_path, expected), 1e-9) << "grid point " << grid[g];
        EXPECT_NEAR(path[g].val_mse, mse(val.y, expected), 1e-9 * path[g].val_mse);
      }
    }
  }
}

TEST(SpectralPath, DfEqualsTraceOfDirectHatMatrix) {
  const Dataset tr = california("train");
  FitSettings s;
  s.kernel.set("bandwidth", 1.5);
  const Standardization st = fit_standardization(tr.X, tr.y, s.standardize);
  const arma::mat K = gram(make_kernel(s.kernel), st.transform_features(tr.X));
  const arma::mat I = arma::eye(K.n_rows, K.n_rows);
  for (double lambda : {1e-3, 0.1, 10.0}) {
    s.method = "krr";
    const double df = spectral_path(tr, nullptr, s, {lambda}, false)[0].df;
    const double direct = arma::trace(arma::solve(K + lambda * I, K));  // K(K+lI)^-1 has the trace of (K+lI)^-1 K
    EXPECT_NEAR(df, direct, 1e-9 * direct);
  }
  for (double t : {0.1, 1.0, 10.0}) {
    s.method = "kgf";
    const double df = spectral_path(tr, nullptr, s, {t}, false)[0].df;
    const double direct = arma::trace(I - arma::expmat(-t * K));  // matrix exponential by Pade
    EXPECT_NEAR(df, direct, 1e-9 * direct);
  }
}

// Allerbo (2023), Proposition kgf_krr_diff (b): ||f_KGF(t) - f_KRR(1/t)||^2 <= 0.0415 ||y||^2 on
// the training points, for every t; and Remark 2: momentum gamma acts as time t / (1 - gamma).
TEST(SpectralPath, KgfKrrDifferenceBoundAndMomentum) {
  const Dataset tr = california("train");
  FitSettings s;
  s.kernel.set("bandwidth", 1.0);
  s.standardize = StandardizeMode::kFeatures;  // fitted values are K alpha of y itself
  const Spectrum spec =
      spectrum_for(make_kernel(s.kernel), fit_standardization(tr.X, tr.y, s.standardize).transform_features(tr.X));
  const arma::vec ytil = spec.U.t() * tr.y;
  const double y2 = arma::accu(arma::square(tr.y));
  double worst_ratio = 0.0;
  for (double t : logspace(-3, 4, 50)) {
    const arma::vec f_kgf = spec.U * (kgf_hat_filter(spec.mu, t) % ytil);
    const arma::vec f_krr = spec.U * (krr_hat_filter(spec.mu, 1.0 / t) % ytil);
    const double ratio = arma::accu(arma::square(f_kgf - f_krr)) / y2;
    EXPECT_LE(ratio, 0.0415) << "t = " << t;
    worst_ratio = std::max(worst_ratio, ratio);
  }
  EXPECT_GT(worst_ratio, 1e-3);  // the bound is exercised, not vacuous
  std::printf("  largest ||f_KGF(t) - f_KRR(1/t)||^2 / ||y||^2 over 50 t: %.4g (bound 0.0415)\n", worst_ratio);

  FitSettings plain = s, with_momentum = s;
  plain.method = with_momentum.method = "kgf";
  with_momentum.momentum = 0.6;
  with_momentum.t = 4.0;
  plain.t = 4.0 / (1.0 - 0.6);
  const Dataset val = california("test");
  EXPECT_LE(max_rel(predict(kreg::train(tr, with_momentum), val.X), predict(kreg::train(tr, plain), val.X)), 1e-12);
}

// The representer-theorem notes' primal-dual identity: for the linear kernel with p < n, krr is
// solved in the primal automatically and agrees with the dual solution.
TEST(SpectralPath, LinearKernelPrimalEqualsDual) {
  const Dataset tr = california("train"), val = california("test");
  FitSettings s;
  s.kernel.name = "linear";
  s.lambda = 0.5;
  const Model primal = kreg::train(tr, s);
  ASSERT_EQ(primal.beta.n_elem, tr.p());  // chosen automatically: p = 8 < n = 300
  EXPECT_TRUE(primal.alpha.empty());
  EXPECT_EQ(primal.points.n_rows, 0u);
  // Dual: alpha = (K + lambda I)^{-1} y with K = Z Z^T, predictions K_val alpha.
  const Standardization st = primal.standardization;
  const arma::mat Z = st.transform_features(tr.X), Zv = st.transform_features(val.X);
  const arma::vec alpha = arma::solve(Z * Z.t() + 0.5 * arma::eye(300, 300), st.transform_target(tr.y));
  const arma::vec dual = st.inverse_target(Zv * Z.t() * alpha);
  EXPECT_LE(max_rel(predict(primal, val.X), dual), 1e-9);

  // The primal spectrum (thin SVD) gives the same path as the dual eigendecomposition.
  const Kernel k = make_kernel(s.kernel);
  const Spectrum p_spec = spectrum_for(k, Z, true), d_spec = spectrum_for(k, Z, false);
  EXPECT_TRUE(p_spec.primal);
  EXPECT_FALSE(d_spec.primal);
  const auto path = spectral_path(tr, &val, s, {1e-2, 0.5, 50.0}, true);
  for (const auto& pt : path) {
    const arma::vec a = arma::solve(Z * Z.t() + pt.value * arma::eye(300, 300), st.transform_target(tr.y));
    EXPECT_LE(max_rel(pt.alpha, a), 1e-9);
  }
}

}  // namespace
}  // namespace kreg::test
