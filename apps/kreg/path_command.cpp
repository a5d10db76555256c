// `kreg path`: one row per lambda (krr from one eigendecomposition; kl1, klinf warm-started)
// or per recorded t (kgf from the same eigendecomposition; kgd, ksgd, kcd, kegd from one run).
#include <ostream>

#include "command.h"
#include "data_options.h"
#include "fit_settings_options.h"
#include "kreg/core/grid.h"
#include "kreg/core/number_text.h"
#include "kreg/data/dataset.h"
#include "kreg/io/table_writer.h"
#include "kreg/routes/memory_estimate.h"
#include "kreg/routes/path.h"
#include "kreg/select/path_checks.h"
#include "output_files.h"
#include "plot_output.h"
#include "regulariser_grid_options.h"
#include "score_options.h"

namespace kreg::cli {

namespace {

class PathCommand : public Command {
 public:
  explicit PathCommand(CLI::App& sub) : Command(sub) {
    data_.register_on(options);
    fit_.register_on(options);
    options.add("--validation", validation_path_, "validation CSV (same columns) for val_mse and val_r2")
        ->option_text("FILE");
    grids_.register_on(
        options,
        "lambda values for " +
            method_names_where([](const MethodInfo& m) { return m.regulariser == Regulariser::kLambda; }) +
            ": logspace:a:b:n or a,b,c (default: 50 values, from mu_max down to 1e-6 mu_max for the closed forms, from "
            "lambda_max down to 1e-3 lambda_max for the penalised methods)",
        "t values for " + method_names_where([](const MethodInfo& m) { return m.regulariser == Regulariser::kTime; }) +
            " (default: 50 values from 1/mu_max to 1e6/mu_max)");
    options.add("--output", output_path_, "path CSV (required unless --plot is given; - = standard output)")->option_text("FILE");
    options.add("--record-every", record_every_,
                "iterative methods: record every m updates up to --t-max (0 = about 100 rows log-spaced in t, from one "
                "update to --t-max)");
    options.add("--coefficients", coef_path_, "also write alpha for every grid point (long CSV)")->option_text("FILE");
    options.add("--plot", plot_path_, plot_option_help("path"))->option_text("FILE");
    score_.register_on(options, "validation score added as a column val_mae or val_huber beside val_mse");
  }

