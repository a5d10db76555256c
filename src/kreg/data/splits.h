// Seeded random splits of row indices. The permutation is our own Fisher-Yates on
// std::mt19937_64 (whose output sequence the C++ standard fixes), so the same seed gives the
// same split with every compiler and library.
#pragma once

#include <armadillo>
#include <cstdint>

namespace kreg {

/// A uniformly random permutation of 0..n-1 for `seed`.
arma::uvec seeded_permutation(arma::uword n, std::uint64_t seed);

struct HoldoutSplit {
  arma::uvec fit;      ///< rows to fit on, increasing
  arma::uvec holdout;  ///< rows held out, increasing
};

/// Holds out round(fraction * n) rows (at least 1, at most n - 1) chosen by `seed`.
HoldoutSplit holdout_split(arma::uword n, double fraction, std::uint64_t seed);

}  // namespace kreg
