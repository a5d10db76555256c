// The registered kernel types and operators. Including a kernel's header here registers it;
// the order of the includes is the order of the help and the docs.
#include <stdexcept>

#include "kreg/core/suggest.h"
#include "kreg/kernels/kernel_type.h"

// Registration order: the kernels of Allerbo (2023, Table 5), then the others.
// clang-format off
#include "kreg/kernels/gaussian.h"
#include "kreg/kernels/laplace.h"
#include "kreg/kernels/matern32.h"
#include "kreg/kernels/matern52.h"
#include "kreg/kernels/cauchy.h"
#include "kreg/kernels/linear.h"
#include "kreg/kernels/polynomial.h"
#include "kreg/kernels/rational_quadratic.h"
#include "kreg/kernels/periodic.h"
#include "kreg/kernels/kernel_combination.h"
// clang-format on

namespace kreg {

namespace {
std::deque<KernelType>& type_table() {
  static std::deque<KernelType> table;
  return table;
}
std::deque<KernelOperator>& operator_table() {
  static std::deque<KernelOperator> table;
  return table;
}
}  // namespace

namespace detail {

bool add_kernel_type(KernelType type) {
  // A parameter key is one option for every kernel that takes it: its definition must agree.
  for (const KernelParameter& p : type.parameters) {
    const KernelParameter* other = find_kernel_parameter(p.key);
    if (other != nullptr && (other->default_value != p.default_value || other->integer != p.integer))
      throw std::logic_error("kernel " + type.name + ": parameter " + p.key + " differs from another kernel's");
  }
  if (find_kernel_type(type.name) != nullptr) throw std::logic_error("kernel " + type.name + " registered twice");
  bool has_bandwidth = false;
  for (const KernelParameter& p : type.parameters) has_bandwidth = has_bandwidth || p.key == bandwidth_parameter().key;
  if (type.length_scale && !has_bandwidth)
    throw std::logic_error("kernel " + type.name + ": a length scale needs the parameter " + bandwidth_parameter().key);
  type_table().push_back(std::move(type));
  return true;
}

bool add_kernel_operator(KernelOperator op) {
  operator_table().push_back(std::move(op));
  return true;
}

}  // namespace detail

const std::deque<KernelType>& kernel_types() { return type_table(); }
const std::deque<KernelOperator>& kernel_operators() { return operator_table(); }

const KernelType* find_kernel_type(const std::string& name) {
  for (const KernelType& t : type_table()) {
    if (equal_ignoring_case(t.name, name)) return &t;
    for (const std::string& alias : t.aliases)
      if (equal_ignoring_case(alias, name)) return &t;
  }
  return nullptr;
}

const KernelParameter* find_kernel_parameter(const std::string& key) {
  for (const KernelType& t : type_table())
    for (const KernelParameter& p : t.parameters)
      if (p.key == key) return &p;
  return nullptr;
}

std::vector<const KernelParameter*> kernel_parameters() {
  std::vector<const KernelParameter*> out;
  for (const KernelType& t : type_table())
    for (const KernelParameter& p : t.parameters)
      if (find_kernel_parameter(p.key) == &p) out.push_back(&p);
  return out;
}

std::vector<std::string> kernel_names() {
  std::vector<std::string> out;
  for (const KernelType& t : type_table()) out.push_back(t.name);
  return out;
}

bool takes_per_feature_values(const KernelParameter& parameter) {
  return parameter.key == bandwidth_parameter().key && !length_scale_kernel_names().empty();
}

std::vector<std::string> length_scale_kernel_names() {
  std::vector<std::string> out;
  for (const KernelType& t : type_table())
    if (t.length_scale) out.push_back(t.name);
  return out;
}

}  // namespace kreg
