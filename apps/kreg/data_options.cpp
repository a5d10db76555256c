// Reading data files as the options describe.
#include "data_options.h"

#include "kreg/core/errors.h"
#include "kreg/core/suggest.h"

namespace kreg::cli {

void ReadOptions::register_on(OptionSet& o, bool for_predict) {
  o.add_choice("--sep", sep, {"auto", "tab", "comma", "semicolon", "pipe", "space"},
               "field separator: auto (the one of comma, tab, semicolon, pipe and space that splits the header "
               "and the first 20 rows into the same number of fields; the file name, .csv or .tsv, breaks ties), "
               "tab, comma, semicolon, pipe, space (space-aligned columns: a run of spaces and tabs is one "
               "separator), or one character");
  o.add_choice("--decimal", decimal, {"point", "comma"},
               "decimal mark of the numbers: point (1.5) or comma (1,5, as European locales write; the separator "
               "is then never a comma)");
  o.add_choice("--missing", missing, {"error", "drop"},
               for_predict ? "error | drop: a row with a missing feature is an error, or gets an empty prediction"
                           : "error | drop: a row with a missing value in a used column is an error, or is left out");
  o.add("--na-values", na_values, "cells read as missing besides the empty cell (comma-separated)");
}

CsvFormat ReadOptions::format(const OptionSet& o) const {
  CsvFormat f;
  if (!parse_separator(sep, f.separator))
    throw ConfigError(o.where("sep") + ": expected auto, tab, comma, semicolon, pipe, space or one character, got '" +
                      sep + "'");
  if (decimal == "comma")
    f.decimal_mark = ',';
  else if (decimal != "point")
    throw ConfigError(o.where("decimal") + ": expected point or comma, got '" + decimal + "'" +
                      did_you_mean(decimal, {"point", "comma"}));
  if (f.decimal_mark == ',' && f.separator == ',')
    throw ConfigError(o.where("decimal") + ": a comma cannot be both the decimal mark and the field separator (" +
                      o.where("sep") + ": " + sep + "); give --sep semicolon, or --sep auto");
  f.na_values = na_values;
  return f;
}

MissingPolicy ReadOptions::policy(const OptionSet& o) const {
  MissingPolicy p = MissingPolicy::kError;
  if (!parse_missing_policy(missing, p))
    throw ConfigError(o.where("missing") + ": expected error or drop, got '" + missing + "'" +
                      did_you_mean(missing, {"error", "drop"}));
  return p;
}

void DataOptions::register_on(OptionSet& o) {
  const std::size_t before = o.keys().size();
  o.add("--data", data, "training data, CSV with a header row (required; - = standard input; .gz is read)")
      ->option_text("FILE");
  o.add("--target", target, "name of the response column (default: the last column)");
  o.add("--target-index", target_index, "1-based position of the response column; negative counts from the end");
  o.add("--features", features, "comma-separated feature columns (default: all other columns)");
  o.add("--exclude", exclude, "comma-separated columns never used as features (e.g. an id column)");
  read.register_on(o);
  const std::vector<std::string> all = o.keys();
  keys.assign(all.begin() + static_cast<std::ptrdiff_t>(before), all.end());
}

namespace {
void report_dropped(Streams& io, const std::string& source, std::size_t dropped, std::size_t read) {
  if (dropped > 0)
    warn(io, source + ": left out " + std::to_string(dropped) + " of " + std::to_string(read) +
                 " rows with a missing value (--missing drop)");
}
}  // namespace

TrainingData DataOptions::load(const OptionSet& o, Streams& io, const std::string& fold_column) const {
  require(o, "data", data);
  ColumnSelection sel;
  sel.target = target;
  sel.target_index = target_index;
  sel.features = features;
  sel.excluded = exclude;
  sel.fold_column = fold_column;
  TrainingData d = load_training_data(data, read.format(o), sel, read.policy(o));
  for (const auto& w : d.warnings) warn(io, w);
  report_dropped(io, d.data.source, d.rows_dropped, d.rows_read);
  return d;
}

Dataset DataOptions::load_validation(const OptionSet& o, Streams& io, const std::string& path,
                                     const Dataset& train) const {
  PredictionData v =
      load_prediction_data(path, read.format(o), train.feature_names, train.target_name, read.policy(o), false, true);
  report_dropped(io, v.data.source, v.rows_dropped, v.rows_read);
  return std::move(v.data);
}

nlohmann::ordered_json DataOptions::given_config(const OptionSet& o) const {
  nlohmann::ordered_json config = nlohmann::ordered_json::object();
  const nlohmann::json merged = o.merged();
  for (const std::string& key : keys)
    if (key != "data" && o.given(key)) config[key] = merged.at(key);
  return config;
}

}  // namespace kreg::cli
