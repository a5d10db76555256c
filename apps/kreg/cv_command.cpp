// `kreg cv`: k-fold cross-validation over kernel-parameter x lambda (or t) grids for every
// method, with the min and one-standard-error rules, and an optional refit.
#include <ostream>

#include "command.h"
#include "data_options.h"
#include "fit_settings_options.h"
#include "kreg/core/number_text.h"
#include "kreg/model/model_json.h"
#include "kreg/model/train.h"
#include "kreg/select/cv.h"
#include "kreg/select/grid.h"
#include "kreg/solvers/repeated_rows.h"
#include "output_files.h"
#include "progress.h"
#include "table_writer.h"

namespace kreg::cli {

namespace {

class CvCommand : public Command {
 public:
  explicit CvCommand(CLI::App& sub) : Command(sub) {
    data_.register_on(options);
    fit_.register_on(options);
    options.add_grid("--bandwidth-grid", bandwidth_grid_, "bandwidths to try (default: --bandwidth)");
    options.add_grid("--degree-grid", degree_grid_, "polynomial degrees to try (default: --degree)");
    options.add_grid("--offset-grid", offset_grid_, "polynomial offsets to try (default: --offset)");
    options.add_grid("--lambda-grid", lambda_grid_, "lambda values for krr, kl1, klinf (default: --lambda)");
    options.add_grid("--t-grid", t_grid_,
                     "t values for kgf (default: --t); the early-stopping methods choose t per fold");
    options.add("--folds", folds_, "number of folds k >= 2");
    options.add("--fold-column", fold_column_, "take each row's fold from this column (never a feature)");
    options.add("--statistics", statistics_, "standardisation statistics from each training fold | all rows");
    options.add("--output", output_path_, "CV table CSV, one row per grid point (required; - = standard output)")
        ->option_text("FILE");
    options.add("--per-fold", per_fold_path_, "also write one row per grid point and fold")->option_text("FILE");
    options.add("--best", best_path_, "best point by the min and one-standard-error rules, as JSON")
        ->option_text("FILE");
    options.add("--model", model_path_, "refit the best point on all rows and write the model")->option_text("FILE");
    options.add("--refit-rule", refit_rule_, "min | 1se: which best point --model refits");
  }

