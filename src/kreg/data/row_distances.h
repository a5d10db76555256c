// Distances between the rows of a data set, on a sample: the scale the bandwidth rules start
// from (the default bandwidth grid of cv and loo, the start of the Gaussian-process tuning).
#pragma once

#include <armadillo>
#include <cstddef>

namespace kreg {

/// Rows i * n / m for i < m = min(n, max_rows): a deterministic sample spread over the whole
/// file (data sorted by one column is still sampled across its range); all rows when n is small.
arma::uvec spread_rows(std::size_t n, std::size_t max_rows);

/// The rows spread_rows picks of Z (at least two when Z has them); Z itself when it is small enough.
arma::mat spread_sample(const arma::mat& Z, std::size_t max_rows);

/// Median of the Euclidean distances between the distinct pairs of an evenly spaced sample of
/// at most `max_rows` rows of Z (rows i * n / m); 0 when fewer than two rows or all equal (or
/// when the median is not finite).
double median_pairwise_distance(const arma::mat& Z, std::size_t max_rows = 1000);

}  // namespace kreg
