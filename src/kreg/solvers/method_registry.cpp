// The method table. Seeds: Allerbo (2023), arXiv 2306.16838, Sections 2-5.
#include "kreg/solvers/method_registry.h"

#include <iterator>
#include <stdexcept>

#include "kreg/core/errors.h"
#include "kreg/core/suggest.h"
#include "kreg/solvers/method_row.h"

namespace kreg {

void enumerator_out_of_range(const char* type, const char* where) {
  throw std::logic_error(std::string(where) + ": a " + type + " value outside the enumeration");
}

bool MethodInfo::is_spectral() const {
  switch (family) {
    case MethodFamily::kRidge:
    case MethodFamily::kFlow:
      return true;
    case MethodFamily::kDescent:
    case MethodFamily::kPenalized:
      return false;
  }
  enumerator_out_of_range("MethodFamily", "MethodInfo::is_spectral");
}

const char* MethodInfo::regulariser_key() const {
  switch (regulariser) {
    case Regulariser::kLambda:
      return "lambda";
    case Regulariser::kTime:
      return "t";
    case Regulariser::kEarlyStopping:
      return "";
  }
  enumerator_out_of_range("Regulariser", "MethodInfo::regulariser_key");
}

bool MethodInfo::has_regulariser_grid() const {
  switch (regulariser) {
    case Regulariser::kLambda:
    case Regulariser::kTime:
      return true;
    case Regulariser::kEarlyStopping:
      return false;
  }
  enumerator_out_of_range("Regulariser", "MethodInfo::has_regulariser_grid");
}

namespace {

using F = MethodFamily;
using R = Regulariser;
using D = DescentRule;
using P = Penalty;

// Checked when compiled (MethodRow::row in a constant expression).
constexpr MethodInfo kMethods[] = {
    MethodRow("krr")
        .title("kernel ridge regression")
        .family(F::kRidge)
        .regulariser(R::kLambda)
        .loo_shortcut()
        .help("kernel ridge regression: (K + lambda I) alpha = y")
        .row(),
    MethodRow("kgf")
        .title("kernel gradient flow")
        .family(F::kFlow)
        .regulariser(R::kTime)
        .help("kernel gradient flow stopped at time t (closed form)")
        .row(),
    MethodRow("kgd")
        .title("kernel gradient descent")
        .family(F::kDescent)
        .regulariser(R::kEarlyStopping)
        .descent(D::kGradient)
        .heavy_ball()
        .nesterov()
        .help("kernel gradient descent: alpha += eta (y - K alpha)")
        .row(),
    MethodRow("ksgd")
        .title("kernel sign gradient descent")
        .family(F::kDescent)
        .regulariser(R::kEarlyStopping)
        .descent(D::kSign)
        .help("kernel sign gradient descent (robust): alpha += eta sign(y - K alpha)")
        .row(),
    MethodRow("kcd")
        .title("kernel coordinate descent")
        .family(F::kDescent)
        .regulariser(R::kEarlyStopping)
        .descent(D::kCoordinate)
        .sparse()
        .help("kernel coordinate descent (sparse): the largest residual's coordinate")
        .row(),
    MethodRow("kegd")
        .title("kernel elastic gradient descent")
        .family(F::kDescent)
        .regulariser(R::kEarlyStopping)
        .descent(D::kElastic)
        .heavy_ball()
        .sparse()
        .help("kernel elastic gradient descent (sparse): between kcd and kgd by --elastic-alpha")
        .row(),
    MethodRow("kl1")
        .title("kernel l1-penalised regression")
        .family(F::kPenalized)
        .regulariser(R::kLambda)
        .penalty(P::kL1)
        .sparse()
        .help("l1-penalised kernel regression (sparse alpha)")
        .row(),
    MethodRow("klinf")
        .title("kernel l-infinity-penalised regression")
        .family(F::kPenalized)
        .regulariser(R::kLambda)
        .penalty(P::kLinf)
        .help("l-infinity-penalised kernel regression (robust, bounded alpha)")
        .row(),
};

}  // namespace

const std::vector<MethodInfo>& method_registry() {
  static const std::vector<MethodInfo> rows(std::begin(kMethods), std::end(kMethods));
  return rows;
}

const std::vector<std::string>& method_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const MethodInfo& m : method_registry()) out.push_back(m.name);
    return out;
  }();
  return names;
}

const MethodInfo& method_info(const std::string& name) {
  for (const MethodInfo& m : method_registry())
    if (name == m.name) return m;
  std::string valid;
  for (const auto& n : method_names()) valid += (valid.empty() ? "" : ", ") + n;
  throw ConfigError("method",
                    "unknown method '" + name + "'" + did_you_mean(name, method_names()) + "; valid: " + valid);
}

}  // namespace kreg
