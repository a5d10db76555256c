// Fold assignments.
#include "kreg/data/folds.h"

#include <map>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/data/splits.h"

namespace kreg {

arma::uvec Folds::validation_rows(int f) const {
  std::vector<arma::uword> rows;
  for (std::size_t i = 0; i < fold_of_row.size(); ++i)
    if (fold_of_row[i] == f) rows.push_back(i);
  return rows.empty() ? arma::uvec() : arma::uvec(rows);
}

arma::uvec Folds::training_rows(int f) const {
  std::vector<arma::uword> rows;
  for (std::size_t i = 0; i < fold_of_row.size(); ++i)
    if (fold_of_row[i] != f) rows.push_back(i);
  return rows.empty() ? arma::uvec() : arma::uvec(rows);
}

Folds seeded_folds(std::size_t n, int k, std::uint64_t seed) {
  if (k < 2 || static_cast<std::size_t>(k) > n)
    throw ConfigError("folds",
                      "must be between 2 and the number of rows (" + std::to_string(n) + "), got " + std::to_string(k));
  const arma::uvec perm = seeded_permutation(n, seed);
  Folds f;
  f.k = k;
  f.fold_of_row.assign(n, 0);
  const std::size_t base = n / static_cast<std::size_t>(k), extra = n % static_cast<std::size_t>(k);
  std::size_t pos = 0;
  for (int fold = 0; fold < k; ++fold) {
    const std::size_t size = base + (static_cast<std::size_t>(fold) < extra ? 1 : 0);
    for (std::size_t j = 0; j < size; ++j) f.fold_of_row[perm[pos++]] = fold;
  }
  return f;
}

Folds folds_from_labels(const std::vector<double>& labels, const std::string& source) {
  std::map<double, int> ids;
  for (double v : labels) ids.emplace(v, 0);
  if (ids.size() < 2) throw DataError(source + ": the fold column needs at least two distinct values");
  int next = 0;
  for (auto& [value, id] : ids) id = next++;
  Folds f;
  f.k = next;
  for (double v : labels) f.fold_of_row.push_back(ids.at(v));
  return f;
}

}  // namespace kreg
