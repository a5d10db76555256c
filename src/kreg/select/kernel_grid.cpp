// Kernel grid points: the product of the parameter grids, each point checked by make_kernel.
#include "kreg/select/kernel_grid.h"

#include <algorithm>

#include "kreg/core/errors.h"

namespace kreg {

std::vector<KernelSettings> kernel_grid_points(const KernelSettings& base,
                                               const std::map<std::string, std::vector<double>>& grids,
                                               std::vector<Kernel>* kernels) {
  const std::vector<std::string> keys = kernel_option_keys(base.name);
  std::vector<KernelSettings> out = {base};
  for (const std::string& key : keys) {
    const auto grid = grids.find(key);
    if (grid == grids.end() || grid->second.empty()) continue;
    if (base.per_feature_values(key) != nullptr)
      throw ConfigError(key + "_grid", "a grid tries one " + key + " at a time, and " + key +
                                           " is given one per feature: give the grid or the per-feature values");
    std::vector<KernelSettings> next;
    for (const KernelSettings& k : out)
      for (double v : grid->second) {
        KernelSettings point = k;
        point.set(key, v);
        next.push_back(point);
      }
    out = std::move(next);
  }
  if (kernels != nullptr) kernels->clear();
  for (const KernelSettings& k : out) {
    try {
      Kernel kernel = make_kernel(k);  // validates
      if (kernels != nullptr) kernels->push_back(std::move(kernel));
    } catch (const ConfigError& e) {  // name the grid the value came from
      throw grids.count(e.key()) ? e.with_key(e.key() + "_grid") : e;
    }
  }
  for (const auto& [key, grid] : grids)
    if (!grid.empty() && std::find(keys.begin(), keys.end(), key) == keys.end())
      throw ConfigError(key + "_grid", "the kernel " + base.name + " has no " + key + " to vary");
  return out;
}

}  // namespace kreg
