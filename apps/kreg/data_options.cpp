// Reading training data as the options describe.
#include "data_options.h"

#include "command.h"

namespace kreg::cli {

void DataOptions::register_on(OptionSet& o) {
  o.add("--data", data, "training data, CSV with a header row (required)")->option_text("FILE");
  o.add("--target", target, "name of the response column (default: the last column)");
  o.add("--target-index", target_index, "1-based position of the response column; negative counts from the end");
  o.add("--features", features, "comma-separated feature columns (default: all other columns)");
}

Dataset DataOptions::load(const OptionSet& o) const {
  require(o, "data", data);
  ColumnSelection sel;
  sel.target = target;
  sel.target_index = target_index;
  sel.features = features;
  return select_training_columns(read_csv_table(data), sel);
}

}  // namespace kreg::cli
