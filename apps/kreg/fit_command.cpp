// `kreg fit`: train one model on a CSV file and save it as versioned JSON.
#include <ostream>

#include "command.h"
#include "data_options.h"
#include "fit_settings_options.h"
#include "kreg/core/number_text.h"
#include "kreg/core/suggest.h"
#include "kreg/model/model_json.h"
#include "kreg/routes/train.h"
#include "kreg/routes/memory_estimate.h"
#include "kreg/routes/tune_request.h"
#include "output_files.h"
#include "progress.h"

namespace kreg::cli {

namespace {

class FitCommand : public Command {
 public:
  explicit FitCommand(CLI::App& sub) : Command(sub) {
    data_.register_on(options);
    fit_.register_on(options);
    options.add("--model", model_path_, "where to write the model JSON (required; - = standard output)")
        ->option_text("FILE");
    options.add("--validation", validation_path_, "iterative methods: stop early on this CSV (same columns)")
        ->option_text("FILE");
    options.add_flag("--timings", timings_, "print the wall time of each phase (read, gram, solve, ...) on stderr");
    options
        .add_choice("--tune", tune_, {"evidence", "loo", "gcv"},
                    "evidence | loo | gcv: choose the bandwidth and lambda by the Gaussian-process reading of krr: "
                    "maximise the log evidence, or minimise the leave-one-out MSE or GCV, by gradient (L-BFGS-B) from the "
                    "median-heuristic start; replaces --bandwidth and --lambda")
        ->option_text("OBJECTIVE");
    options.add_flag("--ard", ard_, "with --tune: one bandwidth per feature (automatic relevance determination)");
    options.add("--restarts", restarts_, "with --tune: this many more seeded starting points (--seed), the best kept");
  }

  void run(Streams& io) override {
    Kernel kernel;
    const FitSettings settings = fit_.to_settings(&kernel);
    require(options, "model", model_path_);
    const bool tuning = !tune_.empty();
    const TuneRequest request = tune_request(settings);
    OutputFiles files(options, {{"model", model_path_}},
                      {{"data", data_.data}, {"validation", validation_path_}, {"config", options.config_path()}});
    Stopwatch watch;
    PhaseTimes times;
    const Dataset data = data_.load(options, io).data;
    Dataset validation;
    if (!validation_path_.empty()) validation = data_.load_validation(options, io, validation_path_, data);
    record_lap(&times, "read", watch);
    require_memory_for(fit_memory(settings, kernel, data.n(), data.p(), validation.n()), "kreg fit", data.n());
    Model model;
    if (tuning) {
      require_memory_for(tune_memory(data.n()), "kreg fit --tune", data.n());
      model = tune_and_train(data, settings, request, &times);
    } else {
      model = train(data, settings, validation_path_.empty() ? nullptr : &validation, &times);
    }
    for (const auto& w : model.warnings) warn(io, w);
    watch.lap();
    files.add("model", model_to_json(model).dump(1) + "\n");
    files.commit(io);
    record_lap(&times, "write", watch);
    if (timings_) print_timings(io, times);
    if (!options.quiet()) {
      std::ostream& report = files.summary(io);
      const std::size_t held_out = data.n() - model.summary.n_train;  // --holdout rows
      // The kernel with the parameter values the model holds (a tuned or default bandwidth too).
      report << "fitted " << settings.method << " (" << model.kernel.text() << ") on " << model.summary.n_train
             << " rows x " << data.p() << " features"
             << (held_out > 0 ? " (" + std::to_string(held_out) + " more held out for early stopping)" : std::string())
             << ": train RMSE " << readable_number(model.summary.train_rmse) << ", train R2 "
             << readable_number(model.summary.train_r2) << "\n";
      if (settings.is_iterative())
        report << "iterations: " << model.summary.iterations << ", t = " << readable_number(model.summary.t)
               << (model.summary.early_stopping ? " (chosen by early stopping, validation MSE " +
                                                      readable_number(model.summary.best_val_mse) + ")"
                                                : std::string())
               << ", non-zero alpha: " << model.alpha.n_elem << "\n";
      if (settings.solver == Solver::kNystrom)
        report << "nystrom: " << model.points.n_rows << " centres, " << model.summary.iterations
               << " conjugate-gradient iterations, relative residual "
               << readable_number(model.summary.relative_residual) << "\n";
      if (model.tuning) report_tuning(report, *model.tuning, model.feature_names);
      if (!model.tuning && settings.method == "krr" && !options.given("lambda") && !options.given("bandwidth") &&
          model.kernel.to_json().contains("bandwidth"))
        report << "note: bandwidth " << readable_number(settings.kernel.value("bandwidth")) << " and lambda "
               << readable_number(settings.lambda)
               << " are defaults, not chosen from these data: --tune evidence chooses both (or kreg cv, kreg loo)\n";
      report << "model written to " << OutputFiles::name(model_path_) << "\n";
    }
  }

