// The kernel-parameter grid options of cv and loo: one --KEY-grid per kernel parameter of the
// registry (--bandwidth-grid, --degree-grid, ...), config key KEY_grid.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "option_set.h"

namespace kreg::cli {

struct KernelGridOptions {
  std::map<std::string, std::string> text;  ///< grid text by kernel parameter key ("" = not given)

  /// Registers --KEY-grid for every kernel parameter.
  void register_on(OptionSet& options);
  /// The given grids, parsed, by parameter key (ConfigError naming KEY_grid for bad text).
  std::map<std::string, std::vector<double>> parsed() const;
};

}  // namespace kreg::cli
