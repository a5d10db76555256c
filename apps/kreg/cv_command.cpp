// `kreg cv`: k-fold cross-validation over kernel-parameter x lambda (or t) grids for every
// method, with the min and one-standard-error rules, and an optional refit.
#include <algorithm>
#include <map>
#include <ostream>

#include "command.h"
#include "cv_grid_report.h"
#include "cv_report.h"
#include "data_options.h"
#include "fit_settings_options.h"
#include "kernel_grid_options.h"
#include "kreg/core/grid.h"
#include "kreg/core/number_text.h"
#include "kreg/core/suggest.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/model/model_json.h"
#include "kreg/routes/train.h"
#include "kreg/select/compute_resources.h"
#include "kreg/select/cv.h"
#include "kreg/select/cv_memory.h"
#include "kreg/select/cv_shard.h"
#include "kreg/select/grid_checks.h"
#include "kreg/select/grid_extension.h"
#include "output_files.h"
#include "plot_output.h"
#include "regulariser_grid_options.h"
#include "score_options.h"

namespace kreg::cli {

namespace {

class CvCommand : public Command {
 public:
  explicit CvCommand(CLI::App& sub) : Command(sub) {
    data_.register_on(options);
    fit_.register_on(options);
    kernel_grids_.register_on(options);
    grids_.register_on(
        options, "lambda values for " + method_names_where([](const MethodInfo& m) {
                   return m.regulariser == Regulariser::kLambda;
                 }) + " (default: --lambda if given, else a grid from the data)",
        "t values for " + method_names_where([](const MethodInfo& m) { return m.regulariser == Regulariser::kTime; }) +
            " (default: --t if given, else a grid from the data); the early-stopping methods choose t per fold");
    options.add("--folds", folds_, "number of folds k >= 2");
    options.add("--fold-column", fold_column_, "take each row's fold from this column (never a feature)");
    options.add_choice("--statistics", statistics_, {"fold", "all"},
                       "standardisation statistics from each training fold | all rows");
    options.add("--output", output_path_, "CV table CSV, one row per grid point (- = standard output)")
        ->option_text("FILE");
    options.add("--per-fold", per_fold_path_, "also write one row per grid point and fold")->option_text("FILE");
    options.add("--best", best_path_, "best point by the min and one-standard-error rules, as JSON")
        ->option_text("FILE");
    options.add("--model", model_path_, "refit the best point on all rows and write the model")->option_text("FILE");
    options.add("--plot", plot_path_, plot_option_help("cv table"))->option_text("FILE");
    options.add_choice("--refit-rule", refit_rule_, {"min", "1se"}, "min | 1se: which best point --model refits");
    score_.register_on(options,
                       "validation score of the min and 1se rules and of the early-stopping methods' stopping time");
    options
        .add("--shard", shard_text_,
             "I/N: compute only shard I of N of the (kernel parameters x fold) fits and write them to --output, "
             "for kreg cv --merge")
        ->option_text("I/N");
    options
        .add("--merge", merge_paths_,
             "put the shard files of one run together: the outputs of the run made in one process (settings "
             "and folds come from the shards; --data only for --model)")
        ->option_text("FILE ...");
  }

  void run(Streams& io) override {
    if (!merge_paths_.empty()) return merge(io);
    Kernel kernel;
    CvSettings cv = settings(&kernel);
    const bool sharded = !shard_text_.empty();
    check_outputs(sharded);
    OutputFiles files(
        options, {{"output", output_path_},
                  {"per_fold", per_fold_path_},
                  {"best", best_path_},
                  {"model", model_path_},
                  {"plot", plot_path_}},
        {{"data", data_.data}, {"config", options.config_path()}});
    const TrainingData training = data_.load(options, io, fold_column_);
    const Dataset& data = training.data;
    const Folds folds = fold_column_.empty() ? seeded_folds(data.n(), folds_, cv.base.seed)
                                             : folds_from_labels(training.fold_labels, data.source);
    // The memory check comes first (the default grids' rules take a sample's kernel matrix), and
    // again once the grids are known.
    require_memory_for(cv_memory(cv, kernel, data.n(), data.p(), folds.k), "kreg cv", data.n());
    // Axes the user left free take their grids from the data (kreg/select/default_grids.h).
    const bool bandwidth_free = !options.given("bandwidth") && !options.given("bandwidth_grid");
    const ExtendableAxes axes =
        fill_default_grids(cv, data, bandwidth_free, cv.regulariser_grid.empty(), provenance_.rules);
    provenance_.bandwidth_from_data = axes.bandwidth || (bandwidth_free && !provenance_.rules.bandwidth.empty());
    provenance_.regulariser_from_data = axes.regulariser;
    provenance_.regulariser_value_given = !options.given("lambda_grid") && !options.given("t_grid");
    if (!provenance_.bandwidth_from_data || !provenance_.regulariser_from_data)  // suggestions for the user's axes
      provenance_.rules = default_grids(data, cv.base, true, true, provenance_.rules.bandwidth);
    if (provenance_.bandwidth_from_data) default_grid_values_.first = cv.kernel_grids["bandwidth"];
    if (provenance_.regulariser_from_data) default_grid_values_.second = cv.regulariser_grid;
    require_memory_for(cv_memory(cv, kernel, data.n(), data.p(), folds.k), "kreg cv", data.n());
    if (sharded) {
      const CvShard shard = parse_cv_shard(shard_text_);
      const CvScores scores = compute_cv_scores(data, cv, folds, shard);
      files.add("output", cv_shard_text(shard, run_description(data, folds), scores));
      files.commit(io);
      const std::size_t mine = static_cast<std::size_t>(std::count(scores.filled.begin(), scores.filled.end(), 1));
      if (!options.quiet())
        files.summary(io) << "shard " << shard_text_ << ": " << mine << " of " << scores.slots.size()
                          << " (kernel parameters x fold) fits; put the " << shard.count
                          << " shards together with kreg cv --merge\n";
      return;
    }
    ExtendableAxes grow = axes;
    if (axes.bandwidth && data.n() > kBandwidthScreenRows) {  // the data's bandwidths, screened on a sample
      provenance_.screen = screen_bandwidths(data, cv, folds, axes);
      if (!provenance_.screen.chosen.empty()) {
        cv.kernel_grids["bandwidth"] = provenance_.screen.chosen;
        grow.refine = false;  // the three are a quarter decade apart already
      }
    }
    CvScores scores = compute_cv_scores(data, cv, folds);
    scores = extend_grid_at_edges(data, cv, folds, std::move(scores), grow, provenance_.extensions);
    report(io, files, aggregate_cv(cv, folds, scores), cv, folds, &data, data.n());
  }

