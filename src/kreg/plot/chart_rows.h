// Helpers the kinds of picture share: which columns describe a kernel point, grouping the rows
// of a grid by them, and the words of labels.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kreg/plot/plot_request.h"
#include "kreg/plot/plot_table.h"

namespace kreg {

/// The rows of a grid that share their values of some columns (a curve).
struct RowGroup {
  std::vector<std::size_t> rows;  ///< in table order
  std::string label;              ///< "bandwidth 2, period 0.33" ("" when no column varies)
};

/// Of `columns`, those that take more than one value in the table.
std::vector<std::string> varying_columns(const PlotTable& t, const std::vector<std::string>& columns);
/// The rows grouped by their values of `columns` (groups in order of first appearance).
std::vector<RowGroup> group_rows(const PlotTable& t, const std::vector<std::string>& columns);
/// The group holding `row`.
std::size_t group_of(const std::vector<RowGroup>& groups, std::size_t row);
/// `rows` sorted by their value in `column` (rows without a value last).
std::vector<std::size_t> sorted_by(const PlotTable& t, std::vector<std::size_t> rows, const std::string& column);
/// The values of `column` at `rows`.
std::vector<double> values_at(const PlotTable& t, const std::string& column, const std::vector<std::size_t>& rows);
/// A number for a label: three significant digits ("0.0251", "1.2e+04").
std::string short_number(double v);
/// How an axis names a column: "λ" for lambda, the name otherwise.
std::string axis_name(const std::string& column);
/// "min: λ 0.0251, bandwidth 4": `head` then each column's value at `row`.
std::string point_label(const std::string& head, const PlotTable& t, std::size_t row,
                        const std::vector<std::string>& columns);
/// The request's title, or one composed from `what` and the request's data, method and kernel:
/// "Cross-validation of krr (gaussian kernel) on data.csv", or "Cross-validation: cv.csv"
/// (the table's name) when none of them is known.
std::string chart_title(const std::string& what, const std::string& table_name, const PlotRequest& request);

}  // namespace kreg
