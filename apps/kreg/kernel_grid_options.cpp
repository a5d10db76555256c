// The kernel-parameter grid options.
#include "kernel_grid_options.h"

#include "fit_settings_options.h"
#include "kreg/core/grid.h"
#include "kreg/kernels/kernel_type.h"

namespace kreg::cli {

void KernelGridOptions::register_on(OptionSet& options) {
  for (const KernelParameter* p : kernel_parameters()) {
    const std::string option = option_of_key(p->key);
    const std::string fallback = p->key == "bandwidth" ? option + " if given, else five values from the data"
                                                       : option;
    options.add_grid(option + "-grid", text[p->key], "values of " + option + " to try (default: " + fallback + ")");
  }
}

std::map<std::string, std::vector<double>> KernelGridOptions::parsed() const {
  std::map<std::string, std::vector<double>> grids;
  for (const auto& [key, grid] : text)
    if (!grid.empty()) grids[key] = parse_grid(grid, key + "_grid");
  return grids;
}

}  // namespace kreg::cli
