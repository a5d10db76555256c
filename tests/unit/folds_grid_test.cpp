// Grids, folds and seeded splits: sizes as numpy.array_split, every row in exactly one fold,
// the same seed giving the same assignment, and grid text parsed to the values it names.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "kreg/core/errors.h"
#include "kreg/core/grid.h"
#include "kreg/data/splits.h"
#include "kreg/data/folds.h"

namespace kreg::test {
namespace {

TEST(Grid, LogspaceLinspaceAndLists) {
  const auto g = parse_grid("logspace:-3:0:4", "lambda_grid");
  ASSERT_EQ(g.size(), 4u);
  EXPECT_DOUBLE_EQ(g[0], 1e-3);
  EXPECT_DOUBLE_EQ(g[1], 1e-2);
  EXPECT_DOUBLE_EQ(g[3], 1.0);
  EXPECT_EQ(parse_grid("linspace:0:1:3", "t_grid"), (std::vector<double>{0.0, 0.5, 1.0}));
  EXPECT_EQ(parse_grid(" 0.5, 2 ,1e1", "t_grid"), (std::vector<double>{0.5, 2.0, 10.0}));
  EXPECT_EQ(parse_grid("logspace:1:1:1", "x"), (std::vector<double>{10.0}));
  for (const char* bad : {"logspace:1:2", "logspace:1:2:0", "logspace:1:2:2.5", "1,,2", "a", "", "logspace:1:400:2"})
    EXPECT_THROW(parse_grid(bad, "lambda_grid"), ConfigError) << bad;
}

TEST(Folds, SeededFoldsHaveArraySplitSizesAndAreReproducible) {
  const Folds f = seeded_folds(23, 5, 7);
  ASSERT_EQ(f.k, 5);
  std::vector<int> sizes(5, 0);
  for (int v : f.fold_of_row) ++sizes[static_cast<std::size_t>(v)];
  EXPECT_EQ(sizes, (std::vector<int>{5, 5, 5, 4, 4}));  // first n % k folds one larger
  EXPECT_EQ(f.fold_of_row, seeded_folds(23, 5, 7).fold_of_row);
  EXPECT_NE(f.fold_of_row, seeded_folds(23, 5, 8).fold_of_row);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(f.validation_rows(k).n_elem + f.training_rows(k).n_elem, 23u);
  EXPECT_THROW(seeded_folds(3, 4, 0), ConfigError);
  EXPECT_THROW(seeded_folds(10, 1, 0), ConfigError);
}

TEST(Folds, FromLabelsMapsDistinctValuesInOrder) {
  const Folds f = folds_from_labels({3, 1, 3, 7, 1}, "d.csv");
  EXPECT_EQ(f.k, 3);
  EXPECT_EQ(f.fold_of_row, (std::vector<int>{1, 0, 1, 2, 0}));
  EXPECT_THROW(folds_from_labels({2, 2, 2}, "d.csv"), DataError);
}

TEST(Splits, PermutationAndHoldout) {
  const arma::uvec p = seeded_permutation(50, 3);
  std::set<arma::uword> seen(p.begin(), p.end());
  EXPECT_EQ(seen.size(), 50u);
  EXPECT_EQ(*seen.rbegin(), 49u);
  const HoldoutSplit h = holdout_split(50, 0.2, 3);
  EXPECT_EQ(h.holdout.n_elem, 10u);
  EXPECT_EQ(h.fit.n_elem, 40u);
  std::set<arma::uword> all(h.fit.begin(), h.fit.end());
  all.insert(h.holdout.begin(), h.holdout.end());
  EXPECT_EQ(all.size(), 50u);
  EXPECT_TRUE(h.fit.is_sorted());
}

}  // namespace
}  // namespace kreg::test
