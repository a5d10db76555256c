// The regulariser grid options.
#include "regulariser_grid_options.h"

#include "kreg/core/errors.h"
#include "kreg/core/grid.h"

namespace kreg::cli {

void RegulariserGridOptions::register_on(OptionSet& o, const std::string& lambda_help, const std::string& t_help) {
  o.add_grid("--lambda-grid", lambda_grid, lambda_help);
  if (!t_help.empty()) o.add_grid("--t-grid", t_grid, t_help);
}

std::vector<double> RegulariserGridOptions::grid_for(const MethodInfo& method,
                                                     const std::string& early_stopping) const {
  const std::string key = method.regulariser_key();
  // The method's grid `own`; the other one, `other` (config key `other_key`), must be empty.
  const auto grid = [&](const std::string& own, const std::string& other, const char* other_key) {
    if (!other.empty())
      throw ConfigError(other_key, "not used by --method " + std::string(method.name) + " (it has a " + key + " grid)");
    return own.empty() ? std::vector<double>{} : parse_grid(own, key + "_grid");
  };
  switch (method.regulariser) {
    case Regulariser::kLambda:
      return grid(lambda_grid, t_grid, "t_grid");
    case Regulariser::kTime:
      return grid(t_grid, lambda_grid, "lambda_grid");
    case Regulariser::kEarlyStopping:
      if (!lambda_grid.empty() || !t_grid.empty())
        throw ConfigError(lambda_grid.empty() ? "t_grid" : "lambda_grid", early_stopping);
      return {};
  }
  enumerator_out_of_range("Regulariser", "RegulariserGridOptions::grid_for");
}

}  // namespace kreg::cli
