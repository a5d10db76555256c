// The iterative methods against mathematics: kernel gradient descent approaches the kernel
// gradient flow closed form (Allerbo 2023, Lemma kgf_s; Remark 2 for momentum), and sign gradient
// descent on a diagonal K reaches Allerbo (2023)'s Proposition sgn_inf (b) closed form.
#include "kreg/solvers/descent.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "kreg/data/csv_table.h"
#include "kreg/data/metrics.h"
#include "kreg/kernels/gram.h"
#include "kreg/routes/train.h"
#include "test_data.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

double max_rel(const arma::vec& a, const arma::vec& b) { return arma::abs(a - b).max() / arma::abs(b).max(); }

// Gaussian Gram matrices of the training rows X and of the validation rows Xv against X.
struct Grams {
  arma::mat K, Kv;
};
Grams gaussian_grams(const arma::mat& X, const arma::mat& Xv, double bandwidth) {
  KernelSettings ks;
  ks.set("bandwidth", bandwidth);
  const Kernel k = make_kernel(ks);
  return {gram(k, X), cross_gram(k, Xv, X)};
}

// Early stopping after `patience` updates without strict improvement, at most max_iterations.
DescentOptions early_stopping_options(long max_iterations, long patience) {
  DescentOptions opt;
  opt.max_iterations = max_iterations;
  opt.early_stopping = true;
  opt.patience = patience;
  return opt;
}

// Early stopping as run_descent applies it (keep the best iterate, stop after `patience`
// updates without strict improvement, or at max_iterations), around a plain update
// alpha <- update(alpha) with the validation MSE recomputed from scratch every update.
struct PlainRun {
  arma::vec best_alpha;
  double best = INFINITY;
  long best_k = 0, k_stop = 0;
};
template <class Update>
PlainRun plain_early_stopping(const arma::mat& Kv, const arma::vec& yv, arma::uword n, long patience,
                              long max_iterations, Update update) {
  PlainRun run;
  arma::vec alpha(n, arma::fill::zeros);
  run.best_alpha = alpha;
  for (long it = 0;; ++it) {
    const double vm = arma::mean(arma::square(yv - Kv * alpha));
    if (vm < run.best) {
      run.best = vm, run.best_k = it, run.best_alpha = alpha;
    } else if (it - run.best_k >= patience) {
      run.k_stop = it;
      return run;
    }
    if (it >= max_iterations) {
      run.k_stop = it;
      return run;
    }
    update(alpha);
  }
}

TEST(Descent, KgdApproachesKgfClosedForm) {
  const Dataset tr = sine("train"), te = sine("test");
  FitSettings flow;
  flow.method = "kgf";
  flow.kernel.set("bandwidth", 0.5);
  FitSettings gd = flow;
  gd.method = "kgd";
  gd.step_size = 1e-4;
  for (double t : {1.0, 10.0, 100.0}) {
    flow.t = gd.t = t;
    gd.momentum = 0.0;
    const arma::vec expected = predict(train(tr, flow), te.X);
    EXPECT_LE(max_rel(predict(train(tr, gd), te.X), expected), 1e-3) << "t = " << t;
    // Heavy-ball momentum gamma: k updates behave like kgf at time k eta / (1 - gamma).
    gd.momentum = 0.5;
    gd.t = t * (1.0 - 0.5);
    EXPECT_LE(max_rel(predict(train(tr, gd), te.X), expected), 1e-3) << "momentum, t = " << t;
  }
}

