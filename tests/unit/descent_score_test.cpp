// Early stopping by a validation score other than the MSE (DescentOptions::score): the kept
// iterate is the first one of smallest validation MAE or Huber loss, recomputed here from every
// iterate's alpha, for each engine and shortcut: ksgd and kegd (direct updates), kcd (straight
// runs, minimised by bisection), kgd (in the eigenbasis); and it is not the MSE's choice.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "kreg/data/metrics.h"
#include "kreg/data/score.h"
#include "kreg/kernels/gram.h"
#include "kreg/solvers/descent.h"
#include "kreg/solvers/descent_path.h"

namespace kreg::test {
namespace {

// 60 training rows of y = sin(x) + noise; 40 validation rows, every fifth with a Cauchy outlier.
struct Problem {
  arma::mat K, Kv;
  arma::vec y, yv;
};
Problem problem() {
  std::mt19937_64 rng(52);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  std::normal_distribution<double> noise(0.0, 0.2);
  std::cauchy_distribution<double> outlier(0.0, 3.0);
  arma::mat X(60, 1), Xv(40, 1);
  Problem p;
  p.y.set_size(60);
  p.yv.set_size(40);
  for (arma::uword i = 0; i < 60; ++i) X(i, 0) = u(rng), p.y[i] = std::sin(X(i, 0)) + noise(rng);
  for (arma::uword i = 0; i < 40; ++i)
    Xv(i, 0) = u(rng), p.yv[i] = std::sin(Xv(i, 0)) + noise(rng) + (i % 5 == 0 ? outlier(rng) : 0.0);
  KernelSettings ks;
  ks.set("bandwidth", 0.7);
  const Kernel k = make_kernel(ks);
  p.K = gram(k, X);
  p.Kv = cross_gram(k, Xv, X);
  return p;
}

struct Case {
  const char* method;
  double step;
  long max_iterations;
};

DescentOutcome stopped(const Problem& p, const FitSettings& s, const Case& c, const Score& score) {
  DescentOptions opt;
  opt.max_iterations = c.max_iterations;
  opt.early_stopping = true;
  opt.patience = 200;
  opt.score = score;
  return run_descent(p.K, p.y, s, &p.Kv, &p.yv, opt);
}

TEST(DescentScore, EarlyStoppingKeepsTheFirstIterateOfSmallestScore) {
  const Problem p = problem();
  const double scale = huber_scale(p.y);
  for (const Case& c :
       {Case{"ksgd", 1e-3, 20000}, Case{"kcd", 2e-3, 20000}, Case{"kgd", 2e-3, 20000}, Case{"kegd", 1e-3, 20000}}) {
    FitSettings s;
    s.method = c.method;
    s.step_size = c.step;
    for (ScoreKind kind : {ScoreKind::kMae, ScoreKind::kHuber}) {
      Score score;
      score.kind = kind;
      score.huber_delta = 1.0;
      SCOPED_TRACE(std::string(c.method) + " by " + score_name(kind));
      const DescentOutcome run = stopped(p, s, c, score);
      ASSERT_TRUE(run.stopped_early);
      ASSERT_GT(run.iterations, 0);
      EXPECT_EQ(run.iterations_run, run.iterations + 200);
      // Every iterate of the same run, plain (no early stopping), its score from its alpha.
      DescentOptions every;
      every.max_iterations = run.iterations_run;
      every.record_at = every_mth_update(every.max_iterations, 1);
      every.keep_alpha = true;
      const DescentOutcome all = run_descent(p.K, p.y, s, &p.Kv, &p.yv, every);
      ASSERT_EQ(all.records.size(), static_cast<std::size_t>(run.iterations_run + 1));
      std::vector<double> curve;
      for (const auto& rec : all.records) curve.push_back(score_value(score, p.yv, p.Kv * rec.alpha, scale));
      const long first_min = static_cast<long>(std::min_element(curve.begin(), curve.end()) - curve.begin());
      const double least = curve[static_cast<std::size_t>(first_min)];
      // The kept iterate is the minimiser (its score equals the least to rounding; where the
      // curve is flat to rounding, an iterate beside it may be kept).
      const double kept = curve[static_cast<std::size_t>(run.iterations)];
      EXPECT_LE(kept, least * (1.0 + 1e-9)) << "kept k = " << run.iterations << ", first minimiser " << first_min;
      EXPECT_LE(std::abs(run.iterations - first_min), 2) << "first minimiser " << first_min;
      EXPECT_NEAR(run.best_val_score, kept, 1e-9 * kept);
      EXPECT_NEAR(run.best_val_mse, mse(p.yv, p.Kv * run.alpha), 1e-12 * run.best_val_mse);
      // The validation outliers pull the MSE's choice elsewhere.
      const DescentOutcome by_mse = stopped(p, s, c, Score{});
      EXPECT_NE(by_mse.iterations, run.iterations);
      EXPECT_EQ(by_mse.best_val_score, by_mse.best_val_mse);
    }
  }
}

// kcd's first straight run moves one training outlier's coefficient for about 19 / eta
// updates; the validation rows beside it are fitted best after about 1 / eta of them, inside the
// run: the bisection along the run must find that iterate, as the plain loop does.
TEST(DescentScore, KcdStopsInsideAStraightRun) {
  arma::mat X(31, 1), Xv(10, 1);
  arma::vec y(31), yv(10);
  for (arma::uword i = 0; i < 30; ++i) X(i, 0) = -3.0 + 0.2 * static_cast<double>(i), y[i] = 1.0 + 0.01 * std::sin(i);
  X(30, 0) = 0.05, y[30] = 20.0;  // the outlier
  for (arma::uword i = 0; i < 10; ++i)
    Xv(i, 0) = -0.1 + 0.02 * static_cast<double>(i), yv[i] = 1.0 + 0.05 * std::cos(i);
  KernelSettings ks;
  ks.set("bandwidth", 0.3);
  const Kernel k = make_kernel(ks);
  Problem p{gram(k, X), cross_gram(k, Xv, X), y, yv};
  FitSettings s;
  s.method = "kcd";
  s.step_size = 1e-3;
  for (ScoreKind kind : {ScoreKind::kMae, ScoreKind::kHuber}) {
    Score score;
    score.kind = kind;
    SCOPED_TRACE(score_name(kind));
    const DescentOutcome run = stopped(p, s, Case{"kcd", 1e-3, 100000}, score);
    DescentOptions every;
    every.max_iterations = run.iterations_run;
    every.record_at = every_mth_update(every.max_iterations, 1);
    every.keep_alpha = true;
    const DescentOutcome all = run_descent(p.K, p.y, s, &p.Kv, &p.yv, every);
    std::vector<double> curve;
    for (const auto& rec : all.records) curve.push_back(score_value(score, p.yv, p.Kv * rec.alpha, huber_scale(y)));
    const long first_min = static_cast<long>(std::min_element(curve.begin(), curve.end()) - curve.begin());
    EXPECT_GT(first_min, 100);  // well inside the outlier's run
    EXPECT_LT(first_min, 5000);
    EXPECT_LE(std::abs(run.iterations - first_min), 2) << "kept " << run.iterations;
    EXPECT_LE(curve[static_cast<std::size_t>(run.iterations)], curve[static_cast<std::size_t>(first_min)] * (1 + 1e-9));
  }
}

TEST(DescentScore, RecordsCarryTheScoreOfEachIterate) {
  const Problem p = problem();
  FitSettings s;
  s.method = "ksgd";
  s.step_size = 1e-3;
  Score score;
  score.kind = ScoreKind::kHuber;
  DescentOptions opt;
  opt.max_iterations = 500;
  opt.record_at = every_mth_update(opt.max_iterations, 50);
  opt.keep_alpha = true;
  opt.score = score;
  const DescentOutcome run = run_descent(p.K, p.y, s, &p.Kv, &p.yv, opt);
  ASSERT_EQ(run.records.size(), 11u);
  for (const auto& rec : run.records) {
    const arma::vec f = p.Kv * rec.alpha;
    EXPECT_NEAR(rec.val_score, huber(p.yv, f, huber_scale(p.y), kDefaultHuberDelta), 1e-12) << rec.iteration;
    EXPECT_NEAR(rec.val_mse, mse(p.yv, f), 1e-12) << rec.iteration;
  }
}

}  // namespace
}  // namespace kreg::test
