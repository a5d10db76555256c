// Warm-started paths of the penalised methods (kl1, klinf): from the largest lambda down,
// each point starting from the previous solution.
#pragma once

#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/score.h"
#include "kreg/solvers/fit_settings.h"
#include "kreg/solvers/path_point.h"
#include "kreg/solvers/problem.h"
#include "kreg/solvers/proximal.h"

namespace kreg {

/// The path over `grid` (empty = 50 log-spaced values from lambda_max down to 1e-3 lambda_max,
/// in the units of settings.lambda_scaling). Points are solved and returned in decreasing
/// lambda order. Validation errors include `score` (val_score, Huber's scale from train.y).
/// Each solver of the penalised methods is one function of this type: the solutions at every
/// `lambdas` value (decreasing, effective units). Its route passes it to penalized_path.
using PenalizedGridSolver = std::vector<ProxResult> (*)(const arma::mat& K, const arma::vec& y, Penalty pen,
                                                        const std::vector<double>& lambdas,
                                                        const FitSettings& settings);

/// The path over `grid` (empty = 50 log-spaced values from lambda_max down to 1e-3 lambda_max,
/// in the units of settings.lambda_scaling), solved by `solve`. Points are solved and returned
/// in decreasing lambda order. Validation errors include `score` (val_score, Huber's scale
/// from train.y).
std::vector<PathPoint> penalized_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                                      std::vector<double> grid, bool keep_alpha, PenalizedGridSolver solve,
                                      const Score& score = Score{});
/// The same on a problem already built (its settings name kl1 or klinf). With `grid_index`,
/// the position in `grid` of each point returned.
std::vector<PathPoint> penalized_path(const Problem& problem, std::vector<double> grid, bool keep_alpha,
                                      PenalizedGridSolver solve, const Score& score = Score{},
                                      std::vector<std::size_t>* grid_index = nullptr);

/// The Lipschitz constant used by the fista solver: 1.01 x the largest eigenvalue of K.
double lipschitz_constant(const arma::mat& K);

/// FISTA's iterations, unless --max-iter is given, where solver auto's exact path has found the
/// minimiser's coefficients far too large for double precision to determine: rounding in K alpha
/// alone accounts for a KKT violation above kIllDeterminedAllowance x tol at the path's stop (the
/// points below it) or at a point the path reached uncertified (its polish), or the point lies
/// below lambda_undetermined (numerical_range.h). There FISTA's default 100,000 iterations were
/// spent in vain where measured: none of the 20 kl1 fold fits of a default cv on 2,000 rows
/// (scripts/bench_cv_scaling_data.py; allowance 282 to 829,000 tol) converged in them, each
/// about 35 s of FISTA there, nor any of the 20 wood klinf refits of the full reproduction whose
/// path stopped with largest |alpha| 6.9e6 to 2.6e7 (results/reproduction_full/
/// unconverged_refits.csv); the one fold fit with allowance 1.9 tol converged after 57,274
/// iterations, and the refits whose path stopped with coefficients within the allowance in
/// 1,127 to 1,353.
constexpr double kIllDeterminedAllowance = 100.0;
constexpr long kIllDeterminedIterations = 1000;
/// `settings` with max_iter kIllDeterminedIterations where it was not given (0), else unchanged.
FitSettings ill_determined_settings(const FitSettings& settings);

/// Solver auto: the exact homotopy (l1_homotopy.h, linf_homotopy.h), each point certified by
/// its KKT violation (polished by fista if rounding left it above tol); where the homotopy
/// stops (its system numerically singular), fista warm-started along the grid.
std::vector<ProxResult> homotopy_grid(const arma::mat& K, const arma::vec& y, Penalty pen,
                                      const std::vector<double>& lambdas, const FitSettings& settings);
/// Solver fista: fista at every point, warm-started from the previous one.
std::vector<ProxResult> fista_grid(const arma::mat& K, const arma::vec& y, Penalty pen,
                                   const std::vector<double>& lambdas, const FitSettings& settings);
/// Solver paper: the authors' solver at every point, each started from 0 as their code does
/// (paper_solver.h), with settings.prox_step.
std::vector<ProxResult> paper_grid(const arma::mat& K, const arma::vec& y, Penalty pen,
                                   const std::vector<double>& lambdas, const FitSettings& settings);

}  // namespace kreg
