// What `kreg cv` reports: the CV table, the per-fold table, the best points as JSON, a
// summary for people, and the words of the warnings about its result (broken fits).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kreg/kernels/kernel_parameter.h"
#include "kreg/select/cv.h"

namespace kreg::cli {

/// The columns that describe a grid point: the kernel's parameters and lambda or t; and the
/// score's columns besides the MSE's.
struct CvColumns {
  std::vector<const KernelParameter*> kernel;  ///< the kernel's option parameters, one column each
  std::string regulariser;                     ///< "lambda", "t" or "" (early stopping: t is chosen per fold)
  std::string score;                           ///< "" for mse, else "mae" or "huber": mean_mae, se_mae, ...
  std::string score_label;                     ///< the score in a sentence: "MSE", "MAE", "Huber loss"
  explicit CvColumns(const CvSettings& settings);
};

/// One row per grid point: kernel parameters, lambda or t, mean_mse, se_mse, fold_sd_mse,
/// mean_r2, fold_sd_r2, with --score mae or huber mean_S, se_S, fold_sd_S of that score S (the
/// columns that chose), and t for early stopping.
std::string cv_table(const CvResult& result, const CvColumns& columns);
/// One row per grid point and fold: kernel parameters, lambda or t, fold, mse, r2, the score S
/// (mae or huber, not for mse) and t.
std::string cv_per_fold_table(const CvResult& result, const CvColumns& columns);
/// The row as JSON: its parameters and scores (mean_S and se_S of a score S other than mse too).
nlohmann::ordered_json cv_row_json(const CvRow& row, const CvColumns& columns);
/// The row in a line for people: "bandwidth 0.5, lambda 0.01: mean MSE 0.123 (SE 0.004), mean R2 0.87".
std::string cv_row_text(const CvRow& row, const CvColumns& columns);

/// The --best file: method, kernel, the score when it is not mse (with huber_delta), the best
/// rows by both rules, the one-SE rule in words, and the folds (k, seed or fold column,
/// statistics, each row's fold).
nlohmann::ordered_json cv_best_json(const CvResult& result, const CvSettings& settings, const CvColumns& columns,
                                    const Folds& folds, const std::string& fold_column, const std::string& statistics);
/// The summary for people: grid size, rows, and the best point by each rule.
std::string cv_summary(const CvResult& result, const CvSettings& settings, const CvColumns& columns, std::size_t rows);

/// The warnings about the result, one per finding of kreg/select/cv_checks.h (grid points
/// whose score is not finite, a best mean R2 at or below 0, unfinished and unbounded fits), in
/// words that name the options to change (the grid edges: cv_grid_report.h).
std::vector<std::string> cv_warnings(const CvResult& result, const CvSettings& settings, const CvColumns& columns);

}  // namespace kreg::cli
