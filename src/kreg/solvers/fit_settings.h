// FitSettings: what to fit. Each field is declared once here, with its default; its key,
// valid range and help are its row of fit_settings_table() (fit_settings.cpp), from which the
// command-line options, the config keys, validate(), the model files and --print-config are
// all made.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kreg/data/standardization.h"
#include "kreg/kernels/kernel.h"
#include "kreg/solvers/method_registry.h"
#include "kreg/solvers/solver_table.h"

namespace kreg {

/// How lambda enters the system: K + lambda I (the kernel-methods notes; Allerbo 2023) or K + n
/// lambda I (the representer-theorem notes).
enum class LambdaScaling { kNone, kN };
std::string to_string(LambdaScaling scaling);
bool parse_lambda_scaling(const std::string& text, LambdaScaling& scaling);

/// --solver nystrom: the centres when --centers is 0 (all rows up to this many).
inline constexpr std::size_t kDefaultCentres = 2000;

struct FitSettings {
  std::string method = "krr";
  KernelSettings kernel;
  StandardizeMode standardize = StandardizeMode::kBoth;
  double lambda = 1.0;
  LambdaScaling lambda_scaling = LambdaScaling::kNone;
  double t = 1.0;
  double momentum = 0.0;
  double step_size = 1e-4;
  long iterations = 0;
  bool nesterov = false;
  double elastic_alpha = 0.9;
  long patience = 100;
  double t_max = 1000.0;
  double holdout = 0.0;
  long seed = 0;
  Solver solver = Solver::kAuto;
  long max_iter = 0;
  double tol = 0.0;
  double prox_step = 1e-3;
  long centers = 0;                    ///< --solver nystrom: centres (0 = min(n, kDefaultCentres))
  std::string centers_by = "uniform";  ///< --solver nystrom: uniform | leverage

  /// --solver nystrom: the number of centres on n rows.
  std::size_t centre_count(std::size_t n) const {
    return centers > 0 ? static_cast<std::size_t>(centers) : std::min<std::size_t>(n, kDefaultCentres);
  }

  /// The method's row of the registry (throws ConfigError for an unknown method).
  const MethodInfo& method_info() const { return kreg::method_info(method); }
  bool is_penalized() const { return method_info().is_penalized(); }
  bool is_iterative() const { return method_info().is_iterative(); }
  long max_iter_or_default() const { return max_iter > 0 ? max_iter : solver_info(solver).default_max_iter; }
  double tol_or_default() const { return tol > 0.0 ? tol : solver_info(solver).default_tol; }
  /// Iterations of a fixed-length run: `iterations`, or round(t / step_size).
  /// Throws ConfigError (key `t`) when that is more than 2e9 updates.
  long iteration_count() const;
  /// Largest number of updates of an early-stopped run or a path: round(t_max / step_size).
  /// Throws ConfigError (key `t_max`) when that is more than 2e9 updates.
  long max_update_count() const;

  /// kgf's effective time with momentum (Allerbo 2023, Lemma kgf_s, Remark 2): t / (1 - gamma).
  double effective_t() const { return t / (1.0 - momentum); }

  /// The factor between lambda as given and as it enters K + lambda_eff I for n training
  /// points: n with --lambda-scaling n, else 1. The one place that knows the scaling.
  double lambda_unit(std::size_t n) const { return lambda_scaling == LambdaScaling::kN ? static_cast<double>(n) : 1.0; }
};

/// The kinds of values a setting takes.
enum class SettingType { kNumber, kInteger, kFlag, kChoice, kText, kKernel };
/// Which subcommands offer a setting: all that fit (fit, path, cv), or also `loo` (the settings of
/// kernel ridge regression that loo does not choose: not lambda, which is its grid).
enum class SettingScope { kAll, kKernelRidge };

/// The valid range of a number: [low, high], either end open; high = inf means unbounded.
struct SettingRange {
  double low = 0.0;
  bool low_open = false;
  double high = HUGE_VAL;
  bool high_open = true;
};

/// One row of the settings table.
struct SettingField {
  const char* key;  ///< config key; the option is --key with '-' for '_'
  SettingType type;
  SettingScope scope;
  bool in_model;  ///< saved in a model file's "parameters"
  const char* help;
  SettingRange range;                                       ///< kNumber, kInteger
  double FitSettings::*number = nullptr;                    ///< kNumber
  long FitSettings::*integer = nullptr;                     ///< kInteger
  bool FitSettings::*flag = nullptr;                        ///< kFlag
  std::string FitSettings::*text = nullptr;                 ///< kText
  std::vector<std::string> (*choices)() = nullptr;          ///< kChoice, kText with fixed values
  std::string (*get_choice)(const FitSettings&) = nullptr;  ///< kChoice
  bool (*set_choice)(FitSettings&, const std::string&) = nullptr;
  bool (*applies)(const MethodInfo&) = nullptr;  ///< the methods that use it (null: every method)
  /// Added after model format version 2 was first written: a model file without the key
  /// gets the default (it was fitted before the setting existed).
  bool optional_in_model = false;
};

/// The help of a setting, ending with the methods it applies to from the registry: "ridge
/// penalty lambda >= 0 (krr, kl1, klinf)".
std::string setting_help(const SettingField& field);

/// Every setting, in the order of the help, the config and the model file.
const std::vector<SettingField>& fit_settings_table();

/// Sets a kChoice field from its text; ConfigError ("expected none or n, got 'x'") otherwise.
void set_choice(const SettingField& field, FitSettings& settings, const std::string& text);

/// The method's and the text settings' names (solver, centers_by) in their canonical lower
/// case when they match one but for letter case ("KRR" -> "krr", "FISTA" -> "fista"); other
/// values are left for validate() to refuse.
void canonicalize_names(FitSettings& settings);

/// Checks every field against its row (ConfigError naming the first offending key), then the
/// rules between fields (--nesterov only for kgd, at most 2e9 updates). Returns the kernel it
/// parsed on the way: the value every later step uses.
Kernel validate(const FitSettings& settings);

}  // namespace kreg
