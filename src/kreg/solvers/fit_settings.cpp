// The settings table and validation of FitSettings.
#include "kreg/solvers/fit_settings.h"

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/suggest.h"

namespace kreg {

std::string to_string(LambdaScaling scaling) { return scaling == LambdaScaling::kN ? "n" : "none"; }

bool parse_lambda_scaling(const std::string& text, LambdaScaling& scaling) {
  if (text == "none")
    scaling = LambdaScaling::kNone;
  else if (text == "n")
    scaling = LambdaScaling::kN;
  else
    return false;
  return true;
}

namespace {

constexpr double kInf = HUGE_VAL;
constexpr double kMaxUpdates = 2e9;

std::vector<std::string> scaling_choices() { return {"none", "n"}; }
std::vector<std::string> centre_choices() { return {"uniform", "leverage"}; }
std::vector<std::string> standardize_choices() { return {"both", "features", "none"}; }

using Applies = bool (*)(const MethodInfo&);
bool lambda_methods(const MethodInfo& m) { return m.regulariser == Regulariser::kLambda; }
bool time_methods(const MethodInfo& m) {
  switch (m.regulariser) {
    case Regulariser::kLambda:
      return false;
    case Regulariser::kTime:
    case Regulariser::kEarlyStopping:
      return true;
  }
  enumerator_out_of_range("Regulariser", "time_methods");
}
bool momentum_methods(const MethodInfo& m) { return m.heavy_ball || m.family == MethodFamily::kFlow; }
bool descent_methods(const MethodInfo& m) { return m.is_iterative(); }
bool penalized_methods(const MethodInfo& m) { return m.is_penalized(); }
bool krr_method(const MethodInfo& m) { return m.family == MethodFamily::kRidge; }
bool solver_methods(const MethodInfo& m) { return penalized_methods(m) || krr_method(m); }

// "auto (...) | fista (...) | ...": the solver table's help, in its order.
const char* solver_help() {
  static const std::string help = [] {
    std::string out;
    for (const SolverInfo& row : solver_table()) out += (out.empty() ? "" : " | ") + std::string(row.help);
    return out;
  }();
  return help.c_str();
}

SettingField number(const char* key, double FitSettings::*member, SettingRange range, SettingScope scope,
                    const char* help, Applies applies) {
  SettingField f{key, SettingType::kNumber, scope, true, help, range};
  f.number = member;
  f.applies = applies;
  return f;
}
SettingField integer(const char* key, long FitSettings::*member, double low, const char* help,
                     Applies applies = nullptr) {
  SettingField f{key, SettingType::kInteger, SettingScope::kAll, true, help, {low, false, kInf, true}};
  f.integer = member;
  f.applies = applies;
  return f;
}

// A text setting with a fixed list of values.
SettingField text_choice(const char* key, std::string FitSettings::*member, std::vector<std::string> (*choices)(),
                         const char* help, Applies applies) {
  SettingField f{key, SettingType::kText, SettingScope::kAll, true, help};
  f.text = member;
  f.choices = choices;
  f.applies = applies;
  return f;
}

std::vector<SettingField> make_table() {
  using S = SettingScope;
  std::vector<SettingField> t;
  SettingField method{"method", SettingType::kText, S::kKernelRidge, false, "regression method"};
  method.text = &FitSettings::method;
  t.push_back(method);
  t.push_back({"kernel", SettingType::kKernel, S::kKernelRidge, false,
               "kernel: a name, optionally fixing its own parameters (gaussian(bandwidth=2)), or kernels combined "
               "by the operators below"});
  // (loo chooses lambda from its grid: it offers no --lambda.)
  t.push_back(number("lambda", &FitSettings::lambda, {0.0, false, kInf, true}, S::kAll, "ridge penalty lambda >= 0",
                     lambda_methods));
  SettingField scaling{"lambda_scaling", SettingType::kChoice, S::kKernelRidge, true,
                       "none: K + lambda I; n: K + n*lambda I"};
  scaling.choices = scaling_choices;
  scaling.get_choice = [](const FitSettings& s) { return to_string(s.lambda_scaling); };
  scaling.set_choice = [](FitSettings& s, const std::string& v) { return parse_lambda_scaling(v, s.lambda_scaling); };
  t.push_back(scaling);
  SettingField standardize{"standardize", SettingType::kChoice, S::kKernelRidge, false,
                           "both|features|none: standardise with training statistics"};
  standardize.choices = standardize_choices;
  standardize.get_choice = [](const FitSettings& s) { return to_string(s.standardize); };
  standardize.set_choice = [](FitSettings& s, const std::string& v) {
    return parse_standardize_mode(v, s.standardize);
  };
  t.push_back(standardize);
  t.push_back(number("t", &FitSettings::t, {0.0, false, kInf, true}, S::kAll,
                     "stopping time t >= 0 (larger t = weaker regularisation)", time_methods));
  t.push_back(number("momentum", &FitSettings::momentum, {0.0, false, 1.0, true}, S::kAll,
                     "momentum gamma in [0, 1): a heavy ball for the descent methods, time t/(1-gamma) for the "
                     "flow; the paper's kegd used 0.5",
                     momentum_methods));
  t.push_back(number("step_size", &FitSettings::step_size, {0.0, true, kInf, true}, S::kAll,
                     "step size eta > 0 (the paper's 1e-4); t = iterations * eta", descent_methods));
  t.push_back(integer("iterations", &FitSettings::iterations, 0.0, "number of updates (0 = round(t / step-size))",
                      descent_methods));
  SettingField nesterov{"nesterov", SettingType::kFlag, S::kAll, true,
                        "Nesterov's look-ahead gradient instead of heavy ball"};
  nesterov.flag = &FitSettings::nesterov;
  nesterov.applies = [](const MethodInfo& m) { return m.nesterov; };
  t.push_back(nesterov);
  t.push_back(number("elastic_alpha", &FitSettings::elastic_alpha, {0.0, false, 1.0, false}, S::kAll,
                     "alpha_e in [0, 1] (1 = coordinate descent, 0 with momentum 0 = gradient descent)",
                     [](const MethodInfo& m) { return m.descent == DescentRule::kElastic; }));
  t.push_back(integer("patience", &FitSettings::patience, 1.0,
                      "early stopping: updates without improvement before stopping, >= 1", descent_methods));
  t.push_back(number("t_max", &FitSettings::t_max, {0.0, true, kInf, true}, S::kAll,
                     "early stopping: largest stopping time considered, > 0", descent_methods));
  t.push_back(number("holdout", &FitSettings::holdout, {0.0, false, 1.0, true}, S::kAll,
                     "early stopping on this fraction of the training rows, [0, 1)", descent_methods));
  t.push_back(integer("seed", &FitSettings::seed, 0.0,
                      "seed of the holdout split and of the Nystrom centres (and of the folds in cv)"));
  SettingField solver{"solver", SettingType::kChoice, S::kAll, true, solver_help()};
  solver.choices = solver_names;
  solver.get_choice = [](const FitSettings& s) { return to_string(s.solver); };
  solver.set_choice = [](FitSettings& s, const std::string& v) { return parse_solver(v, s.solver); };
  solver.applies = solver_methods;
  t.push_back(solver);
  t.push_back(integer("centers", &FitSettings::centers, 0.0,
                      "with --solver nystrom: centres, rows drawn uniformly by --seed (0 = min(n, 2000))", krr_method));
  t.back().optional_in_model = true;
  t.push_back(text_choice("centers_by", &FitSettings::centers_by, centre_choices,
                          "with --solver nystrom: how centres are drawn: uniform | leverage (in proportion to "
                          "approximate ridge leverage scores from a uniform pilot of the same size; about three "
                          "times the work)",
                          krr_method));
  t.back().optional_in_model = true;
  t.push_back(integer("max_iter", &FitSettings::max_iter, 0.0,
                      "iteration cap (0 = 100000 for fista, 1000 for paper and nystrom; solver auto: FISTA's "
                      "100000 after the exact path, 1000 where the path found the coefficients far too large to "
                      "determine)",
                      solver_methods));
  t.push_back(number("tol", &FitSettings::tol, {0.0, false, kInf, true}, S::kAll,
                     "0 = default (fista: largest KKT violation 1e-7; paper: iterates agree to 1e-4; nystrom: "
                     "relative residual 1e-8)",
                     solver_methods));
  t.push_back(number("prox_step", &FitSettings::prox_step, {0.0, true, kInf, true}, S::kAll,
                     "with --solver paper: fixed step (paper: 1e-3)", penalized_methods));
  return t;
}

// "must be a finite number >= 0", "must be in [0, 1)", "must be >= 1".
std::string range_text(const SettingRange& r, bool integer) {
  if (std::isinf(r.high))
    return std::string(integer ? "must be " : "must be a finite number ") + (r.low_open ? "> " : ">= ") +
           number_text(r.low);
  return "must be in " + std::string(r.low_open ? "(" : "[") + number_text(r.low) + ", " + number_text(r.high) +
         (r.high_open ? ")" : "]");
}

bool in_range(const SettingRange& r, double v) {
  if (!std::isfinite(v)) return false;
  if (r.low_open ? !(v > r.low) : !(v >= r.low)) return false;
  return r.high_open ? v < r.high : v <= r.high;
}

std::string choice_list(const std::vector<std::string>& choices) {
  std::string s;
  for (std::size_t i = 0; i < choices.size(); ++i)
    s += (i == 0 ? "" : (i + 1 == choices.size() ? " or " : ", ")) + choices[i];
  return s;
}

// round(time / step_size) as a count of updates; a count beyond kMaxUpdates (or one that
// would not fit a long) is refused, naming `key`, instead of wrapping round.
long update_count(double time, double step_size, const char* key) {
  const double updates = std::round(time / step_size);
  if (!(updates <= kMaxUpdates))
    throw ConfigError(key, std::string(key) + " / step_size = " + number_text(time) + " / " + number_text(step_size) +
                               " is more than 2e9 updates");
  return static_cast<long>(updates);
}

}  // namespace

std::string setting_help(const SettingField& f) {
  if (f.applies == nullptr) return f.help;
  return std::string(f.help) + " (" + method_names_where(f.applies) + ")";
}

const std::vector<SettingField>& fit_settings_table() {
  static const std::vector<SettingField> table = make_table();
  return table;
}

void set_choice(const SettingField& f, FitSettings& s, const std::string& text) {
  if (f.set_choice(s, text)) return;
  const std::vector<std::string> valid = f.choices();
  throw ConfigError(f.key, "expected " + choice_list(valid) + ", got '" + text + "'" + did_you_mean(text, valid));
}

void canonicalize_names(FitSettings& s) {
  for (const SettingField& f : fit_settings_table()) {
    if (f.text == &FitSettings::method)
      s.method = canonical_name(s.method, method_names());
    else if (f.type == SettingType::kText && f.choices != nullptr)
      s.*f.text = canonical_name(s.*f.text, f.choices());
  }
}

long FitSettings::iteration_count() const { return iterations > 0 ? iterations : update_count(t, step_size, "t"); }

long FitSettings::max_update_count() const { return update_count(t_max, step_size, "t_max"); }

Kernel validate(const FitSettings& s) {
  Kernel kernel;
  for (const SettingField& f : fit_settings_table()) {
    switch (f.type) {
      case SettingType::kNumber:
        if (!in_range(f.range, s.*f.number))
          throw ConfigError(f.key, range_text(f.range, false) + ", got " + number_text(s.*f.number));
        break;
      case SettingType::kInteger:
        if (!in_range(f.range, static_cast<double>(s.*f.integer)))
          throw ConfigError(f.key, range_text(f.range, true) + ", got " + std::to_string(s.*f.integer));
        break;
      case SettingType::kText:
        if (f.choices != nullptr) {
          const std::vector<std::string> valid = f.choices();
          const std::string& v = s.*f.text;
          bool known = false;
          for (const auto& c : valid) known = known || c == v;
          if (!known)
            throw ConfigError(f.key, "expected " + choice_list(valid) + ", got '" + v + "'" + did_you_mean(v, valid));
        }
        break;
      case SettingType::kKernel:
        kernel = make_kernel(s.kernel);  // throws for a bad expression or parameter
        break;
      case SettingType::kFlag:
      case SettingType::kChoice:  // an enum: always valid once set
        break;
    }
    if (f.text == &FitSettings::method) s.method_info();  // throws for an unknown method
  }
  const MethodInfo& method = s.method_info();
  if (s.nesterov && !method.nesterov)
    throw ConfigError("nesterov",
                      "only for --method " + method_names_where([](const MethodInfo& m) { return m.nesterov; }));
  const SolverInfo& solver = solver_info(s.solver);
  if (!solver.serves(method))
    throw ConfigError("solver", std::string(solver.name) + " is a solver of " + method_names_where(solver.serves) +
                                    ", not of " + s.method);
  const bool nystrom = s.solver == Solver::kNystrom;
  if (s.centers > 0 && !nystrom) throw ConfigError("centers", "centres are for --solver nystrom");
  if (s.centers_by != "uniform" && !nystrom) throw ConfigError("centers_by", "centres are for --solver nystrom");
  if (s.iterations > static_cast<long>(kMaxUpdates))
    throw ConfigError("iterations", "must be at most 2e9, got " + std::to_string(s.iterations));
  if (method.is_iterative()) s.iteration_count();  // throws when t / step_size is too many updates
  return kernel;
}

}  // namespace kreg
