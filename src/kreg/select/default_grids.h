// The grids that model selection (cv, loo) takes from the data when the user gives none, so
// that a command run without tuning options searches a sensible region instead of one point.
//   bandwidth: 5 values, two per decade, from d/10 to 10 d, where d is the median Euclidean
//              distance between the training rows as the fit sees them (standardised unless
//              --standardize says otherwise), over an evenly spaced sample of at most 1,000
//              rows: at the centre of the grid kernel distances are neither all "far" (K = I)
//              nor all "near" (K = 1 1^T). cv then refines the grid beside the best value
//              (grid_extension.h), four per decade there, or above 1,000 rows screens it on a
//              sample and cross-validates all rows at the sample's best and its neighbours.
//   lambda:    log-spaced, four per decade, from mu_top down to 1e-10 mu_top, where mu_top is the
//              largest eigenvalue of the Gram matrix at the largest bandwidth tried, estimated
//              on the sample and scaled to n rows (mu grows with n). Above mu_max every
//              eigen-direction is shrunk by more than half; smooth kernels at large bandwidths
//              need lambda far below it (make_friedman1's best is near 1e-9 mu_top); below
//              1e-10 mu_top, K + lambda I nears the rounding of K's smallest eigenvalues.
//   t (kgf):   1 / lambda of the same grid (kernel gradient flow at t behaves as krr at 1/t).
//   lambda (kl1, klinf): 20 values from lambda_max (alpha = 0 is optimal) down to 1e-3 lambda_max.
// Early-stopping methods choose t per fold and take no regulariser grid.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <armadillo>

#include "kreg/data/dataset.h"
#include "kreg/data/row_distances.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

/// Five log-spaced bandwidths from d / 10 to 10 d (d = 1 when it is 0 or not finite).
std::vector<double> default_bandwidth_grid(double median_distance);

/// The values that continue a log-spaced axis beyond its end value `end`: `count` more values,
/// `per_decade` per decade, below it (downward) or above it; in increasing order.
std::vector<double> extend_log_axis(double end, bool downward, int per_decade, int count);

/// The default grids of one selection run.
struct DefaultGrids {
  std::vector<double> bandwidth;  ///< empty when the kernel has no bandwidth or it was given
  std::vector<double> regulariser;  ///< empty for early-stopping methods or when it was given
  double median_distance = 0.0;   ///< d of the bandwidth rule
  double mu_top = 0.0;            ///< mu_max of the lambda rule (standardised units, n rows)
};

/// What the rules above give for `data` and `settings` (method, kernel, standardisation,
/// lambda scaling). `want_bandwidth` / `want_regulariser`: which axes to fill (the others
/// were given by the user). The bandwidths of the lambda rule are `bandwidth` if filled, else
/// `given_bandwidths` (the user's grid), else settings' own bandwidth (or bandwidths, one per feature).
DefaultGrids default_grids(const Dataset& data, const FitSettings& settings, bool want_bandwidth,
                           bool want_regulariser, const std::vector<double>& given_bandwidths = {});

/// Values per decade of the default lambda and t grids (and their extensions).
inline constexpr int kGridPointsPerDecade = 4;
/// Values per decade of the default bandwidth grid before it is refined beside its best value.
inline constexpr int kBandwidthsPerDecade = 2;
/// Decades of the default lambda grid below mu_top.
inline constexpr double kLambdaDecades = 10.0;

}  // namespace kreg
