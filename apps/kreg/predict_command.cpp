// `kreg predict`: apply a saved model to a CSV file; report R2, RMSE, MAE when the file
// holds the model's target column.
#include <sstream>

#include "command.h"
#include "kreg/data/dataset.h"
#include "kreg/core/number_text.h"
#include "kreg/model/model_json.h"
#include "kreg/select/metrics.h"
#include "output_files.h"

namespace kreg::cli {

namespace {

class PredictCommand : public Command {
 public:
  explicit PredictCommand(CLI::App& sub) : Command(sub) {
    options.add("--model", model_path_, "model JSON written by kreg fit (required)")->option_text("FILE");
    options.add("--data", data_path_, "CSV with the model's feature columns, by name (required)")->option_text("FILE");
    options.add("-o,--output", output_path_, "CSV for the 'prediction' column (default, or -: standard output)")
        ->option_text("FILE");
    options.add("--metrics", metrics_path_, "also write R2, RMSE, MAE as JSON to this file (- = standard output)")
        ->option_text("FILE");
  }

  void run(Streams& io) override {
    require(options, "model", model_path_);
    require(options, "data", data_path_);
    const std::string output = output_path_.empty() ? "-" : output_path_;
    OutputFiles files(options, {{"output", output}, {"metrics", metrics_path_}},
                      {{"model", model_path_}, {"data", data_path_}, {"config", options.config_path()}});
    const Model model = load_model(model_path_);
    const Dataset data = select_prediction_columns(read_csv_table(data_path_), model.feature_names, model.target_name);
    if (!metrics_path_.empty() && !data.has_target())
      throw DataError(data_path_ + ": no column '" + model.target_name + "' to compute --metrics from");
    const arma::vec f = predict(model, data.X);

    std::string csv = "prediction\n";
    csv.reserve(f.n_elem * 24);
    for (double v : f) csv += format_double(v) + "\n";
    files.add("output", std::move(csv));

    std::string summary;
    if (data.has_target()) {
      const Metrics m = evaluate(data.y, f);
      summary = "R2: " + readable_number(m.r2) + "\nRMSE: " + readable_number(m.rmse) + "\nMAE: " + readable_number(m.mae) + "\n";
      if (!metrics_path_.empty()) {
        nlohmann::json j = {{"n", f.n_elem}, {"r2", m.r2}, {"rmse", m.rmse}, {"mae", m.mae}, {"mse", m.mse}};
        files.add("metrics", j.dump(1) + "\n");
      }
    }
    files.commit(io);
    if (!options.quiet()) {
      files.summary(io) << summary;  // standard error when a result takes standard output
      if (output != "-") files.summary(io) << "predictions for " << f.n_elem << " rows written to " << output << "\n";
    }
  }

 private:
  std::string model_path_, data_path_, output_path_, metrics_path_;
};

}  // namespace

std::unique_ptr<Command> make_predict_command(CLI::App& parent) {
  return std::make_unique<PredictCommand>(*parent.add_subcommand("predict", "predict with a saved model"));
}

}  // namespace kreg::cli