  void run(Streams& io) override {
    CvSettings cv;
    cv.base = fit_.to_settings(options);
    require(options, "output", output_path_);
    OutputFiles files(
        options, {{"output", output_path_}, {"per_fold", per_fold_path_}, {"best", best_path_}, {"model", model_path_}},
        {{"data", data_.data}, {"config", options.config_path()}});
    const std::string& method = cv.base.method;
    const std::string reg = regulariser_name(method);
    try {
      if (statistics_ == "all")
        cv.statistics = CvStatistics::kAll;
      else if (statistics_ != "fold")
        throw ConfigError("statistics: expected fold or all, got '" + statistics_ + "'");
      if (refit_rule_ != "min" && refit_rule_ != "1se")
        throw ConfigError("refit_rule: expected min or 1se, got '" + refit_rule_ + "'");
      if (!bandwidth_grid_.empty()) cv.bandwidth_grid = parse_grid(bandwidth_grid_, "bandwidth_grid");
      if (!degree_grid_.empty()) cv.degree_grid = parse_grid(degree_grid_, "degree_grid");
      if (!offset_grid_.empty()) cv.offset_grid = parse_grid(offset_grid_, "offset_grid");
      if (reg == "lambda") {
        if (!t_grid_.empty()) throw ConfigError("t_grid: not used by --method " + method + " (it has a lambda grid)");
        cv.regulariser_grid =
            lambda_grid_.empty() ? std::vector<double>{cv.base.lambda} : parse_grid(lambda_grid_, "lambda_grid");
      } else if (reg == "t") {
        if (!lambda_grid_.empty()) throw ConfigError("lambda_grid: not used by --method kgf (it has a t grid)");
        cv.regulariser_grid = t_grid_.empty() ? std::vector<double>{cv.base.t} : parse_grid(t_grid_, "t_grid");
      } else if (!lambda_grid_.empty() || !t_grid_.empty()) {
        throw ConfigError(std::string(lambda_grid_.empty() ? "t_grid" : "lambda_grid") + ": --method " + method +
                          " chooses t by early stopping on each validation fold");
      }
    } catch (const ConfigError& e) {
      options.rethrow_located(e);
    }
    cv.threads = options.threads();

    const TrainingData training = data_.load(options, io, fold_column_);
    const Dataset& data = training.data;
    Folds folds;
    if (!fold_column_.empty()) {
      folds = folds_from_labels(training.fold_labels, data.source);
    } else {
      try {
        folds = seeded_folds(data.n(), folds_, cv.base.seed);
      } catch (const ConfigError& e) {
        options.rethrow_located(e);
      }
    }

    ProgressBar bar(io.err, io.err_is_terminal && !options.quiet(), "cv " + method);
    CvResult result;
    try {
      result = cross_validate(data, cv, folds, [&bar](std::size_t d, std::size_t t) { bar.update(d, t); });
    } catch (const ConfigError& e) {
      options.rethrow_located(e);
    }

    // Tables first, files last: nothing is written unless everything succeeded.
    const bool radial = cv.base.kernel.name != "linear" && cv.base.kernel.name != "polynomial";
    const bool poly = cv.base.kernel.name == "polynomial";
    auto kernel_cells = [&](const CvRow& r) {
      std::vector<std::string> c;
      if (radial) c.push_back(format_double(r.kernel.bandwidth));
      if (poly) {
        c.push_back(std::to_string(r.kernel.degree));
        c.push_back(format_double(r.kernel.offset));
      }
      return c;
    };
    std::vector<std::string> head;
    if (radial) head.push_back("bandwidth");
    if (poly) head.insert(head.end(), {"degree", "offset"});
    if (!reg.empty()) head.push_back(reg);
    std::vector<std::string> cols = head;
    cols.insert(cols.end(), {"mean_mse", "sd_mse", "mean_r2", "sd_r2"});
    if (reg.empty()) cols.push_back("t");
    TableWriter table_out(cols);
    std::vector<std::string> fold_cols = head;
    fold_cols.insert(fold_cols.end(), {"fold", "mse", "r2"});
    if (reg.empty()) fold_cols.push_back("t");
    TableWriter per_fold(fold_cols);
    for (const auto& r : result.rows) {
      std::vector<std::string> cells = kernel_cells(r);
      if (!reg.empty()) cells.push_back(format_double(r.regulariser));
      std::vector<std::string> row = cells;
      row.insert(row.end(), {format_double(r.mean_mse), format_double(r.sd_mse), format_double(r.mean_r2),
                             format_double(r.sd_r2)});
      if (reg.empty()) row.push_back(format_double(r.chosen_t));
      table_out.add_row(row);
      for (std::size_t f = 0; f < r.fold_mse.size(); ++f) {
        std::vector<std::string> fr = cells;
        fr.insert(fr.end(), {std::to_string(f), format_double(r.fold_mse[f]), format_double(r.fold_r2[f])});
        if (reg.empty()) fr.push_back(format_double(r.fold_t[f]));
        per_fold.add_row(fr);
      }
    }
    auto row_json = [&](const CvRow& r) {
      nlohmann::ordered_json j;
      if (radial) j["bandwidth"] = r.kernel.bandwidth;
      if (poly) {
        j["degree"] = r.kernel.degree;
        j["offset"] = r.kernel.offset;
      }
      if (!reg.empty())
        j[reg] = r.regulariser;
      else
        j["t"] = r.chosen_t;
      j["mean_mse"] = r.mean_mse;
      j["sd_mse"] = r.sd_mse;
      j["mean_r2"] = r.mean_r2;
      return j;
    };
    nlohmann::ordered_json best;
    best["method"] = method;
    best["kernel"] = cv.base.kernel.name;
    best["min"] = row_json(result.rows[result.best_min]);
    best["one_se"] = row_json(result.rows[result.best_1se]);
    best["one_se_rule"] = reg == "lambda" ? "largest lambda, then largest bandwidth, within one SE of the minimum"
                          : reg == "t"    ? "smallest t, then largest bandwidth, within one SE of the minimum"
                                          : "largest bandwidth within one SE of the minimum";
    best["folds"] = folds.k;
    if (fold_column_.empty())
      best["seed"] = cv.base.seed;
    else
      best["fold_column"] = fold_column_;
    best["statistics"] = statistics_;
    best["fold_of_row"] = folds.fold_of_row;

    if (result.unfinished_fits > 0) {
      const std::string share = std::to_string(result.unfinished_fits) + " of " + std::to_string(result.total_fits);
      warn(io, cv.base.is_penalized()
                   ? share + " " + method + " fits (grid point x fold) did not converge within --max-iter; " +
                         "their validation errors are those of the last iterate (raise --max-iter or --tol)"
                   : share + " early-stopping runs (bandwidth x fold) reached --t-max before the validation " +
                         "error levelled off (consider a larger --t-max)");
    }
    if (result.unbounded_fits > 0)
      warn(io, std::to_string(result.unbounded_fits) + " of " + std::to_string(result.total_fits) + " " + method +
                   " fits (grid point x fold) are of problems unbounded below: " + kRepeatedRowsCause);
    std::string model_text;
    if (!model_path_.empty()) {
      const CvRow& chosen = result.rows[refit_rule_ == "min" ? result.best_min : result.best_1se];
      const Model model = train(data, refit_settings(cv, chosen));
      for (const auto& w : model.warnings) warn(io, w);
      model_text = model_to_json(model).dump(1) + "\n";
    }
    files.add("output", table_out.text());
    if (!per_fold_path_.empty()) files.add("per_fold", per_fold.text());
    if (!best_path_.empty()) files.add("best", best.dump(1) + "\n");
    if (!model_path_.empty()) files.add("model", std::move(model_text));
    files.commit(io);
    if (!options.quiet()) {
      files.summary(io) << "cv " << method << ": " << result.rows.size() << " grid points x " << folds.k << " folds on "
                        << data.n() << " rows\n"
                        << "best (min rule): " << best["min"].dump() << "\n"
                        << "best (1se rule): " << best["one_se"].dump() << "\n";
    }
  }

 private:
  DataOptions data_;
  FitSettingsOptions fit_;
  std::string bandwidth_grid_, degree_grid_, offset_grid_, lambda_grid_, t_grid_;
  int folds_ = 10;
  std::string fold_column_, statistics_ = "fold";
  std::string output_path_, per_fold_path_, best_path_, model_path_, refit_rule_ = "min";
};

}  // namespace

std::unique_ptr<Command> make_cv_command(CLI::App& parent) {
  return std::make_unique<CvCommand>(
      *parent.add_subcommand("cv", "k-fold cross-validation over kernel and regularisation grids"));
}

}  // namespace kreg::cli