TEST(Descent, SignGradientOnDiagonalKernelMatchesClosedForm) {
  // Points 1 apart with bandwidth 0.01: off-diagonal entries exp(-5000) are exactly 0.
  const arma::uword n = 30;
  arma::mat X = arma::regspace(0.0, static_cast<double>(n - 1));
  std::mt19937_64 rng(11);
  arma::vec y(n);
  for (auto& v : y) v = 4.0 * (static_cast<double>(rng() >> 11) * 0x1.0p-53) - 2.0;
  KernelSettings ks;
  ks.set("bandwidth", 0.01);
  const arma::mat K = gram(make_kernel(ks), X);
  ASSERT_TRUE(K.is_diagmat());
  FitSettings s;
  s.method = "ksgd";
  s.step_size = 1e-3;
  for (double t : {0.25, 0.8, 1.5, 3.0}) {
    DescentOptions opt;
    opt.max_iterations = std::lround(t / s.step_size);
    const arma::vec alpha = run_descent(K, y, s, nullptr, nullptr, opt).alpha;
    for (arma::uword i = 0; i < n; ++i) {
      const double ratio = y(i) / K(i, i);
      const double expected = (ratio > 0 ? 1.0 : -1.0) * std::min(t, std::abs(ratio));
      EXPECT_LE(std::abs(alpha(i) - expected), s.step_size * (1 + 1e-9)) << "t = " << t << ", i = " << i;
    }
  }
}

TEST(Descent, KcdIsSparseAndKegdInterpolates) {
  const Dataset tr = sine("train");
  FitSettings s;
  s.kernel.set("bandwidth", 0.1);
  s.step_size = 1e-3;
  s.t = 1.0;
  s.method = "kcd";
  const Model cd = train(tr, s);
  EXPECT_LT(cd.alpha.n_elem, 15u);  // only the points the expansion uses are kept
  EXPECT_EQ(cd.points.n_rows, cd.alpha.n_elem);
  // kegd with alpha_e = 1 and no momentum is kcd; with alpha_e = 0 it is kgd.
  s.method = "kegd";
  s.elastic_alpha = 1.0;
  EXPECT_TRUE(arma::approx_equal(train(tr, s).alpha, cd.alpha, "absdiff", 1e-12));
  s.elastic_alpha = 0.0;
  FitSettings g = s;
  g.method = "kgd";
  EXPECT_LE(max_rel(train(tr, s).alpha, train(tr, g).alpha), 1e-12);
}

TEST(Descent, EarlyStoppingKeepsTheBestIterate) {
  const Dataset tr = sine("train"), te = sine("test");
  FitSettings s;
  s.method = "kgd";
  s.kernel.set("bandwidth", 0.1);
  s.step_size = 1e-2;
  s.patience = 50;
  s.t_max = 200;
  const Model m = train(tr, s, &te);
  EXPECT_TRUE(m.summary.early_stopping);
  EXPECT_TRUE(m.summary.stopped_early);
  EXPECT_NEAR(m.summary.t, m.summary.iterations * 1e-2, 1e-12);
  // The chosen iterate's validation MSE is what predict gives, and no recorded iterate beats it.
  const double chosen = mse(te.y, predict(m, te.X));
  EXPECT_NEAR(chosen, m.summary.best_val_mse, 1e-12);
  for (long k : {m.summary.iterations - 20, m.summary.iterations + 20}) {
    FitSettings fixed = s;
    fixed.iterations = k;
    EXPECT_GE(mse(te.y, predict(train(tr, fixed), te.X)), chosen);
  }
}

}  // namespace
}  // namespace kreg::test

