// The kernel points of a grid search (cv and loo): every combination of the values given for
// the kernel's option parameters (--bandwidth-grid, --degree-grid, ...), the others fixed.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "kreg/kernels/kernel.h"

namespace kreg {

/// Every combination of `grids` (values by parameter key) applied to `base`, the first key of
/// kernel_option_keys(base.name) varying slowest (the order of the cv and loo tables); a key
/// without a grid, or with an empty one, keeps base's value (or its values per feature: a grid
/// of such a key is refused). ConfigError (key "<key>_grid") for a value the kernel refuses, a
/// grid of a parameter the kernel does not take or that base gives one per feature.
/// With `kernels`, also each point's kernel value (built while checking it), in the same order.
std::vector<KernelSettings> kernel_grid_points(const KernelSettings& base,
                                               const std::map<std::string, std::vector<double>>& grids,
                                               std::vector<Kernel>* kernels = nullptr);

}  // namespace kreg