 private:
  // `kreg cv --merge part_1.csv ...`: the run's settings and folds from its shards (the command
  // line wins: outputs, --refit-rule, --data), the outputs of the run made in one process.
  void merge(Streams& io) {
    if (!shard_text_.empty())
      throw ConfigError("shard",
                        "--shard computes one shard of a run, --merge puts them together: give one or the other");
    std::vector<CvShardFile> shards;
    for (const std::string& path : merge_paths_) shards.push_back(read_cv_shard(path));
    options.apply_config_text(cv_shard_given_settings(shards.front()), shards.front().path);
    const CvSettings cv = settings();
    // The first file's counts against its settings; the merge checks that the others are of its run.
    check_cv_shard_counts(shards.front(), cv);
    const Folds folds = cv_shard_folds(shards.front());
    const CvScores scores = merge_cv_shards(shards);
    check_outputs(false);
    std::vector<FileOption> inputs = {{"config", options.config_path()}};
    if (!model_path_.empty()) inputs.push_back({"data", data_.data});
    for (const std::string& path : merge_paths_) inputs.push_back({"merge", path});
    OutputFiles files(
        options, {{"output", output_path_},
                  {"per_fold", per_fold_path_},
                  {"best", best_path_},
                  {"model", model_path_},
                  {"plot", plot_path_}},
        inputs);
    Dataset data;
    if (!model_path_.empty()) {  // the refit needs the rows; they must be the ones the shards saw
      data = data_.load(options, io, fold_column_).data;
      check_cv_shard_data(shards.front(), data, data_.data);
    }
    report(io, files, aggregate_cv(cv, folds, scores), cv, folds, model_path_.empty() ? nullptr : &data,
           folds.fold_of_row.size());
  }

  // The outputs of a whole run: warnings, the refit (with `data`), the tables and best points,
  // written all or none, and the summary.
  void report(Streams& io, OutputFiles& files, const CvResult& result, const CvSettings& cv, const Folds& folds,
              const Dataset* data, std::size_t rows) {
    const CvColumns columns(cv);
    for (const GridFinding& f : cv_grid_findings(result, cv, provenance_)) warn(io, grid_warning(f, "cv"));
    for (const auto& w : cv_warnings(result, cv, columns)) warn(io, w);

    // Everything is computed before anything is written: the outputs appear all or none.
    if (!model_path_.empty()) {
      const CvRow& chosen = result.rows[refit_rule_ == "min" ? result.best_min : result.best_1se];
      const Model model = train(*data, refit_settings(cv, chosen));
      for (const auto& w : model.warnings) warn(io, w);
      files.add("model", model_to_json(model).dump(1) + "\n");
    }
    if (!output_path_.empty()) files.add("output", cv_table(result, columns));
    if (!per_fold_path_.empty()) files.add("per_fold", cv_per_fold_table(result, columns));
    if (!plot_path_.empty())
      files.add("plot", plot_of_own_table(cv_table(result, columns), PlotKind::kCv, data_.data, cv.base.method,
                                          cv.base.kernel.name));
    if (!best_path_.empty())
      files.add("best", cv_best_json(result, cv, columns, folds, fold_column_, statistics_).dump(1) + "\n");
    files.commit(io);
    if (options.quiet()) return;
    std::ostream& summary = files.summary(io);
    summary << cv_grid_summary(cv, columns, provenance_) << cv_summary(result, cv, columns, rows);
    if (!model_path_.empty())
      summary << "model written to " << OutputFiles::name(model_path_) << " (the best point by the " << refit_rule_
              << " rule, refit on all " << data->n() << " rows)\n";
    if (!plot_path_.empty()) summary << "picture written to " << OutputFiles::name(plot_path_) << "\n";
  }

