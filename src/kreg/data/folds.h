// k-fold assignments: seeded (a permutation split into k nearly equal parts, the first n % k
// folds one row larger, as numpy.array_split) or given per row (like glmnet's foldid).
#pragma once

#include <armadillo>
#include <cstdint>
#include <vector>

namespace kreg {

struct Folds {
  std::vector<int> fold_of_row;  ///< 0..k-1 for every row
  int k = 0;

  /// Rows of fold f (validation) and of the other folds (training), increasing.
  arma::uvec validation_rows(int f) const;
  arma::uvec training_rows(int f) const;
};

/// k folds from a seeded permutation of n rows. ConfigError unless 2 <= k <= n.
Folds seeded_folds(std::size_t n, int k, std::uint64_t seed);

/// Folds from per-row labels (any numbers; distinct values in increasing order become folds
/// 0..k-1). DataError naming `source` when fewer than two distinct labels exist.
Folds folds_from_labels(const std::vector<double>& labels, const std::string& source);

}  // namespace kreg
