// `kreg fit`: train one model on a CSV file and save it as versioned JSON.
#include <ostream>

#include "command.h"
#include "data_options.h"
#include "fit_settings_options.h"
#include "kreg/io/atomic_file.h"
#include "kreg/model/model_json.h"
#include "kreg/model/train.h"

namespace kreg::cli {

namespace {

class FitCommand : public Command {
 public:
  explicit FitCommand(CLI::App& sub) : Command(sub) {
    data_.register_on(options);
    fit_.register_on(options);
    options.add("--model", model_path_, "where to write the model JSON (required)")->option_text("FILE");
  }

  void run(Streams& io) override {
    const FitSettings settings = fit_.to_settings(options);
    require(options, "model", model_path_);
    const Dataset data = data_.load(options);
    const Model model = train(data, settings);
    for (const auto& w : model.warnings) warn(io, w);
    write_file_atomically(model_path_, model_to_json(model).dump(1) + "\n");
    if (!options.quiet()) {
      io.out << "fitted " << settings.method << " (" << settings.kernel.name << ") on " << data.n() << " rows x "
             << data.p() << " features: train RMSE " << format_double(std::sqrt(model.summary.train_mse))
             << ", train R2 " << format_double(model.summary.train_r2) << "\n"
             << "model written to " << model_path_ << "\n";
    }
  }

 private:
  DataOptions data_;
  FitSettingsOptions fit_;
  std::string model_path_;
};

}  // namespace

std::unique_ptr<Command> make_fit_command(CLI::App& parent) {
  return std::make_unique<FitCommand>(*parent.add_subcommand("fit", "fit a kernel regression model on a CSV file"));
}

}  // namespace kreg::cli
