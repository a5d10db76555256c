// What `kreg loo` reports: the LOO table, the --best file (the chosen point as a config of
// `kreg fit`, with how it was chosen under the key "selection"), the words of its warnings and
// the summary lines.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "kreg/select/loo.h"
#include "kreg/select/loo_checks.h"

namespace kreg::cli {

/// How loo chooses its point: by the LOO MSE (min or one-standard-error rule) or by GCV (min
/// only: GCV has no standard error).
struct LooChoice {
  std::string criterion = "loo";  ///< loo | gcv
  std::string rule = "min";       ///< min | 1se (with criterion loo)
  /// Throws ConfigError (criterion, refit_rule) for a value outside those, or 1se with gcv.
  void check() const;
  /// The chosen point's index in result.points.
  std::size_t index(const LooResult& result) const;
};

/// One row per (kernel point, lambda): a column per kernel parameter with a grid, lambda, df,
/// loo_mse, loo_se, gcv.
std::string loo_table(const LooResult& result, const LooGrid& grid);

/// The --best file: method, kernel, the kernel's parameters and lambda of the chosen point,
/// lambda_scaling, standardize and `reading` (the data options given), under `kreg fit`'s
/// config keys, so that `kreg fit --config` refits the same model; and "selection": the
/// criterion, the rule, the best rows ("min", and "one_se" for the LOO MSE), the one-SE rule
/// in words (or why there is none) and the rows n.
nlohmann::ordered_json loo_best_json(const LooResult& result, const LooGrid& grid, const LooChoice& choice,
                                     std::size_t rows, const nlohmann::ordered_json& reading);

/// A point in words: "bandwidth 0.5, lambda 0.01: LOO MSE 0.123 (SE 0.004), GCV 0.125, df 12.3".
std::string loo_point_text(const LooPoint& point, const LooGrid& grid);

/// The warning of a finding about `result` (kreg/select/loo_checks.h), a search of `grid`.
std::string loo_warning(const LooFinding& finding, const LooResult& result, const LooGrid& grid);

/// The summary for people: grid size, rows, the best point by each rule of the criterion.
std::string loo_summary(const LooResult& result, const LooGrid& grid, const LooChoice& choice, std::size_t rows);

}  // namespace kreg::cli
