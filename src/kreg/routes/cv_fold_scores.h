// The validation scores of one (kernel grid point, fold) of cross-validation, for every
// regulariser value of the grid: what a route's cv scorer returns and cv aggregates.
#pragma once

#include <cmath>
#include <vector>

namespace kreg {

/// Scores in grid order (early stopping: one value, and the best t).
struct CvFoldScores {
  std::vector<double> mse, r2, score;  ///< score: cv's score (= mse for mse)
  std::vector<char> unfinished;        ///< per grid value: the fit fell short (see CvRow); empty = none
  std::vector<char> unbounded;         ///< per grid value: no minimiser there (repeated_rows.h); empty = none
  double t = NAN;
};

}  // namespace kreg
