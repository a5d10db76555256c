// `kreg predict`: apply a saved model to a CSV file; report R2, RMSE, MAE when the file
// holds the model's target column; --keep carries columns (an identifier) into the output;
// --std and --interval add the predictive spread of a model with a Gaussian-process reading
// (krr: routes/gp_reading.h, docs/gp.md).
#include <cfloat>
#include <cmath>
#include <sstream>

#include "command.h"
#include "data_options.h"
#include "kreg/core/normal_quantile.h"
#include "kreg/core/number_text.h"
#include "kreg/data/dataset.h"
#include "kreg/data/metrics.h"
#include "kreg/io/table_writer.h"
#include "kreg/model/model_json.h"
#include "kreg/routes/gp_reading.h"
#include "output_files.h"

namespace kreg::cli {

namespace {

class PredictCommand : public Command {
 public:
  explicit PredictCommand(CLI::App& sub) : Command(sub) {
    options.add("--model", model_path_, "model JSON written by kreg fit (required; - = standard input)")
        ->option_text("FILE");
    options.add("--data", data_path_, "CSV with the model's feature columns, by name (required; - = standard input)")
        ->option_text("FILE");
    read_.register_on(options, true);
    options.add("-o,--output", output_path_, "CSV for the 'prediction' column (default, or -: standard output)")
        ->option_text("FILE");
    options.add("--metrics", metrics_path_, "also write R2, RMSE, MAE as JSON to this file (- = standard output)")
        ->option_text("FILE");
    options
        .add("--keep", keep_,
             "copy these columns of --data (an identifier, the target; any text) into the output, as written, "
             "before the prediction column")
        ->option_text("COL[,COL]");
    options.add_flag("--std", std_,
                     "add a column 'std': the posterior standard deviation of the regression function at each row, "
                     "in the target's units (krr: its Gaussian-process reading, docs/gp.md)");
    options
        .add("--interval", interval_,
             "add columns 'lower' and 'upper': the central interval of this probability (e.g. 0.95) for a new "
             "observation at each row, the noise variance included (krr)")
        ->option_text("LEVEL")
        ->default_str("");  // no interval unless given
  }

