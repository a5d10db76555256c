// Portable seeded permutations and holdout splits.
#include "kreg/data/splits.h"

#include <cmath>
#include <random>

#include "kreg/core/errors.h"

namespace kreg {

arma::uvec seeded_permutation(arma::uword n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  arma::uvec p = arma::regspace<arma::uvec>(0, n == 0 ? 0 : n - 1);
  if (n == 0) return arma::uvec();
  for (arma::uword i = n - 1; i > 0; --i) {
    const arma::uword j = static_cast<arma::uword>(rng() % (static_cast<std::uint64_t>(i) + 1));  // bias < n / 2^64
    std::swap(p[i], p[j]);
  }
  return p;
}

HoldoutSplit holdout_split(arma::uword n, double fraction, std::uint64_t seed) {
  if (n < 2) throw DataError("a holdout split needs at least 2 rows");
  arma::uword n_hold = static_cast<arma::uword>(std::llround(fraction * static_cast<double>(n)));
  n_hold = std::min<arma::uword>(std::max<arma::uword>(n_hold, 1), n - 1);
  const arma::uvec p = seeded_permutation(n, seed);
  HoldoutSplit s;
  s.holdout = arma::sort(p.head(n_hold));
  s.fit = arma::sort(p.tail(n - n_hold));
  return s;
}

}  // namespace kreg
