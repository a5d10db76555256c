// Default grids.
#include "kreg/solvers/default_grids.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "kreg/core/grid.h"

namespace kreg {

std::vector<double> default_spectral_grid(double mu_max, const MethodInfo& method, double lambda_unit) {
  const double top = std::log10(std::max(mu_max, 1e-300));
  std::vector<double> values = logspace(top, top - 6.0, 50);
  switch (method.regulariser) {
    case Regulariser::kTime:
      for (double& v : values) v = 1.0 / v;
      return values;
    case Regulariser::kLambda:
      for (double& v : values) v /= lambda_unit;
      return values;
    case Regulariser::kEarlyStopping:
      throw std::logic_error(std::string("default_spectral_grid: '") + method.name +
                             "' chooses its stopping time on validation data and has no grid");
  }
  enumerator_out_of_range("Regulariser", "default_spectral_grid");
}

std::vector<double> default_penalized_grid(double lambda_max, double lambda_unit) {
  const double top = std::log10(lambda_max / lambda_unit);
  return logspace(top, top - 3.0, 50);
}

}  // namespace kreg
