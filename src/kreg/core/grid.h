// Grids of regularisation or kernel parameters (SPEC §6): "logspace:a:b:n" (n points from
// 10^a to 10^b, as numpy.logspace), "linspace:a:b:n", or a comma list "0.1,1,10".
#pragma once

#include <string>
#include <vector>

namespace kreg {

/// Parses a grid; ConfigError "<key>: ..." for malformed text, n < 1, or non-finite values.
std::vector<double> parse_grid(const std::string& text, const std::string& key);

/// n points from 10^a to 10^b with both ends exact.
std::vector<double> logspace(double a, double b, int n);

}  // namespace kreg
