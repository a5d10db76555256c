// A route: the code that fits one method family with one solver. It answers every question a
// pipeline asks of a method — a fit, a regularisation path, the validation scores of cv's
// folds for a whole grid, the memory each needs — so that train(), regularisation_path() and
// cross-validation are short drivers that never look at the family or the solver themselves.
// Each route file registers its route for the (family, solver) pairs it serves with a
// RouteRegistration; route_for() (route_table.cpp) is the one place that chooses a route.
#pragma once

#include <armadillo>
#include <memory>
#include <vector>

#include "kreg/core/phase_times.h"
#include "kreg/data/folds.h"
#include "kreg/data/score.h"
#include "kreg/model/model.h"
#include "kreg/model/predictive_spread.h"
#include "kreg/routes/cv_fold_scores.h"
#include "kreg/routes/cv_route.h"
#include "kreg/routes/memory_estimate.h"
#include "kreg/routes/path.h"
#include "kreg/routes/tune_request.h"
#include "kreg/solvers/path_point.h"
#include "kreg/solvers/problem.h"

namespace kreg {

/// What a fit needs besides its problem.
struct FitRequest {
  Score early_stopping_score;  ///< early stopping on the problem's validation rows
  PhaseTimes* times = nullptr;
};

/// The sizes a memory estimate depends on.
struct MemoryShape {
  std::size_t n = 0, p = 0, n_validation = 0;
  bool linear = false;  ///< the kernel is linear
  /// The linear kernel's p x p system applies on `rows` rows (solves_in_primal).
  bool primal(std::size_t rows) const { return linear && p < rows; }
};

/// Scores cv's tasks of one run (built by Route::cv_scorer, used from several threads at once).
class CvScorer {
 public:
  virtual ~CvScorer() = default;
  /// Whether one task scores every fold of a kernel point (krr's group deletion) rather than
  /// one fold.
  virtual bool all_folds_per_task() const { return false; }
  /// The scores of `fold` (or of every fold, in order, when all_folds_per_task()) for the
  /// kernel point whose settings are `settings` and value `kernel`. `scratch`: storage of the
  /// calling thread, kept between its tasks.
  virtual std::vector<CvFoldScores> score(const FitSettings& settings, const Kernel& kernel, int fold,
                                          arma::mat& scratch) const = 0;
};

/// What cv gives a route to score its folds.
struct CvJob {
  const Dataset& data;              ///< the rows cv splits (standardised once with --statistics all)
  const FitSettings& base;          ///< standardize none when the statistics are shared
  const Folds& folds;
  const std::vector<double>& grid;  ///< lambda or t, as given; unused by early stopping
  const Score& score;
  CvRoute krr_route = CvRoute::kAuto;  ///< resolved (resolved_cv_route)
};

class Route {
 public:
  virtual ~Route() = default;
  /// "krr exact", "krr nystrom", ... (for messages and tests).
  virtual const char* name() const = 0;

  /// Fits the problem into `model` (whose kernel, points and standardisation train() has
  /// set from the problem): alpha or beta, the summary's solver fields and the warnings.
  /// Returns the fitted values of the training rows on the standardised scale.
  virtual arma::vec fit(Model& model, const Problem& problem, const FitRequest& request) const = 0;

  /// The regularisation path over request.grid (or the iterative run's records).
  virtual std::vector<PathPoint> path(const Problem& problem, const PathRequest& request) const = 0;
  /// Warnings about a finished path ("3 of 50 path points did not converge ..."); none by default.
  virtual std::vector<std::string> path_warnings(const FitSettings& settings,
                                                 const std::vector<PathPoint>& path) const;

  /// The scorer of cv's folds for one run.
  virtual std::unique_ptr<CvScorer> cv_scorer(const CvJob& job) const = 0;
  /// Whether this route's cv can take krr's group-deletion route (one eigendecomposition of the
  /// whole K for every fold).
  virtual bool allows_group_deletion() const { return false; }

  virtual MemoryEstimate fit_memory(const FitSettings& settings, const MemoryShape& shape) const = 0;
  /// A path's memory; by default the fit's.
  virtual MemoryEstimate path_memory(const FitSettings& settings, const MemoryShape& shape) const {
    return fit_memory(settings, shape);
  }
  /// One cv task's memory on shape.n rows in `folds` folds, with krr's cv route `krr_route`
  /// (resolved), for a grid of `grid_size` values. By default one fold's path (fold_path_memory).
  virtual MemoryEstimate cv_task_memory(const FitSettings& settings, const MemoryShape& shape, int folds,
                                        std::size_t grid_size, CvRoute krr_route) const;
  /// Which columns its paths fill beyond the common ones; none by default.
  virtual PathColumns path_columns() const { return {}; }

  /// Whether its models read as a Gaussian process's posterior mean (predictive_spread applies).
  virtual bool reads_as_gaussian_process() const { return false; }
  /// The predictive standard deviations of a model this route fitted, at raw rows X. By
  /// default a ConfigError (key `std`) naming the methods whose routes have them.
  virtual PredictiveSpread predictive_spread(const Model& model, const arma::mat& X) const;
  /// The hyperparameters (bandwidths, lambda) of a Gaussian-process objective on the problem
  /// (kreg fit --tune; gp_tuning.h). By default a ConfigError (key `tune`) naming the methods
  /// whose routes have one.
  virtual TuningRecord tune(const Problem& problem, const TuneRequest& request) const;
};

/// The memory of one cv fold's path on shape.n rows in `folds` folds: the fold's training rows
/// and its validation rows' cross-kernel matrix, plus a thread's BLAS buffers.
MemoryEstimate fold_path_memory(const Route& route, const FitSettings& settings, const MemoryShape& shape,
                                int folds);

/// Registers `route` as the route of (family, solver). A route file defines one at namespace
/// scope for each pair it serves, after its route object:
///   const MyRoute kRoute;
///   const RouteRegistration kRegistered(MethodFamily::kRidge, Solver::kMine, kRoute);
/// Registration happens before main(); route_for() finds it. The route files are linked whole
/// (CMakeLists.txt), so a file that nothing calls is not left out of the binary.
class RouteRegistration {
 public:
  RouteRegistration(MethodFamily family, Solver solver, const Route& route);
};

/// One registered pair, for the tests that check the table against the solver table.
struct RegisteredRoute {
  MethodFamily family;
  Solver solver;
  const Route* route;
};
/// Every registration, in the order made (a pair registered twice appears twice).
std::vector<RegisteredRoute> registered_routes();

/// The route of settings' method family and solver: the single place where the choice is
/// made. validate(settings) has refused every pair the solver table does not serve; a served
/// pair with no registered route is a logic_error naming both.
const Route& route_for(const FitSettings& settings);

/// Fits a problem already built by its route (route_for) and summarises it: train() after the
/// holdout split, and cv's early-stopped folds. `original_rows`: the training rows' numbers in
/// the user's file (empty: 0, 1, ...). (Defined in train.cpp.)
Model fit_problem(const Problem& problem, const FitRequest& request, const arma::uvec& original_rows = {});

/// For tests: while an instance lives, route_for() returns `route` for every setting.
class ScopedRouteForTesting {
 public:
  explicit ScopedRouteForTesting(const Route& route);
  ~ScopedRouteForTesting();
  ScopedRouteForTesting(const ScopedRouteForTesting&) = delete;
  ScopedRouteForTesting& operator=(const ScopedRouteForTesting&) = delete;
};

}  // namespace kreg
