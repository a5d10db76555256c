#include "kreg/routes/cv_route.h"

#include <algorithm>
#include <limits>

#include "kreg/linalg/band_reduction.h"

namespace kreg {

namespace {

// Measured on one core of the development machine at t = 1,600 (docs/benchmarks.md), where a
// matrix product runs at 45 Gflop/s: a Cholesky solve of K + lambda I (57 ms) took as long as
// 0.5 t^3 flops of product, an eigendecomposition (0.88 s) as long as 7.5 t^3, a banded
// factorisation and solve per lambda at kd = 32 (0.4 ms) as long as 11 t kd^2; the band
// reduction ((4/3) t^3 flops, 0.14 s) runs at about product speed.
constexpr double kCholesky = 0.5;
constexpr double kEigen = 7.5;
constexpr double kBandPerShift = 11.0;

}  // namespace

CvRouteCosts cv_route_costs(std::size_t n, int k, std::size_t grid_size, bool shared_statistics) {
  const double nd = static_cast<double>(n), kd = static_cast<double>(std::max(k, 1));
  const double m = nd / kd, t = nd - m, L = static_cast<double>(grid_size);
  const double band = BandReduction::kDefaultHalfBandwidth;
  CvRouteCosts c;
  c.cholesky = kd * L * kCholesky * t * t * t;
  c.band = kd * ((4.0 / 3.0) * t * t * t + L * (2.0 * t * t + 2.0 * t * m + kBandPerShift * t * band * band));
  c.eigen = kd * kEigen * t * t * t;
  c.group_deletion = shared_statistics ? kEigen * nd * nd * nd + L * (nd * m * nd + kd * m * m * m)
                                       : std::numeric_limits<double>::infinity();
  return c;
}

CvRoute cheapest_cv_route(std::size_t n, int k, std::size_t grid_size, bool shared_statistics) {
  const CvRouteCosts c = cv_route_costs(n, k, grid_size, shared_statistics);
  CvRoute best = CvRoute::kCholesky;
  double cost = c.cholesky;
  if (c.band < cost) best = CvRoute::kBand, cost = c.band;
  if (c.eigen < cost) best = CvRoute::kEigen, cost = c.eigen;
  if (c.group_deletion < cost) best = CvRoute::kGroupDeletion;
  return best;
}

}  // namespace kreg