  // The run description of the shard files (cv_shard_run): every setting from the options
  // (the outputs, threads and messages aside) and those given.
  nlohmann::ordered_json run_description(const Dataset& data, const Folds& folds) const {
    static const char* const not_settings[] = {"output",     "per_fold", "best",           "model",
                                               "refit_rule", "shard",    "merge",          "threads",
                                               "quiet",      "progress", "progress_every", "max_memory", "plot"};
    nlohmann::ordered_json all = nlohmann::ordered_json::object(), given = nlohmann::ordered_json::object();
    const nlohmann::json merged = options.merged();
    for (auto it = merged.begin(); it != merged.end(); ++it) {
      if (std::find(std::begin(not_settings), std::end(not_settings), it.key()) != std::end(not_settings)) continue;
      if (it.key() != "data") all[it.key()] = it.value();
      if (options.given(it.key())) given[it.key()] = it.value();
    }
    // The grids taken from the data travel as if given, so that --merge needs no data.
    const std::string reg = regulariser_name(fit_.to_settings().method);
    if (!default_grid_values_.first.empty()) given["bandwidth_grid"] = default_grid_values_.first;
    if (!default_grid_values_.second.empty()) given[reg + "_grid"] = default_grid_values_.second;
    return cv_shard_run(data, folds, all, data_.data, given);
  }

 private:
  // The settings of the run from the options, checked.
  // With `kernel`, also the base kernel it parsed.
  CvSettings settings(Kernel* kernel = nullptr) const {
    CvSettings cv;
    cv.base = fit_.to_settings(kernel);
    if (statistics_ == "all")
      cv.statistics = CvStatistics::kAll;
    else if (statistics_ != "fold")
      throw ConfigError("statistics",
                        "expected fold or all, got '" + statistics_ + "'" + did_you_mean(statistics_, {"fold", "all"}));
    cv.kernel_grids = kernel_grids_.parsed();
    const MethodInfo& method = cv.base.method_info();
    cv.regulariser_grid =
        grids_.grid_for(method, "--method " + cv.base.method + " chooses t by early stopping on each validation fold");
    // A value given without a grid is a grid of one value, asked for; with neither, the grid
    // comes from the data once it is read (run()).
    if (cv.regulariser_grid.empty() && method.regulariser == Regulariser::kLambda && options.given("lambda"))
      cv.regulariser_grid = {cv.base.lambda};
    if (cv.regulariser_grid.empty() && method.regulariser == Regulariser::kTime && options.given("t"))
      cv.regulariser_grid = {cv.base.t};
    cv.threads = compute_thread_count();  // --threads, or fewer under ulimit -v (set_thread_count)
    cv.score = score_.to_score(options);
    return cv;
  }

  void check_outputs(bool sharded) const {
    if (sharded && (output_path_.empty() || !per_fold_path_.empty() || !best_path_.empty() || !model_path_.empty() ||
                    !plot_path_.empty()))
      throw ConfigError("shard",
                        "a shard writes its part of the run to --output only; --best, --model, --per-fold and --plot come "
                        "from putting the shards together (kreg cv --merge)");
    if (output_path_.empty() && per_fold_path_.empty() && best_path_.empty() && model_path_.empty() &&
        plot_path_.empty())
      throw ConfigError("missing output: give at least one of --output, --best, --model, --per-fold or --plot");
    if (!fold_column_.empty() && options.given("folds"))
      throw ConfigError(options.where("folds") + ": the folds come from " + options.where("fold_column") +
                        "; give one or the other");
    if (refit_rule_ != "min" && refit_rule_ != "1se")
      throw ConfigError("refit_rule",
                        "expected min or 1se, got '" + refit_rule_ + "'" + did_you_mean(refit_rule_, {"min", "1se"}));
  }

  DataOptions data_;
  FitSettingsOptions fit_;
  KernelGridOptions kernel_grids_;
  RegulariserGridOptions grids_;
  ScoreOptions score_;
  int folds_ = 10;
  std::string fold_column_, statistics_ = "fold";
  std::string output_path_, per_fold_path_, best_path_, model_path_, plot_path_, refit_rule_ = "min";
  std::string shard_text_;
  std::vector<std::string> merge_paths_;
  CvGridProvenance provenance_;  ///< where the grids came from (run(); a merge's are all given)
  std::pair<std::vector<double>, std::vector<double>> default_grid_values_;  ///< bandwidth, regulariser from the data
};

}  // namespace

std::unique_ptr<Command> make_cv_command(CLI::App& parent) {
  return std::make_unique<CvCommand>(
      *parent.add_subcommand("cv", "k-fold cross-validation over kernel and regularisation grids"));
}

}  // namespace kreg::cli
