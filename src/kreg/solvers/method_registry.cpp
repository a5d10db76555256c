// The method table. Seeds: Allerbo (2023), arXiv 2306.16838, Sections 2-5.
#include "kreg/solvers/method_registry.h"

#include "kreg/core/errors.h"
#include "kreg/core/suggest.h"

namespace kreg {

const char* MethodInfo::regulariser_key() const {
  switch (regulariser) {
    case Regulariser::kLambda:
      return "lambda";
    case Regulariser::kTime:
      return "t";
    case Regulariser::kEarlyStopping:
      break;
  }
  return "";
}

const std::vector<MethodInfo>& method_registry() {
  using F = MethodFamily;
  using R = Regulariser;
  using D = DescentRule;
  static const std::vector<MethodInfo> rows = {
      {"krr", "kernel ridge regression", F::kRidge, R::kLambda, D::kNone, Penalty::kNone, false, false, false, true,
       "kernel ridge regression: (K + lambda I) alpha = y"},
      {"kgf", "kernel gradient flow", F::kFlow, R::kTime, D::kNone, Penalty::kNone, false, false, false, false,
       "kernel gradient flow stopped at time t (closed form)"},
      {"kgd", "kernel gradient descent", F::kDescent, R::kEarlyStopping, D::kGradient, Penalty::kNone, true, true,
       false, false, "kernel gradient descent: alpha += eta (y - K alpha)"},
      {"ksgd", "kernel sign gradient descent", F::kDescent, R::kEarlyStopping, D::kSign, Penalty::kNone, false, false,
       false, false, "kernel sign gradient descent (robust): alpha += eta sign(y - K alpha)"},
      {"kcd", "kernel coordinate descent", F::kDescent, R::kEarlyStopping, D::kCoordinate, Penalty::kNone, false, false,
       true, false, "kernel coordinate descent (sparse): the largest residual's coordinate"},
      {"kegd", "kernel elastic gradient descent", F::kDescent, R::kEarlyStopping, D::kElastic, Penalty::kNone, true,
       false, true, false, "kernel elastic gradient descent (sparse): between kcd and kgd by --elastic-alpha"},
      {"kl1", "kernel l1-penalised regression", F::kPenalized, R::kLambda, D::kNone, Penalty::kL1, false, false, true,
       false, "l1-penalised kernel regression (sparse alpha)"},
      {"klinf", "kernel l-infinity-penalised regression", F::kPenalized, R::kLambda, D::kNone, Penalty::kLinf, false,
       false, false, false, "l-infinity-penalised kernel regression (robust, bounded alpha)"},
  };
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
