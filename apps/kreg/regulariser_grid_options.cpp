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
  if (key.empty()) {
    if (!lambda_grid.empty() || !t_grid.empty())
      throw ConfigError(lambda_grid.empty() ? "t_grid" : "lambda_grid", early_stopping);
    return {};
  }
  const bool lambda = method.regulariser == Regulariser::kLambda;
  const std::string& other = lambda ? t_grid : lambda_grid;
  if (!other.empty())
    throw ConfigError(lambda ? "t_grid" : "lambda_grid",
                      "not used by --method " + std::string(method.name) + " (it has a " + key + " grid)");
  const std::string& text = lambda ? lambda_grid : t_grid;
  return text.empty() ? std::vector<double>{} : parse_grid(text, key + "_grid");
}

}  // namespace kreg::cli
