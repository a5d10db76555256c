// Means, standard deviations and sums of squares of data columns that cannot overflow or
// underflow on the way: values are first divided by a power of two s >= max|v|, the sums are
// taken on v / s (bounded by 4 n), and the result is scaled back. Dividing by a power of two is
// exact, so on columns whose squares fit in a double the results are the same bits as the
// direct formulas; on the others they are the correct values instead of inf or NaN.
#pragma once

#include <armadillo>

namespace kreg {

/// The power of two s with s <= max_abs < 2 s, so that every v / s lies in (-2, 2) and the
/// largest is at least 1 in magnitude; 1 when max_abs is 0 or not finite. Finite for every
/// finite max_abs, DBL_MAX and the subnormals included.
double power_of_two_scale(double max_abs);

/// Population (divide-by-n) mean and standard deviation of v, and its largest magnitude;
/// all three finite for finite v (NaN for an empty v).
struct Moments {
  double mean = 0.0;
  double sd = 0.0;
  double max_abs = 0.0;
};
Moments population_moments(const arma::vec& v);

/// The residuals y - f divided by `factor`: 1 (the direct difference) unless some |y_i - f_i|
/// is beyond the largest double, then 2 (y/2 - f/2, halves that are exact). Every mean of them
/// below is then multiplied back by the factor (or its square).
arma::vec scaled_difference(const arma::vec& y, const arma::vec& f, double& factor);

/// mean(e^2) = s^2 mean((e/s)^2): inf only when the mean square itself is beyond the largest
/// double (|e| near 1e155 and above), NaN for an empty e.
double mean_square(const arma::vec& e);
/// sqrt(mean(e^2)) = s sqrt(mean((e/s)^2)): finite for every finite e.
double root_mean_square(const arma::vec& e);
/// mean(|e|) = s mean(|e|/s): finite for every finite e.
double mean_abs(const arma::vec& e);
/// sum(a^2) / sum(b^2), each sum taken on its own scale; NaN when sum(b^2) is 0.
double sum_of_squares_ratio(const arma::vec& a, const arma::vec& b);

}  // namespace kreg
