// --lambda-grid and --t-grid, shared by path, loo and cv: the grid of the method's regulariser
// (lambda or t, from the method registry), with one set of checks: the other grid, or any grid
// for a method stopped early, is an error naming the option.
#pragma once

#include <string>
#include <vector>

#include "kreg/solvers/method_registry.h"
#include "option_set.h"

namespace kreg::cli {

struct RegulariserGridOptions {
  std::string lambda_grid, t_grid;

  /// Registers --lambda-grid (and --t-grid unless `t_help` is empty).
  void register_on(OptionSet& options, const std::string& lambda_help, const std::string& t_help);
  /// The parsed grid of `method`'s regulariser; empty when it was not given. `early_stopping`
  /// says why a method without a grid (kgd, ksgd, kcd, kegd) takes none.
  std::vector<double> grid_for(const MethodInfo& method, const std::string& early_stopping) const;
};

}  // namespace kreg::cli
