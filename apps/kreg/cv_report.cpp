// Tables, JSON and warnings of `kreg cv`.
#include "cv_report.h"

#include "kreg/core/number_text.h"
#include "kreg/io/table_writer.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/select/cv_checks.h"
#include "kreg/select/simplicity.h"
#include "kreg/solvers/method_registry.h"
#include "parameter_value.h"

namespace kreg::cli {

CvColumns::CvColumns(const CvSettings& settings)
    : regulariser(regulariser_name(settings.base.method)),
      score(settings.score.is_mse() ? "" : score_name(settings.score.kind)),
      score_label(score_label_of(settings.score.kind)) {
  for (const std::string& key : kernel_option_keys(settings.base.kernel.name))
    kernel.push_back(find_kernel_parameter(key));
}

namespace {

std::vector<std::string> point_header(const CvColumns& c) {
  std::vector<std::string> head;
  for (const KernelParameter* p : c.kernel) head.push_back(p->key);
  if (!c.regulariser.empty()) head.push_back(c.regulariser);
  return head;
}

// "mae" or "huber (delta 1.345)".
std::string score_text(const Score& score) {
  return score_name(score.kind) +
         (score.kind == ScoreKind::kHuber ? " (delta " + readable_number(score.huber_delta) + ")" : std::string());
}

std::vector<std::string> point_cells(const CvRow& r, const CvColumns& c) {
  std::vector<std::string> cells;
  for (const KernelParameter* p : c.kernel) cells.push_back(parameter_cell(*p, r.kernel));
  if (!c.regulariser.empty()) cells.push_back(format_double(r.regulariser));
  return cells;
}

}  // namespace

std::string cv_table(const CvResult& result, const CvColumns& columns) {
  std::vector<std::string> head = point_header(columns);
  head.insert(head.end(), {"mean_mse", "se_mse", "fold_sd_mse", "mean_r2", "fold_sd_r2"});
  const std::string& S = columns.score;
  if (!S.empty()) head.insert(head.end(), {"mean_" + S, "se_" + S, "fold_sd_" + S});
  if (columns.regulariser.empty()) head.push_back("t");
  TableWriter table(head);
  for (const auto& r : result.rows) {
    std::vector<std::string> row = point_cells(r, columns);
    row.insert(row.end(), {format_double(r.mean_mse), format_double(r.se_mse), format_double(r.fold_sd_mse),
                           format_double(r.mean_r2), format_double(r.fold_sd_r2)});
    if (!S.empty())
      row.insert(row.end(), {format_double(r.mean_score), format_double(r.se_score), format_double(r.fold_sd_score)});
    if (columns.regulariser.empty()) row.push_back(format_double(r.chosen_t));
    table.add_row(row);
  }
  return table.text();
}

std::string cv_per_fold_table(const CvResult& result, const CvColumns& columns) {
  std::vector<std::string> head = point_header(columns);
  head.insert(head.end(), {"fold", "mse", "r2"});
  if (!columns.score.empty()) head.push_back(columns.score);
  if (columns.regulariser.empty()) head.push_back("t");
  TableWriter table(head);
  for (const auto& r : result.rows)
    for (std::size_t f = 0; f < r.fold_mse.size(); ++f) {
      std::vector<std::string> row = point_cells(r, columns);
      row.insert(row.end(), {std::to_string(f), format_double(r.fold_mse[f]), format_double(r.fold_r2[f])});
      if (!columns.score.empty()) row.push_back(format_double(r.fold_score[f]));
      if (columns.regulariser.empty()) row.push_back(format_double(r.fold_t[f]));
      table.add_row(row);
    }
  return table.text();
}

nlohmann::ordered_json cv_row_json(const CvRow& r, const CvColumns& c) {
  nlohmann::ordered_json j;
  for (const KernelParameter* p : c.kernel) j[p->key] = parameter_json(*p, r.kernel);
  j[c.regulariser.empty() ? "t" : c.regulariser] = c.regulariser.empty() ? r.chosen_t : r.regulariser;
  j["mean_mse"] = r.mean_mse;
  j["se_mse"] = r.se_mse;
  j["mean_r2"] = r.mean_r2;
  if (!c.score.empty()) {
    j["mean_" + c.score] = r.mean_score;
    j["se_" + c.score] = r.se_score;
  }
  return j;
}

std::string cv_row_text(const CvRow& r, const CvColumns& c) {
  std::string s;
  const auto add = [&s](const std::string& name, const std::string& value) {
    s += (s.empty() ? "" : ", ") + name + " " + value;
  };
  for (const KernelParameter* p : c.kernel) add(p->key, parameter_text(*p, r.kernel));
  add(c.regulariser.empty() ? "t (mean over folds)" : c.regulariser,
      readable_number(c.regulariser.empty() ? r.chosen_t : r.regulariser));
  if (!c.score.empty())
    s += ": mean " + c.score_label + " " + readable_number(r.mean_score) + " (SE " + readable_number(r.se_score) +
         "), mean MSE " + readable_number(r.mean_mse);
  else
    s += ": mean MSE " + readable_number(r.mean_mse) + " (SE " + readable_number(r.se_mse) + ")";
  return s + ", mean R2 " + readable_number(r.mean_r2);
}

namespace {

// The one-SE rule in words: "largest lambda, then largest bandwidth, within one SE of the minimum".
std::string one_se_order(const CvColumns& c) {
  std::vector<std::string> keys;
  for (const KernelParameter* p : c.kernel) keys.push_back(p->key);
  return one_se_rule_text(c.regulariser, keys);
}

}  // namespace

nlohmann::ordered_json cv_best_json(const CvResult& result, const CvSettings& settings, const CvColumns& columns,
                                    const Folds& folds, const std::string& fold_column, const std::string& statistics) {
  nlohmann::ordered_json best;
  best["method"] = settings.base.method;
  best["kernel"] = settings.base.kernel.name;
  if (!columns.score.empty()) {  // the rows' mean_S and se_S chose; mse (the default) is named by its columns
    best["score"] = columns.score;
    if (settings.score.kind == ScoreKind::kHuber) best["huber_delta"] = settings.score.huber_delta;
  }
  best["min"] = cv_row_json(result.rows[result.best_min], columns);
  best["one_se"] = cv_row_json(result.rows[result.best_1se], columns);
  best["one_se_rule"] = one_se_order(columns);
  best["folds"] = folds.k;
  if (fold_column.empty())
    best["seed"] = settings.base.seed;
  else
    best["fold_column"] = fold_column;
  best["statistics"] = statistics;
  best["fold_of_row"] = folds.fold_of_row;
  return best;
}

std::string cv_summary(const CvResult& result, const CvSettings& settings, const CvColumns& columns, std::size_t rows) {
  const std::string solver =
      settings.base.solver == Solver::kNystrom
          ? " (nystrom, " + std::to_string(settings.base.centre_count(rows)) + " centres)"
          : std::string();
  return "cv " + settings.base.method + solver + ": " + std::to_string(result.rows.size()) + " grid points x " +
         std::to_string(result.folds.k) + " folds on " + std::to_string(rows) + " rows" +
         (columns.score.empty() ? std::string() : ", scored by " + score_text(settings.score)) + "\n" +
         "best (min rule): " + cv_row_text(result.rows[result.best_min], columns) + "\n" +
         "best (1se rule): " + cv_row_text(result.rows[result.best_1se], columns) + "\n";
}

namespace {

// Nystrom fits short of --tol (cv_checks.h): those at lambda = 0, which has no direct solve, and
// those at lambda > 0 whose direct solve did no better than conjugate gradients.
std::string nystrom_short_of_tol_text(const CvFinding& f) {
  std::string m = std::to_string(f.count) + " of " + std::to_string(f.total) +
                  " Nystrom fits (grid point x fold) ended short of --tol and are scored as they ended:";
  if (f.at_zero > 0)
    m += " " + std::to_string(f.at_zero) +
         " at lambda = 0, where conjugate gradients stopped (at --max-iter or on a breakdown) and the direct "
         "solve that otherwise takes over needs lambda > 0: start --lambda-grid above 0";
  if (f.above_zero > 0)
    m += std::string(f.at_zero > 0 ? ";" : "") + " " + std::to_string(f.above_zero) +
         " at lambda > 0, where the direct solve that takes over from conjugate gradients left a larger residual "
         "than they did, so rounding limits both (the centres' kernel matrix is nearly singular): use fewer "
         "--centers or a smaller --bandwidth, or accept the residual with a larger --tol";
  return m + " (docs/nystrom.md, \"Direct fallback\")";
}

std::string cv_finding_text(const CvFinding& f, const CvResult& result, const CvSettings& s, const CvColumns& columns) {
  const std::string of = std::to_string(f.count) + " of " + std::to_string(f.total);
  switch (f.kind) {
    case CvFindingKind::kNonFiniteRows:
      return of + " grid points have no finite cross-validation error (" +
             (s.base.is_penalized()
                  ? "their fits broke down numerically, or lie below the lambda where " + s.base.method +
                        " has no minimiser that double precision determines and were not solved"
                  : std::string("their fits broke down numerically")) +
             ", e.g. lambda too small for the kernel matrix); they are never selected, and their cells in the table "
             "are empty. The first: " +
             cv_row_text(result.rows[f.row], columns);
    case CvFindingKind::kBestNoBetterThanMean:
      return "the best point (min rule) has mean R2 " + readable_number(f.r2) +
             ": averaged over the folds, it predicts the validation rows no better than their own mean";
    case CvFindingKind::kNotConverged:
      return of + " " + s.base.method +
             " fits (grid point x fold) did not converge within --max-iter; their validation errors are those of the "
             "last iterate (" +
             (s.base.is_penalized()
                  ? std::string("raise --max-iter or --tol; but where the kernel matrix is numerically singular on the "
                                "points a fit uses, as at large bandwidths and small lambdas, more iterations need "
                                "not settle it, and a smaller --bandwidth or larger lambdas are the better-posed "
                                "problems; where the coefficients were far too large to determine, the fits stopped "
                                "after 1,000 iterations unless --max-iter was given)")
                  : std::string("raise --max-iter or --tol)"));
    case CvFindingKind::kStoppedAtTMax:
      return of +
             " early-stopping runs (bandwidth x fold) reached --t-max before the validation error levelled off "
             "(consider a larger --t-max)";
    case CvFindingKind::kNystromShortOfTol:
      return nystrom_short_of_tol_text(f);
    case CvFindingKind::kUnbounded:
      return of + " " + s.base.method +
             " fits (grid point x fold) are of problems unbounded below: " + kCvUnboundedCause;
  }
  enumerator_out_of_range("CvFindingKind", "cv_warnings");
}

}  // namespace

std::vector<std::string> cv_warnings(const CvResult& result, const CvSettings& s, const CvColumns& columns) {
  std::vector<std::string> out;
  for (const CvFinding& f : cv_findings(result, s)) out.push_back(cv_finding_text(f, result, s, columns));
  return out;
}

}  // namespace kreg::cli
