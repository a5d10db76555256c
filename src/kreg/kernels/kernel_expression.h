// Kernel expressions: "gaussian", "gaussian(bandwidth=2)*periodic + linear", "(a+b)*c".
//   expression := part (operator part)*     operators as registered, by precedence
//   part       := name [ "(" key "=" number ("," key "=" number)* ")" ] | "(" expression ")"
// Names are kernel names or aliases; inline values fix that part's parameter, the others come
// from the kernel options (--bandwidth, ...).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "kreg/kernels/kernel_type.h"

namespace kreg {

struct KernelNode {
  const KernelType* type = nullptr;                   ///< a kernel (leaf) ...
  std::vector<std::pair<std::string, double>> fixed;  ///< ... with its inline values
  std::vector<std::string> fixed_text;                ///< those values as written
  const KernelOperator* op = nullptr;                 ///< ... or an operator over parts
  std::vector<KernelNode> parts;
};

/// Parses `text`; ConfigError with key `kernel` naming what is wrong and where.
KernelNode parse_kernel_expression(const std::string& text);
/// The canonical text of a parsed expression (aliases resolved, no spaces).
std::string kernel_expression_text(const KernelNode& node);

}  // namespace kreg
