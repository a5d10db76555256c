// Tables, JSON, warnings and summary of `kreg loo`.
#include "loo_report.h"

#include "command.h"
#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/suggest.h"
#include "kreg/io/table_writer.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/select/simplicity.h"
#include "kreg/solvers/method_registry.h"
#include "option_set.h"
#include "parameter_value.h"

namespace kreg::cli {

namespace {

const char* const kNoOneSe =
    "GCV has no standard error, so it has no one-standard-error rule (--criterion loo has one)";

std::vector<const KernelParameter*> kernel_parameters_of(const LooGrid& grid) {
  std::vector<const KernelParameter*> out;
  for (const std::string& key : kernel_option_keys(grid.base.kernel.name)) out.push_back(find_kernel_parameter(key));
  return out;
}

// The kernel parameters given a grid: the table's kernel columns.
std::vector<const KernelParameter*> varied_parameters(const LooGrid& grid) {
  std::vector<const KernelParameter*> out;
  for (const KernelParameter* p : kernel_parameters_of(grid)) {
    const auto it = grid.kernel_grids.find(p->key);
    if (it != grid.kernel_grids.end() && !it->second.empty()) out.push_back(p);
  }
  return out;
}

nlohmann::ordered_json row_json(const LooPoint& pt, const LooGrid& grid) {
  nlohmann::ordered_json j;
  for (const KernelParameter* p : kernel_parameters_of(grid)) j[p->key] = parameter_json(*p, pt.kernel);
  j["lambda"] = pt.lambda;
  j["df"] = pt.df;
  j["loo_mse"] = pt.loo_mse;
  j["loo_se"] = pt.loo_se;
  j["gcv"] = pt.gcv;
  j["log_evidence"] = pt.log_evidence;
  j["signal_variance"] = pt.signal_variance;
  return j;
}

bool by_gcv(const LooChoice& c) { return c.criterion == "gcv"; }

}  // namespace

// "bandwidth 0.5, lambda 0.01: LOO MSE 0.123 (SE 0.004), GCV 0.125, df 12.3"
std::string loo_point_text(const LooPoint& pt, const LooGrid& grid) {
  std::string s;
  for (const KernelParameter* p : kernel_parameters_of(grid)) s += p->key + " " + parameter_text(*p, pt.kernel) + ", ";
  return s + "lambda " + readable_number(pt.lambda) + ": LOO MSE " + readable_number(pt.loo_mse) + " (SE " +
         readable_number(pt.loo_se) + "), GCV " + readable_number(pt.gcv) + ", df " + readable_number(pt.df);
}

void LooChoice::check() const {
  if (criterion != "loo" && criterion != "gcv")
    throw ConfigError("criterion",
                      "expected loo or gcv, got '" + criterion + "'" + did_you_mean(criterion, {"loo", "gcv"}));
  if (rule != "min" && rule != "1se")
    throw ConfigError("refit_rule", "expected min or 1se, got '" + rule + "'" + did_you_mean(rule, {"min", "1se"}));
  if (by_gcv(*this) && rule == "1se") throw ConfigError("refit_rule", std::string(kNoOneSe) + ": use min");
}

std::size_t LooChoice::index(const LooResult& result) const {
  if (by_gcv(*this)) return result.best_gcv;
  return rule == "1se" ? result.best_1se : result.best_min;
}

std::string loo_table(const LooResult& result, const LooGrid& grid) {
  const std::vector<const KernelParameter*> columns = varied_parameters(grid);
  std::vector<std::string> head;
  for (const KernelParameter* p : columns) head.push_back(p->key);
  head.insert(head.end(), {"lambda", "df", "loo_mse", "loo_se", "gcv", "log_evidence", "signal_variance"});
  TableWriter table(head);
  for (const LooPoint& pt : result.points) {
    std::vector<std::string> row;
    for (const KernelParameter* p : columns) row.push_back(parameter_cell(*p, pt.kernel));
    row.insert(row.end(), {format_double(pt.lambda), format_double(pt.df), format_double(pt.loo_mse),
                           format_double(pt.loo_se), format_double(pt.gcv), format_double(pt.log_evidence),
                           format_double(pt.signal_variance)});
    table.add_row(row);
  }
  return table.text();
}

nlohmann::ordered_json loo_best_json(const LooResult& result, const LooGrid& grid, const LooChoice& choice,
                                     std::size_t rows, const nlohmann::ordered_json& reading) {
  const LooPoint& chosen = result.points[choice.index(result)];
  nlohmann::ordered_json best;
  best["method"] = grid.base.method;
  best["kernel"] = grid.base.kernel.name;
  for (const KernelParameter* p : kernel_parameters_of(grid)) best[p->key] = parameter_json(*p, chosen.kernel);
  best["lambda"] = chosen.lambda;
  best["lambda_scaling"] = to_string(grid.base.lambda_scaling);
  best["standardize"] = to_string(grid.base.standardize);
  for (auto it = reading.begin(); it != reading.end(); ++it) best[it.key()] = it.value();
  nlohmann::ordered_json selection;
  selection["command"] = "loo";
  selection["criterion"] = choice.criterion;
  selection["refit_rule"] = choice.rule;
  if (by_gcv(choice)) {
    selection["min"] = row_json(result.points[result.best_gcv], grid);
    selection["one_se_rule"] = kNoOneSe;
  } else {
    selection["min"] = row_json(result.points[result.best_min], grid);
    selection["one_se"] = row_json(result.points[result.best_1se], grid);
    std::vector<std::string> keys;
    for (const KernelParameter* p : kernel_parameters_of(grid)) keys.push_back(p->key);
    selection["one_se_rule"] = one_se_rule_text("lambda", keys);
  }
  selection["n"] = rows;
  best[kSelectionKey] = selection;
  return best;
}

std::string loo_warning(const LooFinding& f, const LooResult& result, const LooGrid& grid) {
  const std::string of = std::to_string(f.count) + " of " + std::to_string(f.total);
  switch (f.kind) {
    case LooFindingKind::kIllConditioned:
      return ill_conditioned_warning(f.count, f.total, result.points[f.point].lambda, result.points[f.point].rcond,
                                     "lambda", "LOO errors, GCV and df");
    case LooFindingKind::kInterpolating:
      return of +
             " grid points interpolate a training row (a leverage H_ii is 1 to rounding): they have no leave-one-out "
             "error and are never chosen; use larger lambda values";
    case LooFindingKind::kNonFinite:
      return of +
             " grid points have a leave-one-out error or GCV that is not finite (the fit broke down numerically); "
             "they are never chosen, and their cells in the table are empty. The first: " +
             loo_point_text(result.points[f.point], grid);
  }
  enumerator_out_of_range("LooFindingKind", "loo_warning");
}

std::string loo_summary(const LooResult& result, const LooGrid& grid, const LooChoice& choice, std::size_t rows) {
  const std::size_t lambdas = grid.lambdas.size(), kernels = result.points.size() / lambdas;
  std::string s = "loo " + grid.base.method + " (criterion " + choice.criterion + "): " + std::to_string(kernels) +
                  " kernel point" + (kernels == 1 ? "" : "s") + " x " + std::to_string(lambdas) + " lambdas on " +
                  std::to_string(rows) + " rows\n";
  if (by_gcv(choice)) return s + "best (min GCV): " + loo_point_text(result.points[result.best_gcv], grid) + "\n";
  return s + "best (min rule): " + loo_point_text(result.points[result.best_min], grid) + "\n" +
         "best (1se rule): " + loo_point_text(result.points[result.best_1se], grid) + "\n";
}

}  // namespace kreg::cli