  void run(Streams& io) override {
    require(options, "model", model_path_);
    require(options, "data", data_path_);
    check_kept_columns();
    if (options.given("interval") && !(interval_ > 0.0 && interval_ < 1.0))
      throw ConfigError("interval", "must lie strictly between 0 and 1 (0.95 for a 95% interval), got " +
                                        readable_number(interval_));
    const std::string output = output_path_.empty() ? "-" : output_path_;
    OutputFiles files(options, {{"output", output}, {"metrics", metrics_path_}},
                      {{"model", model_path_}, {"data", data_path_}, {"config", options.config_path()}});
    const Model model = load_model(model_path_);
    const PredictionData input = load_prediction_data(data_path_, read_.format(options), model.feature_names,
                                                      model.target_name, read_.policy(options), true, false, keep_);
    const Dataset& data = input.data;
    if (!metrics_path_.empty() && !data.has_target())
      throw DataError(data.source + ": no column '" + model.target_name + "' to compute --metrics from");
    const arma::vec f = predict(model, data.X);  // NaN where a feature is missing
    require_finite_predictions(model, input, f);
    SpreadColumns spread;
    if (std_ || options.given("interval")) {
      const PredictiveSpread s = predictive_spread(model, data.X);
      if (std_) spread.std = s.latent_std;
      if (options.given("interval")) {
        const double z = normal_quantile(0.5 + 0.5 * interval_);
        spread.lower = f - z * s.observation_std;
        spread.upper = f + z * s.observation_std;
      }
    }

    files.add("output", prediction_table(input, f, spread));

    if (input.rows_incomplete > 0)
      warn(io, data.source + ": " + std::to_string(input.rows_incomplete) + " of " + std::to_string(f.n_elem) +
                   " rows have a missing feature; their predictions are left empty (--missing drop)");
    std::string summary;
    if (data.has_target()) {
      // Rows without a target value or without a prediction do not count.
      // (Not find_finite(y % f): the product of two finite values near 1e200 is inf.)
      const arma::uvec scored = arma::find(arma::abs(data.y) <= DBL_MAX && arma::abs(f) <= DBL_MAX);
      if (scored.is_empty() && !metrics_path_.empty())
        throw DataError(data.source + ": no row has both a prediction and a value of '" + model.target_name +
                        "' to compute --metrics from");
      const arma::vec y = data.y.elem(scored), fs = f.elem(scored);
      const Metrics m = scored.is_empty() ? Metrics{NAN, NAN, NAN, NAN} : evaluate(y, fs);
      const std::string on = scored.n_elem < f.n_elem
                                 ? " (on the " + std::to_string(scored.n_elem) + " of " + std::to_string(f.n_elem) +
                                       " rows with both a prediction and a target value)"
                                 : "";
      summary = scored.is_empty() ? "R2, RMSE, MAE: none, no row has both a prediction and a value of '" +
                                        model.target_name + "'\n"
                                  : "R2: " + readable_number(m.r2) + on + "\nRMSE: " + readable_number(m.rmse) +
                                        "\nMAE: " + readable_number(m.mae) + "\n";
      if (!metrics_path_.empty()) {
        nlohmann::json j = {{"n", scored.n_elem}, {"r2", m.r2}, {"rmse", m.rmse}, {"mae", m.mae}, {"mse", m.mse}};
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
  // --keep names each column once, and none called as the output's own column.
  void check_kept_columns() const {
    std::vector<std::string> own = {"prediction"};
    if (std_) own.push_back("std");
    if (options.given("interval")) own.insert(own.end(), {"lower", "upper"});
    for (std::size_t i = 0; i < keep_.size(); ++i) {
      for (const std::string& name : own)
        if (keep_[i] == name)
          throw ConfigError("keep", "column '" + name +
                                        "' cannot be kept: the output's own column has that name (rename the "
                                        "column in --data)");
      for (std::size_t j = 0; j < i; ++j)
        if (keep_[j] == keep_[i]) throw ConfigError("keep", "column '" + keep_[i] + "' is named twice");
    }
  }

  // A row with every feature present has a finite prediction, or nothing is written: the first
  // row whose prediction is not finite is named, with its feature farthest from the training
  // data (in training standard deviations), the usual cause.
  static void require_finite_predictions(const Model& model, const PredictionData& input, const arma::vec& f) {
    const Dataset& data = input.data;
    for (arma::uword i = 0; i < f.n_elem; ++i) {
      if (std::isfinite(f(i)) || data.X.row(i).has_nan()) continue;  // a missing feature: an empty prediction
      const arma::rowvec z = model.standardization.transform_features(data.X.row(i));
      const arma::uword j = arma::abs(z).index_max();
      std::ostringstream os;
      os.precision(3);
      os << data.source << ":" << input.line_numbers.at(i) << ": the prediction is " << readable_number(f(i))
         << ", not a finite number: the model overflows at this row (its feature farthest from the training data is '"
         << data.feature_names[j] << "' = " << data.X(i, j);
      if (model.standardization.mode != StandardizeMode::kNone)
        os << ", " << std::abs(z(j)) << " training standard deviations from the training mean";
      os << "); nothing was written";
      throw DataError(os.str());
    }
  }

  // The columns of --std and --interval (empty when not asked for).
  struct SpreadColumns {
    arma::vec std, lower, upper;
  };

  // The output: the kept columns as read, then the predictions (empty where one is missing),
  // then std, lower and upper when asked for.
  static std::string prediction_table(const PredictionData& input, const arma::vec& f, const SpreadColumns& spread) {
    const std::size_t kept = input.kept_columns.size();
    std::string csv;
    csv.reserve(f.n_elem * (24 + 16 * kept));
    for (const auto& name : input.kept_columns) csv += csv_field(name) + ",";
    csv += "prediction";
    if (!spread.std.empty()) csv += ",std";
    if (!spread.lower.empty()) csv += ",lower,upper";
    csv += "\n";
    for (std::size_t i = 0; i < f.n_elem; ++i) {
      for (std::size_t k = 0; k < kept; ++k) csv += csv_field(input.kept_text[i * kept + k]) + ",";
      csv += format_double(f(i));
      if (!spread.std.empty()) csv += "," + format_double(spread.std(i));
      if (!spread.lower.empty()) csv += "," + format_double(spread.lower(i)) + "," + format_double(spread.upper(i));
      csv += "\n";
    }
    return csv;
  }

  std::string model_path_, data_path_, output_path_, metrics_path_;
  std::vector<std::string> keep_;
  bool std_ = false;
  double interval_ = 0.0;
  ReadOptions read_;
};

}  // namespace

std::unique_ptr<Command> make_predict_command(CLI::App& parent) {
  return std::make_unique<PredictCommand>(*parent.add_subcommand("predict", "predict with a saved model"));
}

}  // namespace kreg::cli
