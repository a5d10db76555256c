// How krr's cv scores one kernel's lambda grid over the folds: four exact routes, which agree to
// rounding (tests/unit/cv_routes_test.cpp), and the cost model that picks the cheapest.
//
// Cost model (docs/benchmarks.md, "cv routes"), in flops at the speed of a matrix product; a
// fold trains on t = n (k - 1) / k rows and validates on m = n / k, the grid has L values:
//   Cholesky per lambda      k L c_chol t^3         (t^3 / 3 flops at a third of product speed)
//   band reduction per fold  k ((4/3) t^3 + L (2 t^2 + 2 t m + c_band t kd^2))
//   eigen per fold           k c_eig t^3
//   group deletion           c_eig n^3 + L (n m n + k m^3)   (shared statistics only)
// c_chol, c_band and c_eig were measured on one core (kreg fit --timings and cv per route).
#pragma once

#include <cstddef>

namespace kreg {

enum class CvRoute {
  kAuto,           ///< the cheapest by the cost model
  kCholesky,       ///< a Cholesky factorisation of the fold's K + lambda I per lambda
  kBand,           ///< one band reduction of the fold's K, a banded factorisation per lambda
  kEigen,          ///< one eigendecomposition of the fold's K for the whole grid
  kGroupDeletion,  ///< one eigendecomposition of the whole K for every fold (shared statistics only)
};

/// The modelled cost of each route in flops at matrix-product speed (infinite where the route
/// does not apply).
struct CvRouteCosts {
  double cholesky = 0.0, band = 0.0, eigen = 0.0, group_deletion = 0.0;
};

/// Costs for n rows in k folds and a grid of `grid_size` lambdas; `shared_statistics` allows
/// group deletion.
CvRouteCosts cv_route_costs(std::size_t n, int k, std::size_t grid_size, bool shared_statistics);

/// The cheapest route by cv_route_costs (never kAuto).
CvRoute cheapest_cv_route(std::size_t n, int k, std::size_t grid_size, bool shared_statistics);

}  // namespace kreg
