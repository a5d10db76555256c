// What a picture is asked to show besides its table: the words of its title, the choices to
// mark (from a best file of kreg cv or kreg loo), the actual values of predictions, its size.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace kreg {

/// A chosen grid point to mark: its id ("min", "1se"), how its label starts ("cv min") and
/// its coordinates by column name ("lambda", "bandwidth", ...).
struct PlotChoice {
  std::string id;
  std::string label;
  std::map<std::string, double> at;
};

struct PlotRequest {
  std::string title;  ///< "" = composed from the kind and the words below
  std::string data;   ///< the data file the table came from (for the title)
  std::string method, kernel;
  std::vector<PlotChoice> choices;  ///< marked on a path
  /// predictions: the actual values, one per row (empty: from the table's `target` column).
  std::vector<double> actual;
  std::string target;  ///< predictions: the name of the actual values' column
  int width = 900, height = 460;
};

/// Smallest and largest --width and --height.
constexpr int kMinPlotWidth = 320, kMinPlotHeight = 240, kMaxPlotSide = 20000;

}  // namespace kreg
