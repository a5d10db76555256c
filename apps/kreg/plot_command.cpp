// `kreg plot`: a picture (SVG) of a table written by kreg cv, path, loo or predict.
#include <cmath>
#include <ostream>

#include "command.h"
#include "kreg/core/errors.h"
#include "kreg/core/suggest.h"
#include "kreg/data/csv_table.h"
#include "kreg/io/byte_source.h"
#include "kreg/io/json_input.h"
#include "kreg/plot/plot.h"
#include "output_files.h"

namespace kreg::cli {

namespace {

class PlotCommand : public Command {
 public:
  explicit PlotCommand(CLI::App& sub) : Command(sub) {
    sub.add_option("table", table_,
                   "the table to draw: a CSV written by kreg cv, path, loo or predict (- = standard input)")
        ->option_text("TABLE");
    options.add("--output", output_, "the picture: an SVG file (- = standard output)")->option_text("FILE");
    options.add_choice("--kind", kind_, {"cv", "path", "loo", "predictions"},
                       "cv | path | loo | predictions: what the table is (default: recognised from its columns)");
    options.add("--title", title_, "the picture's title (default: from --data, --method and --kernel, or the table's name)")
        ->option_text("TEXT");
    options.add("--data", data_,
                "the data file the table came from: named in the title; for predictions, with --target, the file "
                "whose rows hold the actual values")
        ->option_text("FILE");
    options.add("--target", target_,
                "predictions: the column of actual values, in --data or else in the table (kreg predict --keep NAME)")
        ->option_text("NAME");
    options.add("--method", method_, "the method, for the title")->option_text("NAME");
    options.add("--kernel", kernel_, "the kernel, for the title")->option_text("NAME");
    options.add("--best", best_,
                "a --best file of kreg cv or kreg loo: its choices are marked on a path, its method and kernel go "
                "in the title")
        ->option_text("FILE");
    options.add("--width", request_.width, "width in pixels (320 to 20000)")->option_text("INT=900");
    options.add("--height", request_.height, "height in pixels (240 to 20000)")->option_text("INT=460");
  }

  void run(Streams& io) override {
    if (table_.empty())
      throw ConfigError("table", "kreg plot needs the table to draw: kreg plot TABLE.csv --output PICTURE.svg");
    require(options, "output", output_);
    const std::optional<PlotKind> kind = kind_.empty() ? std::nullopt : parse_plot_kind(kind_);
    if (!kind_.empty() && !kind)
      throw ConfigError(options.where("kind") + ": expected cv, path, loo or predictions, got '" + kind_ + "'" +
                        did_you_mean(kind_, {"cv", "path", "loo", "predictions"}));
    if (request_.width < kMinPlotWidth || request_.width > kMaxPlotSide)
      throw ConfigError(options.where("width") + ": " + std::to_string(request_.width) + " is outside 320 to 20000");
    if (request_.height < kMinPlotHeight || request_.height > kMaxPlotSide)
      throw ConfigError(options.where("height") + ": " + std::to_string(request_.height) + " is outside 240 to 20000");
    OutputFiles files(options, {{"output", output_}}, {{"table", table_}, {"data", data_}, {"best", best_}});
    request_.title = title_;
    request_.data = data_;
    request_.method = method_;
    request_.kernel = kernel_;
    request_.target = target_;
    if (!best_.empty()) read_best();
    if (!data_.empty() && !target_.empty()) request_.actual = actual_values();
    const std::string svg = plot_svg(open_input(table_, "table"), input_name(table_),
                                     kind, request_);
    files.add("output", svg);
    files.commit(io);
    if (!options.quiet()) files.summary(io) << "picture written to " << OutputFiles::name(output_) << "\n";
  }

 private:
  // The best file's method, kernel and choices (cv: "min", "one_se"; loo: the same under
  // "selection").
  void read_best() {
    nlohmann::json j;
    const std::string problem = parse_json_file(best_, "best file", j);
    if (!problem.empty()) throw DataError(best_ + ": " + problem);
    if (!j.is_object()) throw DataError(best_ + ": not a best file of kreg cv or kreg loo (not a JSON object)");
    if (method_.empty() && j.contains("method") && j["method"].is_string()) request_.method = j["method"];
    if (kernel_.empty() && j.contains("kernel") && j["kernel"].is_string()) request_.kernel = j["kernel"];
    const nlohmann::json& holder = j.contains("selection") && j["selection"].is_object() ? j["selection"] : j;
    for (const auto& [key, id] : {std::pair<const char*, const char*>{"min", "min"}, {"one_se", "1se"}}) {
      if (!holder.contains(key) || !holder[key].is_object()) continue;
      PlotChoice c{id, id, {}};
      for (const auto& [name, value] : holder[key].items())
        if (value.is_number()) c.at[name] = value.get<double>();
      request_.choices.push_back(std::move(c));
    }
    if (request_.choices.empty())
      throw DataError(best_ + ": no \"min\" or \"one_se\" choice in it: not a best file of kreg cv or kreg loo");
  }

  // The --target column of --data, one value per row.
  std::vector<double> actual_values() const {
    const CsvTable t = read_csv_table(data_, CsvFormat{}, [&](const std::vector<std::string>& names) {
      for (std::size_t c = 0; c < names.size(); ++c)
        if (names[c] == target_) return std::vector<std::size_t>{c};
      throw DataError(data_ + ": no column '" + target_ + "' (the --target of the actual values)");
    });
    std::vector<double> v;
    for (std::size_t r = 0; r < t.n_rows(); ++r) v.push_back(t.at(r, t.parsed.front()));
    return v;
  }

  std::string table_, output_, kind_, title_, data_, target_, method_, kernel_, best_;
  PlotRequest request_;
};

}  // namespace

std::unique_ptr<Command> make_plot_command(CLI::App& parent) {
  return std::make_unique<PlotCommand>(*parent.add_subcommand(
      "plot", "draw a table of kreg cv, path, loo or predict as an SVG picture (the kind is recognised from its columns)"));
}

}  // namespace kreg::cli