namespace kreg::test {
namespace {

// kcd takes runs of identical updates at once, with early stopping in closed form along each
// run; a plain loop that recomputes y - K alpha and the validation MSE every update must
// choose the same iteration and the same alpha.
TEST(Descent, KcdStraightRunsMatchThePlainLoop) {
  const Dataset tr = sine("train"), te = sine("test");
  const auto grams = gaussian_grams(tr.X, te.X, 0.08);
  const arma::mat& K = grams.K;  // (C++17 lambdas cannot capture structured bindings)
  const arma::mat& Kv = grams.Kv;
  FitSettings s;
  s.method = "kcd";
  s.step_size = 1e-4;
  for (long patience : {50L, 2000L}) {
    const DescentOptions opt = early_stopping_options(200000, patience);
    const DescentOutcome fast = run_descent(K, tr.y, s, &Kv, &te.y, opt);

    const PlainRun plain = plain_early_stopping(Kv, te.y, tr.n(), patience, opt.max_iterations, [&](arma::vec& alpha) {
      const arma::vec r = tr.y - K * alpha;
      const double m = arma::abs(r).max();
      for (arma::uword i = 0; i < r.n_elem; ++i)
        if (std::abs(r(i)) == m && r(i) != 0.0) alpha(i) += s.step_size * (r(i) > 0 ? 1.0 : -1.0);
    });
    EXPECT_EQ(fast.iterations, plain.best_k) << "patience " << patience;
    EXPECT_EQ(fast.iterations_run, plain.k_stop);
    EXPECT_LE(arma::abs(fast.alpha - plain.best_alpha).max(), 1e-9 * arma::abs(plain.best_alpha).max());
    std::printf("  patience %ld: best iteration %ld, stopped at %ld\n", patience, plain.best_k, plain.k_stop);
  }
}

}  // namespace
}  // namespace kreg::test

namespace kreg::test {
namespace {

// kgd in the eigenbasis jumps over updates that provably keep lowering the validation MSE;
// a plain loop (alpha += eta (y - K alpha), validation MSE every update) must choose the same
// iteration, stop at the same one and give the same alpha.
TEST(Descent, KgdDescentJumpsMatchThePlainLoop) {
  const Dataset tr = sine("train"), te = sine("test");
  for (double bandwidth : {0.5, 1.0, 2.0}) {
    const auto grams = gaussian_grams(tr.X, te.X, bandwidth);
    const arma::mat& K = grams.K;  // (C++17 lambdas cannot capture structured bindings)
    const arma::mat& Kv = grams.Kv;
    FitSettings s;
    s.method = "kgd";
    s.step_size = 1e-3;
    const DescentOptions opt = early_stopping_options(100000, 100);
    const DescentOutcome fast = run_descent(K, tr.y, s, &Kv, &te.y, opt);
    const PlainRun plain = plain_early_stopping(Kv, te.y, tr.n(), opt.patience, opt.max_iterations,
                                                [&](arma::vec& alpha) { alpha += s.step_size * (tr.y - K * alpha); });
    EXPECT_GT(fast.updates_jumped, plain.best_k / 2) << "bandwidth " << bandwidth;  // the jumps were taken
    EXPECT_EQ(fast.iterations, plain.best_k) << "bandwidth " << bandwidth;
    EXPECT_EQ(fast.iterations_run, plain.k_stop) << "bandwidth " << bandwidth;
    EXPECT_LE(arma::abs(fast.alpha - plain.best_alpha).max(), 1e-9 * arma::abs(plain.best_alpha).max());
    std::printf("  bandwidth %g: best iteration %ld (%ld of them jumped), stopped at %ld\n", bandwidth, plain.best_k,
                fast.updates_jumped, plain.k_stop);
  }
}

// ksgd's fused, vectorised update (K sign(r) kept up to date from the columns whose sign
// changed) against a plain loop that recomputes y - K alpha and the validation MSE every
// update, on n = 103 points (not a multiple of the vector width, so every tail is used).
TEST(Descent, KsgdMatchesThePlainLoop) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unif(-10.0, 10.0);
  std::cauchy_distribution<double> cauchy(0.0, 0.1);
  arma::mat X(103, 1), Xv(37, 1);
  arma::vec y(103), yv(37);
  for (arma::uword i = 0; i < 103; ++i) X(i, 0) = unif(rng), y(i) = std::sin(M_PI * X(i, 0) / 2) + cauchy(rng);
  for (arma::uword i = 0; i < 37; ++i) Xv(i, 0) = unif(rng), yv(i) = std::sin(M_PI * Xv(i, 0) / 2);
  const auto grams = gaussian_grams(X, Xv, 1.0);
  const arma::mat& K = grams.K;  // (C++17 lambdas cannot capture structured bindings)
  const arma::mat& Kv = grams.Kv;
  FitSettings s;
  s.method = "ksgd";
  s.step_size = 1e-3;
  const DescentOptions opt = early_stopping_options(20000, 300);
  const DescentOutcome fast = run_descent(K, y, s, &Kv, &yv, opt);

