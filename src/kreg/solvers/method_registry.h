// The methods of Allerbo (2023), one row each: what kind of solver fits it, which quantity
// regularises it (and so which grid `path`, `loo` and `cv` take), and its one-line help.
// Every other file asks this table; none compares method names. Adding a method is adding a
// row here (and, for a new family, its solver). Every choice over the enums below is a switch
// that names each enumerator, without `default:`, and the build treats an unhandled enumerator
// as an error (-Werror=switch): a new family, descent rule, penalty or regulariser does not
// compile until every switch has decided what it does with it.
#pragma once

#include <string>
#include <vector>

namespace kreg {

/// How a method is solved; train(), the paths and cv dispatch on this.
enum class MethodFamily {
  kRidge,      ///< closed form (K + lambda I)^{-1} y: Cholesky, eigenvalues or the primal system
  kFlow,       ///< closed form in K's eigenbasis at time t
  kDescent,    ///< iterative updates stopped at t = k * step_size or by early stopping
  kPenalized,  ///< penalised objective: homotopy path or proximal gradient
};

/// The update rule of a descent method (Allerbo 2023, Section 3).
enum class DescentRule { kNone, kGradient, kSign, kCoordinate, kElastic };

/// The penalty of a penalised method: ||alpha||_1 or ||alpha||_inf.
enum class Penalty { kNone, kL1, kLinf };

/// What regularises a method: lambda (larger = stronger), t (larger = weaker), or the
/// stopping time chosen on validation data (no grid).
enum class Regulariser { kLambda, kTime, kEarlyStopping };

/// Throws std::logic_error: a value of the enumeration `type` outside its enumerators reached
/// `where` (only a cast can make one; each switch over these enums ends with this call).
[[noreturn]] void enumerator_out_of_range(const char* type, const char* where);

/// A method's row (written with MethodRow, method_row.h; the rows are in method_registry.cpp).
struct MethodInfo {
  const char* name = nullptr;   ///< the --method value
  const char* title = nullptr;  ///< the paper's name
  MethodFamily family = MethodFamily::kRidge;
  Regulariser regulariser = Regulariser::kLambda;
  DescentRule descent = DescentRule::kNone;
  Penalty penalty = Penalty::kNone;
  bool heavy_ball = false;    ///< --momentum is a heavy-ball term (kgd, kegd)
  bool nesterov = false;      ///< --nesterov applies (kgd)
  bool sparse = false;        ///< solutions have exact zeros
  bool loo_shortcut = false;  ///< `kreg loo` has a closed form for it (krr)
  const char* help = nullptr;  ///< one line for --help and the docs

  bool is_iterative() const { return family == MethodFamily::kDescent; }
  bool is_penalized() const { return family == MethodFamily::kPenalized; }
  /// Path and cv from one eigendecomposition (krr, kgf).
  bool is_spectral() const;
  /// "lambda", "t" or "" (early stopping): the config key of the regularisation value.
  const char* regulariser_key() const;
  /// Whether `path`, `loo` and `cv` take a grid of the regulariser (lambda, t; not early stopping).
  bool has_regulariser_grid() const;
};

/// Every method, in the order of the help text.
const std::vector<MethodInfo>& method_registry();
/// The row of `name`; throws ConfigError (key `method`) naming the valid methods.
const MethodInfo& method_info(const std::string& name);
/// The names of method_registry(), in order.
const std::vector<std::string>& method_names();
/// The names of the methods that satisfy `pred`, joined by ", " (for messages).
template <class Pred>
std::string method_names_where(Pred pred) {
  std::string out;
  for (const MethodInfo& m : method_registry())
    if (pred(m)) out += (out.empty() ? "" : ", ") + std::string(m.name);
  return out;
}

}  // namespace kreg
