// The order of simplicity of the one-standard-error rule (cv and loo): among the grid points
// whose score is within one standard error of the minimum, the rule takes the most regularised
// one: the largest lambda (or the smallest t), then, lambda equal, each kernel parameter in
// turn by its own preference (KernelParameter::simpler: a larger bandwidth, a smaller degree).
#pragma once

#include <string>
#include <vector>

#include "kreg/kernels/kernel.h"

namespace kreg {

/// True when the grid point (ka, ra) is simpler than (kb, rb). `regulariser` is "lambda", "t"
/// or "" (no regulariser column: early stopping); `kernel_keys` are the kernel's option keys in
/// order (kernel_option_keys). Points equal in every compared value are not simpler.
bool simpler_point(const KernelSettings& ka, double ra, const KernelSettings& kb, double rb,
                   const std::string& regulariser, const std::vector<std::string>& kernel_keys);

/// The rule in words: "largest lambda, then largest bandwidth, within one SE of the minimum".
std::string one_se_rule_text(const std::string& regulariser, const std::vector<std::string>& kernel_keys);

}  // namespace kreg
