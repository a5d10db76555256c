// One dispatch: route_for() is the only place where a method family and a solver choose the
// code that runs. A dummy route, defined here in the test binary only, is installed at that
// point; fit (train), path (regularisation_path) and cv (cross_validate) must then all run it
// — and nothing else — for every method. The built-in table is checked pair by pair too.
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/data/dataset.h"
#include "kreg/data/folds.h"
#include "kreg/routes/path.h"
#include "kreg/routes/route.h"
#include "kreg/routes/train.h"
#include "kreg/select/cv.h"
#include "kreg/solvers/solver_table.h"

namespace kreg::test {
namespace {

Dataset synthetic(std::size_t n) {
  arma::arma_rng::set_seed(5);
  Dataset d;
  d.X = arma::randn(n, 2);
  d.y = d.X.col(0) - 0.5 * d.X.col(1) + 0.1 * arma::randn(n);
  d.feature_names = {"a", "b"};
  d.target_name = "y";
  d.source = "synthetic";
  return d;
}

// Answers every question with values no real route gives: alpha = 0.25 everywhere, a path
// with one point at 42, fold MSEs of 7 + fold number; counts the calls.
class DummyRoute : public Route {
 public:
  mutable std::atomic<int> fits{0}, paths{0}, scorers{0}, folds_scored{0};

  const char* name() const override { return "dummy"; }
  arma::vec fit(Model& model, const Problem& problem, const FitRequest&) const override {
    ++fits;
    model.alpha = arma::vec(problem.n(), arma::fill::value(0.25));
    return arma::vec(problem.n(), arma::fill::zeros);  // fitted = the target's mean
  }
  std::vector<PathPoint> path(const Problem&, const PathRequest&) const override {
    ++paths;
    PathPoint p;
    p.value = 42.0;
    return {p};
  }
  std::vector<std::string> path_warnings(const FitSettings&, const std::vector<PathPoint>&) const override {
    return {"dummy warning"};
  }
  PathColumns path_columns() const override {
    PathColumns c;
    c.bounded = true;
    return c;
  }
  class Scorer : public CvScorer {
   public:
    Scorer(const DummyRoute& route, std::size_t grid) : route_(route), grid_(grid) {}
    std::vector<CvFoldScores> score(const FitSettings&, const Kernel&, int fold, arma::mat&) const override {
      ++route_.folds_scored;
      CvFoldScores s;
      s.mse.assign(grid_, 7.0 + fold);
      s.r2.assign(grid_, 0.5);
      s.score = s.mse;
      return {s};
    }