  const PlainRun plain = plain_early_stopping(Kv, yv, 103, opt.patience, opt.max_iterations, [&](arma::vec& alpha) {
    alpha += s.step_size * arma::sign(y - K * alpha);
  });
  EXPECT_GT(plain.best_k, 100);  // the run is long enough to exercise many sign changes
  EXPECT_EQ(fast.iterations, plain.best_k);
  EXPECT_EQ(fast.iterations_run, plain.k_stop);
  EXPECT_LE(arma::abs(fast.alpha - plain.best_alpha).max(), 1e-9 * arma::abs(plain.best_alpha).max());
  EXPECT_NEAR(fast.best_val_mse, plain.best, 1e-9 * plain.best);
}

}  // namespace
}  // namespace kreg::test

namespace kreg::test {
namespace {

// kcd when several |r_i| tie for the maximum (training points in triplicate give exactly equal
// residuals): every tied coordinate moves, as in the plain loop. The copies of point j sit at
// j, j + 16 and third(j), so two copies share a lane of the sixteen-lane leading-coordinate
// search and one does not; n = 36 is not a multiple of sixteen.
TEST(Descent, KcdWithTiedResidualsMatchesThePlainLoop) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unif(-3.0, 3.0);
  arma::mat X(36, 1), Xv(20, 1);
  arma::vec y(36), yv(20);
  auto third = [](arma::uword j) { return j < 4 ? 12 + j : 24 + j; };  // fills 12..15 and 28..35
  for (arma::uword i = 0; i < 12; ++i) {
    X(i, 0) = X(i + 16, 0) = X(third(i), 0) = unif(rng);
    y(i) = y(i + 16) = y(third(i)) = std::exp(-X(i, 0) * X(i, 0)) + 0.1 * unif(rng);
  }
  for (arma::uword i = 0; i < 20; ++i) Xv(i, 0) = unif(rng), yv(i) = std::exp(-Xv(i, 0) * Xv(i, 0));
  const auto grams = gaussian_grams(X, Xv, 0.5);
  const arma::mat& K = grams.K;  // (C++17 lambdas cannot capture structured bindings)
  const arma::mat& Kv = grams.Kv;
  FitSettings s;
  s.method = "kcd";
  s.step_size = 1e-3;
  const DescentOptions opt = early_stopping_options(30000, 200);
  const DescentOutcome fast = run_descent(K, y, s, &Kv, &yv, opt);

  long tied_updates = 0;
  const PlainRun plain = plain_early_stopping(Kv, yv, 36, opt.patience, opt.max_iterations, [&](arma::vec& alpha) {
    // y - K alpha summed in a fixed order, so that identical rows of K give identical residuals
    // (a BLAS product may round two equal rows differently).
    arma::vec r(36);
    for (arma::uword i = 0; i < 36; ++i) {
      double f = 0.0;
      for (arma::uword j = 0; j < 36; ++j) f += K(i, j) * alpha(j);
      r(i) = y(i) - f;
    }
    const double m = arma::abs(r).max();
    const arma::uvec lead = arma::find(arma::abs(r) == m && r != 0.0);
    tied_updates += lead.n_elem > 1;
    for (arma::uword i : lead) alpha(i) += s.step_size * (r(i) > 0 ? 1.0 : -1.0);
  });
  EXPECT_GT(tied_updates, 100);  // the ties are exercised
  EXPECT_EQ(fast.iterations, plain.best_k);
  EXPECT_EQ(fast.iterations_run, plain.k_stop);
  EXPECT_LE(arma::abs(fast.alpha - plain.best_alpha).max(), 1e-9 * arma::abs(plain.best_alpha).max());
}

}  // namespace
}  // namespace kreg::test