 private:
  DataOptions data_;
  FitSettingsOptions fit_;
  // The settings of --tune, checked against the others.
  TuneRequest tune_request(const FitSettings& settings) const {
    TuneRequest request;
    if (tune_.empty()) {
      if (ard_) throw ConfigError("ard", "only with --tune (evidence, loo or gcv)");
      if (restarts_ != 0) throw ConfigError("restarts", "only with --tune (evidence, loo or gcv)");
      return request;
    }
    if (!parse_tune_objective(tune_, request.objective))
      throw ConfigError("tune", "expected evidence, loo or gcv, got '" + tune_ + "'" +
                                    did_you_mean(tune_, {"evidence", "loo", "gcv"}));
    // A config's bandwidth and lambda are not read (a config that --print-config wrote has
    // them): only the command line's are a contradiction.
    for (const char* key : {"bandwidth", "lambda"})
      if (options.given_on_command_line(key))
        throw ConfigError(key, std::string("--tune chooses the bandwidth and lambda itself: leave out --") + key +
                                   ", or fit at the values you give without --tune");
    if (!validation_path_.empty()) throw ConfigError("validation", "not with --tune (krr has no early stopping)");
    if (restarts_ < 0 || restarts_ > 1000) throw ConfigError("restarts", "must be from 0 to 1000, got " + std::to_string(restarts_));
    request.per_feature = ard_;
    request.restarts = static_cast<int>(restarts_);
    request.seed = static_cast<std::uint64_t>(settings.seed);
    return request;
  }

  // "tuned by the log evidence: bandwidth 1.2 (per feature: x1 0.8, x2 40), lambda 0.01; ..."
  static void report_tuning(std::ostream& report, const TuningRecord& t, const std::vector<std::string>& features) {
    report << "tuned by the " << value_name(t.objective)
           << " (" << t.starts.size() << (t.starts.size() == 1 ? " start, " : " starts, ") << t.evaluations
           << " evaluations, " << duration_text(t.seconds) << "): ";
    if (t.bandwidth.n_elem == 1) {
      report << "bandwidth " << readable_number(t.bandwidth(0));
    } else {
      report << "bandwidths";
      for (arma::uword d = 0; d < t.bandwidth.n_elem; ++d)
        report << (d == 0 ? " " : ", ") << (d < features.size() ? features[d] : "x" + std::to_string(d + 1)) << " "
               << readable_number(t.bandwidth(d));
    }
    report << "; lambda " << readable_number(t.lambda) << "\n";
    report << "  " << value_name(t.objective) << " " << readable_number(t.value) << ", signal variance " << readable_number(t.signal_variance)
           << ", noise variance " << readable_number(t.noise_variance) << ", df " << readable_number(t.df) << "\n";
  }

  std::string model_path_, validation_path_;
  bool timings_ = false;
  std::string tune_;
  bool ard_ = false;
  long restarts_ = 0;
};

}  // namespace

std::unique_ptr<Command> make_fit_command(CLI::App& parent) {
  return std::make_unique<FitCommand>(*parent.add_subcommand("fit", "fit a kernel regression model on a CSV file"));
}

}  // namespace kreg::cli
