// The one-standard-error rule's order of simplicity, and its wording.
#include "kreg/select/simplicity.h"

#include "kreg/kernels/kernel_type.h"

namespace kreg {

bool simpler_point(const KernelSettings& ka, double ra, const KernelSettings& kb, double rb,
                   const std::string& regulariser, const std::vector<std::string>& kernel_keys) {
  if (regulariser == "lambda" && ra != rb) return ra > rb;
  if (regulariser == "t" && ra != rb) return ra < rb;
  for (const std::string& key : kernel_keys) {
    const double va = ka.value(key), vb = kb.value(key);
    if (va == vb) continue;
    const Simpler rule = find_kernel_parameter(key)->simpler;
    if (rule == Simpler::kLarger) return va > vb;
    if (rule == Simpler::kSmaller) return va < vb;
  }
  return false;
}

std::string one_se_rule_text(const std::string& regulariser, const std::vector<std::string>& kernel_keys) {
  std::vector<std::string> parts;
  if (regulariser == "lambda") parts.push_back("largest lambda");
  if (regulariser == "t") parts.push_back("smallest t");
  for (const std::string& key : kernel_keys) {
    const Simpler rule = find_kernel_parameter(key)->simpler;
    if (rule == Simpler::kLarger) parts.push_back("largest " + key);
    if (rule == Simpler::kSmaller) parts.push_back("smallest " + key);
  }
  if (parts.empty()) return "the first grid point within one SE of the minimum";
  std::string s = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) s += ", then " + parts[i];
  return s + (parts.size() > 1 ? "," : "") + " within one SE of the minimum";
}

}  // namespace kreg