  void run(Streams& io) override {
    Kernel kernel;
    const FitSettings settings = fit_.to_settings(&kernel);
    const Score score = score_.to_score(options);
    if (output_path_.empty() && plot_path_.empty())
      throw ConfigError("missing output: give --output (the path table), --plot (its picture) or both");
    OutputFiles files(options, {{"output", output_path_}, {"coefficients", coef_path_}, {"plot", plot_path_}},
                      {{"data", data_.data}, {"validation", validation_path_}, {"config", options.config_path()}});
    const MethodInfo& method = settings.method_info();
    const bool lambda_path = method.regulariser == Regulariser::kLambda;
    // An empty grid asks the path for its default one, taken from the data.
    const std::vector<double> grid =
        grids_.grid_for(method, "iterative methods record their path every --record-every updates up to --t-max");
    if (record_every_ < 0) throw ConfigError("record_every", "must be >= 0");
    const Dataset train = data_.load(options, io).data;
    Dataset validation;
    if (!validation_path_.empty()) validation = data_.load_validation(options, io, validation_path_, train);

    require_memory_for(path_memory(settings, kernel, train.n(), train.p(), validation.n()), "kreg path", train.n());
    const Dataset* val = validation_path_.empty() ? nullptr : &validation;
    PathRequest request;
    request.grid = grid;
    request.record_every = record_every_;
    request.keep_alpha = !coef_path_.empty();
    request.score = score;
    const PathResult result = regularisation_path(train, val, settings, kernel, request);
    const std::vector<PathPoint>& path = result.points;

    const std::string regulariser = lambda_path ? "lambda" : "t";
    const PathPointCount broken = non_finite_path_points(path, val != nullptr, !score.is_mse());
    if (broken.count > 0) warn(io, non_finite_warning(broken, path[broken.first], regulariser, val != nullptr));

    std::vector<std::string> columns = {
        regulariser, "df", "train_mse", "train_r2", "val_mse", "val_r2", "alpha_norm", "nonzero"};
    const PathColumns& more = result.columns;
    if (!score.is_mse()) columns.insert(columns.begin() + 6, "val_" + score_name(score.kind));  // after val_r2
    if (more.iterations) columns.push_back("iterations");
    if (more.converged) columns.push_back("converged");
    if (more.bounded) columns.push_back("bounded");
    TableWriter table(columns);
    for (const auto& p : path) {
      std::vector<std::string> row = {format_double(p.value),      format_double(p.df),      format_double(p.train_mse),
                                      format_double(p.train_r2),   format_double(p.val_mse), format_double(p.val_r2),
                                      format_double(p.alpha_norm), std::to_string(p.nonzero)};
      if (!score.is_mse()) row.insert(row.begin() + 6, format_double(p.val_score));
      if (more.iterations) row.push_back(std::to_string(p.iterations));
      if (more.converged) row.push_back(p.converged ? "1" : "0");
      if (more.bounded) row.push_back(p.bounded ? "1" : "0");
      table.add_row(row);
    }
    std::string coef_text;
    if (!coef_path_.empty()) {
      TableWriter coef({regulariser, "row", "alpha"});
      for (const auto& p : path)
        for (arma::uword i = 0; i < p.alpha.n_elem; ++i)
          coef.add_row({format_double(p.value), std::to_string(i), format_double(p.alpha(i))});
      coef_text = coef.text();
    }
    std::string table_text = table.text();
    if (!plot_path_.empty())
      files.add("plot", plot_of_own_table(table_text, PlotKind::kPath, data_.data, settings.method, settings.kernel.name));
    if (!output_path_.empty()) files.add("output", std::move(table_text));
    if (!coef_path_.empty()) files.add("coefficients", std::move(coef_text));
    files.commit(io);
    const IllConditionedPoints ill = ill_conditioned_path_points(path);  // the closed forms' points have an rcond
    if (ill.count > 0)
      warn(io, ill_conditioned_warning(ill.count, ill.total, path[ill.worst].value, path[ill.worst].rcond, regulariser,
                                       "alpha, alpha_norm and df"));
    for (const std::string& w : result.warnings) warn(io, w);
    if (!options.quiet() && !output_path_.empty())
      files.summary(io) << settings.method << " path: " << path.size() << " points on " << train.n()
                        << " rows written to " << OutputFiles::name(output_path_) << "\n";
    if (!options.quiet() && !plot_path_.empty())
      files.summary(io) << "picture written to " << OutputFiles::name(plot_path_) << "\n";
  }

 private:
  // The warning about the points whose errors or coefficients are not finite (written with
  // empty cells): how many, and the first.
  static std::string non_finite_warning(const PathPointCount& broken, const PathPoint& first,
                                        const std::string& regulariser, bool validation) {
    return std::to_string(broken.count) + " of " + std::to_string(broken.total) +
           " path points have errors or coefficients that are not finite (their fits broke down numerically); their "
           "cells in the table are empty. The first: " +
           regulariser + " " + readable_number(first.value) + ", train MSE " + readable_number(first.train_mse) +
           ", alpha norm " + readable_number(first.alpha_norm) +
           (validation ? ", validation MSE " + readable_number(first.val_mse) : std::string());
  }

  DataOptions data_;
  FitSettingsOptions fit_;
  RegulariserGridOptions grids_;
  ScoreOptions score_;
  std::string validation_path_, output_path_, coef_path_, plot_path_;
  long record_every_ = 0;
};

}  // namespace

std::unique_ptr<Command> make_path_command(CLI::App& parent) {
  return std::make_unique<PathCommand>(*parent.add_subcommand(
      "path", "regularisation path over lambda (" + method_names_where([](const MethodInfo& m) {
                return m.regulariser == Regulariser::kLambda;
              }) + ") or t (" +
                  method_names_where([](const MethodInfo& m) { return m.regulariser != Regulariser::kLambda; }) + ")"));
}

}  // namespace kreg::cli
