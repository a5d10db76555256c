// The quantile function of the standard normal distribution, for two-sided intervals.
#pragma once

namespace kreg {

/// x with P(Z <= x) = p for Z ~ N(0, 1), 0 < p < 1, to about 1e-15 relative: a rational start
/// (Acklam's approximation, relative error below 1.2e-9) refined by Halley steps on
/// 0.5 erfc(-x / sqrt 2) - p. normal_quantile(0.975) = 1.959963984540054.
double normal_quantile(double p);

}  // namespace kreg