   private:
    const DummyRoute& route_;
    std::size_t grid_;
  };
  std::unique_ptr<CvScorer> cv_scorer(const CvJob& job) const override {
    ++scorers;
    const bool early_stopping = job.base.method_info().regulariser == Regulariser::kEarlyStopping;
    return std::make_unique<Scorer>(*this, early_stopping ? 1 : job.grid.size());
  }
  MemoryEstimate fit_memory(const FitSettings&, const MemoryShape&) const override { return {1.0, "dummy"}; }
  MemoryEstimate path_memory(const FitSettings&, const MemoryShape&) const override { return {1.0, "dummy"}; }
  MemoryEstimate cv_task_memory(const FitSettings&, const MemoryShape&, int, std::size_t, CvRoute) const override {
    return {1.0, "dummy"};
  }
};

TEST(RouteDispatch, FitPathAndCvAllReachADummyRouteThroughTheOneSelectionPoint) {
  const Dataset d = synthetic(30);
  const Folds folds = seeded_folds(d.n(), 3, 1);
  const DummyRoute dummy;
  const ScopedRouteForTesting installed(dummy);
  for (const MethodInfo& method : method_registry()) {
    SCOPED_TRACE(method.name);
    FitSettings s;
    s.method = method.name;
    EXPECT_STREQ(route_for(s).name(), "dummy");
    const int fits = dummy.fits, paths = dummy.paths, folds_before = dummy.folds_scored;

    const Model m = train(d, s);
    EXPECT_EQ(dummy.fits, fits + 1);
    ASSERT_EQ(m.alpha.n_elem, d.n());
    EXPECT_TRUE(arma::all(m.alpha == 0.25));
    EXPECT_NEAR(m.summary.train_mse, arma::var(d.y, 1), 1e-12);  // fitted at the mean

    const PathResult path = regularisation_path(d, nullptr, s, validate(s), PathRequest{});
    EXPECT_EQ(dummy.paths, paths + 1);
    ASSERT_EQ(path.points.size(), 1u);
    EXPECT_EQ(path.points[0].value, 42.0);
    EXPECT_TRUE(path.columns.bounded);
    ASSERT_EQ(path.warnings.size(), 1u);
    EXPECT_EQ(path.warnings[0], "dummy warning");

    CvSettings cv;
    cv.base = s;
    cv.regulariser_grid = {0.1, 1.0};
    cv.threads = 1;
    const CvResult result = cross_validate(d, cv, folds);
    EXPECT_EQ(dummy.folds_scored, folds_before + 3);
    ASSERT_FALSE(result.rows.empty());
    EXPECT_DOUBLE_EQ(result.rows[0].mean_mse, 8.0);  // (7 + 8 + 9) / 3
  }
  EXPECT_EQ(dummy.scorers, static_cast<int>(method_registry().size()));
}

TEST(RouteDispatch, EachFamilyAndSolverHasItsOwnRoute) {
  const auto route_name = [](const char* method, Solver solver) {
    FitSettings s;
    s.method = method;
    s.solver = solver;
    return std::string(route_for(s).name());
  };
  EXPECT_EQ(route_name("krr", Solver::kAuto), "krr exact");
  EXPECT_EQ(route_name("krr", Solver::kNystrom), "krr nystrom");
  EXPECT_EQ(route_name("kgf", Solver::kAuto), "kgf");
  for (const char* m : {"kgd", "ksgd", "kcd", "kegd"}) EXPECT_EQ(route_name(m, Solver::kAuto), "descent") << m;
  for (const char* m : {"kl1", "klinf"}) {
    EXPECT_EQ(route_name(m, Solver::kAuto), "auto") << m;
    EXPECT_EQ(route_name(m, Solver::kFista), "fista") << m;
    EXPECT_EQ(route_name(m, Solver::kPaper), "paper") << m;
  }
  // A pair no route serves is refused by validate() before any route is asked for, and by
  // route_for() itself if it were asked.
  FitSettings s;
  s.method = "kgf";
  s.solver = Solver::kNystrom;
  EXPECT_THROW(validate(s), ConfigError);
  EXPECT_THROW(route_for(s), std::logic_error);
}

// The route files register themselves (route.h): the table must match the solver table in
// both directions, or a solver row would have no code, or a route would be unreachable.
TEST(RouteTable, EveryPairTheSolverTableServesHasExactlyOneRouteAndNoRouteIsUnreachable) {
  const std::vector<RegisteredRoute> table = registered_routes();
  const auto registrations = [&](MethodFamily family, Solver solver) {
    std::size_t count = 0;
    for (const RegisteredRoute& r : table) count += r.family == family && r.solver == solver;
    return count;
  };
  std::size_t served_pairs = 0;
  for (const SolverInfo& solver : solver_table())
    for (const MethodInfo& method : method_registry()) {
      SCOPED_TRACE(std::string(method.name) + " with " + solver.name);
      if (!solver.serves(method)) continue;
      ++served_pairs;
      EXPECT_EQ(registrations(method.family, solver.solver), 1u);
    }
  EXPECT_GE(served_pairs, method_registry().size());  // auto serves every method
  for (const RegisteredRoute& r : table) {
    SCOPED_TRACE(std::string(r.route->name()) + " registered for " + to_string(r.solver));
    bool reachable = false;
    for (const MethodInfo& method : method_registry())
      reachable = reachable || (method.family == r.family && solver_info(r.solver).serves(method));
    EXPECT_TRUE(reachable);
  }
}

}  // namespace
}  // namespace kreg::test
