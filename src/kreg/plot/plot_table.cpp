// Recognising and reading kreg's tables for pictures.
#include "kreg/plot/plot_table.h"

#include <algorithm>

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_parse.h"
#include "kreg/data/csv_table.h"

namespace kreg {

namespace {

const PlotKind kKinds[] = {PlotKind::kCv, PlotKind::kPath, PlotKind::kLoo, PlotKind::kPredictions};

bool has_all(const std::vector<std::string>& names, const std::vector<std::string>& wanted) {
  return std::all_of(wanted.begin(), wanted.end(),
                     [&](const std::string& w) { return std::find(names.begin(), names.end(), w) != names.end(); });
}

std::string kinds_list() {
  std::string s;
  for (const PlotKind k : kKinds) {
    std::string cols;
    for (const std::string& c : required_columns(k)) cols += (cols.empty() ? "" : " and ") + c;
    s += std::string(s.empty() ? "" : "; ") + plot_kind_name(k) + " (" + cols + ")";
  }
  return s;
}

std::string header_text(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size() && i < 8; ++i) s += (s.empty() ? "" : ",") + names[i];
  return names.size() > 8 ? s + ",..." : s;
}

bool is_prediction_column(const std::string& name) {
  return name == "prediction" || name == "std" || name == "lower" || name == "upper";
}

}  // namespace

const char* plot_kind_name(PlotKind kind) {
  switch (kind) {
    case PlotKind::kCv: return "cv";
    case PlotKind::kPath: return "path";
    case PlotKind::kLoo: return "loo";
    case PlotKind::kPredictions: return "predictions";
  }
  return "?";
}

std::optional<PlotKind> parse_plot_kind(const std::string& text) {
  for (const PlotKind k : kKinds)
    if (text == plot_kind_name(k)) return k;
  return std::nullopt;
}

std::vector<std::string> required_columns(PlotKind kind) {
  switch (kind) {
    case PlotKind::kCv: return {"mean_mse", "se_mse"};
    case PlotKind::kPath: return {"train_mse", "df"};
    case PlotKind::kLoo: return {"loo_mse", "gcv"};
    case PlotKind::kPredictions: return {"prediction"};
  }
  return {};
}

std::optional<PlotKind> recognise_plot_kind(const std::vector<std::string>& names) {
  for (const PlotKind k : kKinds)
    if (has_all(names, required_columns(k))) return k;
  return std::nullopt;
}

long PlotTable::position(const std::string& column) const {
  const auto it = std::find(names.begin(), names.end(), column);
  return it == names.end() ? -1 : static_cast<long>(it - names.begin());
}

std::vector<double> PlotTable::numbers_of(const std::string& column) const {
  const std::vector<std::string>& cells = text.at(column);
  std::vector<double> out;
  for (std::size_t r = 0; r < cells.size(); ++r) {
    const std::string& cell = cells[r];
    double v = NAN;
    if (!cell.empty() && cell != "NA" && cell != "NaN" && cell != "nan" && !parse_finite_double(cell, v))
      throw DataError(name + ":" + std::to_string(lines[r]) + ": column " + column + " (the actual values) holds '" +
                      cell + "', not a finite number");
    out.push_back(v);
  }
  return out;
}

std::vector<std::string> kept_columns(const PlotTable& table) {
  std::vector<std::string> out;
  for (const std::string& n : table.names)
    if (!is_prediction_column(n)) out.push_back(n);
  return out;
}

PlotTable read_plot_table(std::unique_ptr<ByteSource> source, const std::string& name, std::optional<PlotKind> kind,
                          const std::string& target) {
  PlotTable t;
  t.name = name;
  const ColumnChooser choose = [&](const std::vector<std::string>& names) {
    if (!kind) kind = recognise_plot_kind(names);
    if (!kind)
      throw DataError(name + ": not a table that kreg writes: its header (" + header_text(names) +
                      ") has the columns of no kind of picture: " + kinds_list() +
                      "; name the kind with --kind if it is one of them");
    std::vector<std::string> missing;
    for (const std::string& c : required_columns(*kind))
      if (std::find(names.begin(), names.end(), c) == names.end()) missing.push_back(c);
    if (!missing.empty())
      throw DataError(name + ": a " + plot_kind_name(*kind) + " table needs the column " + missing.front() +
                      ", which its header (" + header_text(names) + ") does not have");
    std::vector<std::size_t> wanted;
    for (std::size_t c = 0; c < names.size(); ++c) {
      const std::string& n = names[c];
      if (*kind != PlotKind::kPredictions || is_prediction_column(n)) wanted.push_back(c);
    }
    if (*kind == PlotKind::kPredictions && !target.empty() &&
        std::find(names.begin(), names.end(), target) == names.end())
      throw DataError(name + ": no column '" + target + "' holds the actual values (the header is " +
                      header_text(names) + "); keep it when predicting (kreg predict --keep " + target +
                      ") or give the data with --data FILE --target " + target);
    return wanted;
  };
  const ColumnChooser keep_text = [&](const std::vector<std::string>& names) {
    std::vector<std::size_t> kept;
    if (*kind == PlotKind::kPredictions)
      for (std::size_t c = 0; c < names.size(); ++c)
        if (!is_prediction_column(names[c])) kept.push_back(c);
    return kept;
  };
  CsvTable csv = read_csv_table(std::move(source), name, CsvFormat{}, choose, {}, keep_text);
  t.kind = *kind;
  t.names = csv.names;
  t.lines = csv.line_numbers;
  for (const std::size_t c : csv.parsed) {
    std::vector<double>& column = t.columns[csv.names[c]];
    column.reserve(csv.n_rows());
    for (std::size_t r = 0; r < csv.n_rows(); ++r) column.push_back(csv.at(r, c));
  }
  for (std::size_t k = 0; k < csv.text_columns.size(); ++k) {
    std::vector<std::string>& column = t.text[csv.names[csv.text_columns[k]]];
    for (std::size_t r = 0; r < csv.n_rows(); ++r) column.push_back(csv.text_at(r, k));
  }
  if (t.rows() == 0) throw DataError(name + ": the table has a header but no rows: nothing to draw");
  return t;
}

}  // namespace kreg
