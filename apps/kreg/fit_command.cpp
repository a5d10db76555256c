// `kreg fit`: train one model on a CSV file and save it as versioned JSON.
#include <ostream>

#include "command.h"
#include "data_options.h"
#include "fit_settings_options.h"
#include "kreg/core/number_text.h"
#include "kreg/model/model_json.h"
#include "kreg/routes/train.h"
#include "kreg/routes/memory_estimate.h"
#include "output_files.h"

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
  }

  void run(Streams& io) override {
    Kernel kernel;
    const FitSettings settings = fit_.to_settings(&kernel);
    require(options, "model", model_path_);
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
    model = train(data, settings, validation_path_.empty() ? nullptr : &validation, &times);
    for (const auto& w : model.warnings) warn(io, w);
    watch.lap();
    files.add("model", model_to_json(model).dump(1) + "\n");
    files.commit(io);
    record_lap(&times, "write", watch);
    if (timings_) print_timings(io, times);
    if (!options.quiet()) {
      std::ostream& report = files.summary(io);
      const std::size_t held_out = data.n() - model.summary.n_train;  // --holdout rows
      report << "fitted " << settings.method << " (" << settings.kernel.name << ") on " << model.summary.n_train
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
      report << "model written to " << OutputFiles::name(model_path_) << "\n";
    }
  }

 private:
  DataOptions data_;
  FitSettingsOptions fit_;
  std::string model_path_, validation_path_;
  bool timings_ = false;
};

}  // namespace

std::unique_ptr<Command> make_fit_command(CLI::App& parent) {
  return std::make_unique<FitCommand>(*parent.add_subcommand("fit", "fit a kernel regression model on a CSV file"));
}

}  // namespace kreg::cli
