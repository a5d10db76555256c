// Model <-> JSON. The loader checks every key it reads and names the one at fault.
#include "kreg/model/model_json.h"

#include <climits>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <unordered_set>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/io/byte_source.h"
#include "kreg/io/json_input.h"
#include "kreg/kernels/per_feature_bandwidth.h"

namespace kreg {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

ordered_json number(double v) { return std::isfinite(v) ? ordered_json(v) : ordered_json(nullptr); }

ordered_json vec_to_json(const arma::vec& v) {
  ordered_json a = ordered_json::array();
  for (double x : v) a.push_back(x);
  return a;
}

// The settings of the table's rows marked in_model, in table order.
ordered_json settings_to_json(const FitSettings& s) {
  ordered_json p;
  for (const SettingField& f : fit_settings_table()) {
    if (!f.in_model) continue;
    switch (f.type) {
      case SettingType::kNumber:
        p[f.key] = s.*f.number;
        break;
      case SettingType::kInteger:
        p[f.key] = s.*f.integer;
        break;
      case SettingType::kFlag:
        p[f.key] = s.*f.flag;
        break;
      case SettingType::kText:
        p[f.key] = s.*f.text;
        break;
      case SettingType::kChoice:
        p[f.key] = f.get_choice(s);
        break;
      case SettingType::kKernel:
        break;
    }
  }
  return p;
}

// A bandwidth as the kernel writes it: a number, or a list with one per feature.
ordered_json bandwidth_to_json(const arma::vec& b) { return b.n_elem == 1 ? number(b(0)) : vec_to_json(b); }

// The "tuning" object (tuning_record.h); the names are those scripts read.
ordered_json tuning_to_json(const TuningRecord& t) {
  ordered_json starts = ordered_json::array();
  for (const TuningRun& r : t.starts)
    starts.push_back(ordered_json{{"start", ordered_json{{"bandwidth", bandwidth_to_json(r.start_bandwidth)},
                                                         {"lambda", number(r.start_lambda)},
                                                         {"value", number(r.start_value)}}},
                                  {"optimum", r.bandwidth.empty()
                                                  ? ordered_json(nullptr)
                                                  : ordered_json{{"bandwidth", bandwidth_to_json(r.bandwidth)},
                                                                 {"lambda", number(r.lambda)},
                                                                 {"value", number(r.value)}}},
                                  {"evaluations", r.evaluations},
                                  {"iterations", r.iterations},
                                  {"converged", r.converged},
                                  {"improved", r.improved},
                                  {"message", r.message}});
  return ordered_json{{"objective", to_string(t.objective)},
                      {"per_feature", t.per_feature},
                      {"value", number(t.value)},
                      {"bandwidth", bandwidth_to_json(t.bandwidth)},
                      {"lambda", number(t.lambda)},
                      {"signal_variance", number(t.signal_variance)},
                      {"noise_variance", number(t.noise_variance)},
                      {"log_evidence", number(t.log_evidence)},
                      {"loo_mse", number(t.loo_mse)},
                      {"gcv", number(t.gcv)},
                      {"df", number(t.df)},
                      {"evaluations", t.evaluations},
                      {"best_restart", t.best_start},
                      {"bounds", ordered_json{{"bandwidth", {number(t.bandwidth_bounds[0]), number(t.bandwidth_bounds[1])}},
                                              {"lambda", {number(t.lambda_bounds[0]), number(t.lambda_bounds[1])}}}},
                      {"restarts", std::move(starts)}};
}

// Typed access that names the key path and the file in every error.
class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}

  const json& at(const json& obj, const std::string& key, const std::string& path) const {
    if (!obj.is_object() || !obj.contains(key)) fail(path + key, "missing");
    return obj.at(key);
  }
  double num(const json& obj, const std::string& key, const std::string& path = "") const {
    const json& v = at(obj, key, path);
    if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();
    if (!v.is_number()) fail(path + key, "expected a number");
    return v.get<double>();
  }
  long integer(const json& obj, const std::string& key, const std::string& path = "") const {
    const json& v = at(obj, key, path);
    if (!v.is_number_integer()) fail(path + key, "expected an integer");
    if (v.is_number_unsigned() && v.get<unsigned long long>() > static_cast<unsigned long long>(LONG_MAX))
      fail(path + key, "integer out of range");
    return v.get<long>();
  }
  /// A number that must be there: null (a non-finite value when saved) is refused.
  double finite(const json& obj, const std::string& key, const std::string& path = "") const {
    const double v = num(obj, key, path);
    if (!std::isfinite(v)) fail(path + key, "expected a finite number, got null");
    return v;
  }
  std::string str(const json& obj, const std::string& key, const std::string& path = "") const {
    const json& v = at(obj, key, path);
    if (!v.is_string()) fail(path + key, "expected a string");
    return v.get<std::string>();
  }
  arma::vec vec(const json& obj, const std::string& key, const std::string& path = "") const {
    const json& v = at(obj, key, path);
    if (!v.is_array()) fail(path + key, "expected an array of numbers");
    arma::vec out(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_number()) fail(path + key + "[" + std::to_string(i) + "]", "expected a number");
      out(i) = v[i].get<double>();
    }
    return out;
  }
  std::vector<std::string> strings(const json& obj, const std::string& key) const {
    const json& v = at(obj, key, "");
    if (!v.is_array()) fail(key, "expected an array of strings");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_string()) fail(key + "[" + std::to_string(i) + "]", "expected a string");
      out.push_back(v[i].get<std::string>());
    }
    return out;
  }
  /// A scale divides (features) or multiplies (the target): a positive normal double, whose
  /// reciprocal is finite.
  void scale(double v, const std::string& key) const {
    if (!(v > 0.0)) fail(key, "must be > 0, got " + number_text(v));
    if (v < std::numeric_limits<double>::min())
      fail(key, "must be at least the smallest normal double 2.2250738585072014e-308 (its reciprocal overflows), got " +
                    number_text(v));
  }
  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw ModelFormatError(source_ + ": key '" + key + "': " + what);
  }

 private:
  std::string source_;
};

// Predictions are target_mean + target_scale * f(z) with f(z) = sum_i alpha_i k(z, z_i), the
// expansion on the standardised scale. For a kernel of the distance alone, |k(z, z_i)| <= k(z, z)
// = k(0) (positive semi-definite and stationary), so |f(z)| and every partial sum of it are at
// most k(0) sum_i |alpha_i| whatever z: a model whose bound is beyond the largest double is
// refused, its sums could overflow at any input. (Compared in logarithms: the bound itself may
// not be representable.) The step back to the original scale is computed without overflow
// (Standardization::inverse_target), so that a prediction is inf only when its value is beyond
// the largest double; predict refuses those, and those of kernels of the dot product, which are
// unbounded, row by row.
void check_expansion_bound(const Model& m, const Reader& r) {
  if (m.alpha.empty() || m.kernel.input() != KernelInput::kDistance) return;
  const arma::vec a = arma::abs(m.alpha);
  const arma::uword largest = a.index_max();
  const double k0 = std::abs(m.kernel(0.0, 0.0));
  if (!(a(largest) > 0.0) || !(k0 > 0.0)) return;
  int exponent = 0;
  std::frexp(a(largest), &exponent);
  const double unit = std::ldexp(1.0, exponent - 1);  // a power of two near max |alpha_i|
  const double sum_in_units = arma::accu(a / unit);    // >= 1, and no overflow
  const double log_bound = std::log(sum_in_units) + std::log(unit) + std::log(k0);
  if (log_bound < std::log(std::numeric_limits<double>::max())) return;
  const double decades = log_bound / std::log(10.0);  // the bound as mantissa e+exponent
  std::ostringstream os;
  os.precision(3);
  os << m.alpha(largest) << ", the largest coefficient: the kernel expansion could reach "
     << std::pow(10.0, decades - std::floor(decades)) << "e+" << static_cast<long>(std::floor(decades))
     << " (k(0) * sum |alpha_i|), beyond the largest double (1.8e+308), and its predictions overflow";
  r.fail("alpha[" + std::to_string(largest) + "]", os.str());
}

}  // namespace

ordered_json model_to_json(const Model& m) {
  ordered_json j;
  j["format"] = kModelFormatName;
  j["format_version"] = kModelFormatVersion;
  j["kreg_version"] = KREG_VERSION;
  j["method"] = m.settings.method;
  j["kernel"] = m.kernel.to_json();
  j["parameters"] = settings_to_json(m.settings);
  j["standardization"] = ordered_json{{"mode", to_string(m.standardization.mode)},
                                      {"feature_mean", vec_to_json(m.standardization.feature_mean)},
                                      {"feature_scale", vec_to_json(m.standardization.feature_scale)},
                                      {"target_mean", m.standardization.target_mean},
                                      {"target_scale", m.standardization.target_scale}};
  j["features"] = m.feature_names;
  j["target"] = m.target_name;
  j["training_summary"] = ordered_json{{"n_train", m.summary.n_train},
                                       {"n_features", m.summary.n_features},
                                       {"n_expansion_points", m.points.n_rows},
                                       {"train_mse", number(m.summary.train_mse)},
                                       {"train_r2", number(m.summary.train_r2)},
                                       {"rcond", number(m.summary.rcond)},
                                       {"df", number(m.summary.df)},
                                       {"iterations", m.summary.iterations},
                                       {"t", number(m.summary.t)},
                                       {"early_stopping", m.summary.early_stopping},
                                       {"stopped_early", m.summary.stopped_early},
                                       {"best_val_mse", number(m.summary.best_val_mse)},
                                       {"n_validation", m.summary.n_validation},
                                       {"converged", m.summary.converged},
                                       {"kkt_violation", number(m.summary.kkt_violation)},
                                       {"relative_residual", number(m.summary.relative_residual)},
                                       {"centres_rank", m.summary.centres_rank},
                                       {"warnings", m.warnings}};
  ordered_json rows = ordered_json::array();
  for (arma::uword r : m.point_rows) rows.push_back(r);
  j["point_rows"] = rows;
  ordered_json points = ordered_json::array();
  for (arma::uword i = 0; i < m.points.n_rows; ++i) {
    ordered_json row = ordered_json::array();
    for (arma::uword c = 0; c < m.points.n_cols; ++c) row.push_back(m.points(i, c));
    points.push_back(std::move(row));
  }
  j["points"] = std::move(points);
  j["alpha"] = vec_to_json(m.alpha);
  if (!m.beta.empty()) j["beta"] = vec_to_json(m.beta);
  if (m.tuning) j["tuning"] = tuning_to_json(*m.tuning);
  return j;
}

Model model_from_json(const json& j, const std::string& source) {
  const Reader r(source);
  if (!j.is_object()) throw ModelFormatError(source + ": not a kreg model (the top level is not a JSON object)");
  if (!j.contains("format") || !j["format"].is_string() || j["format"] != kModelFormatName)
    throw ModelFormatError(source + ": key 'format': not a kreg model (expected \"" + kModelFormatName + "\")");
  const long version = r.integer(j, "format_version");
  if (version < kOldestModelFormatVersion || version > kModelFormatVersion)
    throw ModelFormatError(source + ": key 'format_version': unsupported model format version " +
                           std::to_string(version) + " (this kreg reads versions " +
                           std::to_string(kOldestModelFormatVersion) + " to " + std::to_string(kModelFormatVersion) +
                           ")");
  Model m;
  m.settings.method = r.str(j, "method");
  const json& k = r.at(j, "kernel", "");
  try {
    m.kernel = kernel_from_json(k);
  } catch (const ConfigError& e) {
    r.fail(e.key().empty() ? "kernel" : "kernel." + e.key(), e.problem());
  }
  if (version == 1 && k.contains("parts")) r.fail("kernel", "a version 1 model has a single kernel");
  m.settings.kernel = m.kernel.settings();
  const json& p = r.at(j, "parameters", "");
  for (const SettingField& f : fit_settings_table()) {
    if (!f.in_model) continue;
    if (f.optional_in_model && p.is_object() && !p.contains(f.key)) continue;  // the default
    switch (f.type) {
      case SettingType::kNumber:
        m.settings.*f.number = r.num(p, f.key, "parameters.");
        break;
      case SettingType::kInteger:
        m.settings.*f.integer = r.integer(p, f.key, "parameters.");
        break;
      case SettingType::kFlag: {
        const json& v = r.at(p, f.key, "parameters.");
        if (!v.is_boolean()) r.fail(std::string("parameters.") + f.key, "expected true or false");
        m.settings.*f.flag = v.get<bool>();
        break;
      }
      case SettingType::kText:
        m.settings.*f.text = r.str(p, f.key, "parameters.");
        break;
      case SettingType::kChoice:
        try {
          set_choice(f, m.settings, r.str(p, f.key, "parameters."));
        } catch (const ConfigError& e) {
          r.fail(std::string("parameters.") + e.key(), e.problem());
        }
        break;
      case SettingType::kKernel:
        break;
    }
  }
  const json& s = r.at(j, "standardization", "");
  if (!parse_standardize_mode(r.str(s, "mode", "standardization."), m.settings.standardize))
    r.fail("standardization.mode", "expected \"both\", \"features\" or \"none\"");
  try {
    validate(m.settings);
  } catch (const ConfigError& e) {
    throw ModelFormatError(source + ": invalid model settings: " + e.what());
  }
  m.standardization.mode = m.settings.standardize;
  m.standardization.feature_mean = r.vec(s, "feature_mean", "standardization.");
  m.standardization.feature_scale = r.vec(s, "feature_scale", "standardization.");
  m.standardization.target_mean = r.finite(s, "target_mean", "standardization.");
  m.standardization.target_scale = r.finite(s, "target_scale", "standardization.");
  r.scale(m.standardization.target_scale, "standardization.target_scale");
  m.feature_names = r.strings(j, "features");
  if (m.feature_names.empty()) r.fail("features", "a model has at least one feature");
  // Duplicates by hashing: linear in the number of features (a pairwise check took minutes at
  // 10^5 features). The first repeat is named, as before.
  std::unordered_set<std::string> seen;
  seen.reserve(m.feature_names.size());
  for (std::size_t i = 0; i < m.feature_names.size(); ++i) {
    if (m.feature_names[i].empty()) r.fail("features[" + std::to_string(i) + "]", "empty feature name");
    if (!seen.insert(m.feature_names[i]).second)
      r.fail("features[" + std::to_string(i) + "]", "duplicate feature name '" + m.feature_names[i] + "'");
  }
  m.target_name = r.str(j, "target");
  if (m.target_name.empty()) r.fail("target", "empty target name");
  m.alpha = r.vec(j, "alpha");
  if (j.contains("beta")) {
    if (!m.kernel.is_linear())
      r.fail("beta", "primal weights belong to a linear-kernel model, not " + m.settings.kernel.name);
    m.beta = r.vec(j, "beta");
    if (m.beta.n_elem != m.feature_names.size() || !m.alpha.empty())
      r.fail("beta", "a primal model has one weight per feature and no alpha");
  }

  const std::size_t p_count = m.feature_names.size();
  if (!per_feature_count_problem(m.kernel, p_count).empty())
    r.fail("kernel.bandwidth", std::to_string(m.kernel.length_scales().size()) +
                                   " values, one per feature, but the model has " + std::to_string(p_count) +
                                   " features (key 'features')");
  if (m.standardization.feature_mean.n_elem != p_count || m.standardization.feature_scale.n_elem != p_count)
    r.fail("standardization", "feature_mean/feature_scale must have one entry per feature");
  for (std::size_t i = 0; i < p_count; ++i)
    r.scale(m.standardization.feature_scale(i), "standardization.feature_scale[" + std::to_string(i) + "]");
  const json& points = r.at(j, "points", "");
  if (!points.is_array() || points.size() != m.alpha.n_elem)
    r.fail("points", "expected one row per alpha (" + std::to_string(m.alpha.n_elem) + ")");
  m.points.set_size(points.size(), p_count);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const json& row = points[i];
    const std::string key = "points[" + std::to_string(i) + "]";
    if (!row.is_array() || row.size() != p_count) r.fail(key, "expected " + std::to_string(p_count) + " numbers");
    for (std::size_t c = 0; c < p_count; ++c) {
      if (!row[c].is_number()) r.fail(key, "expected numbers");
      m.points(i, c) = row[c].get<double>();
    }
  }
  check_expansion_bound(m, r);
  const json& rows = r.at(j, "point_rows", "");
  if (!rows.is_array() || rows.size() != m.alpha.n_elem) r.fail("point_rows", "expected one index per alpha");
  m.point_rows.set_size(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i].is_number_unsigned()) r.fail("point_rows", "expected non-negative integers");
    m.point_rows(i) = rows[i].get<arma::uword>();
  }
  const json& sum = r.at(j, "training_summary", "");
  const long n_train = r.integer(sum, "n_train", "training_summary.");
  if (n_train < 1) r.fail("training_summary.n_train", "must be >= 1");
  m.summary.n_train = static_cast<std::size_t>(n_train);
  // Rows are numbered in the training file, which may also hold the --holdout rows.
  const long n_validation = sum.contains("n_validation") ? r.integer(sum, "n_validation", "training_summary.") : 0;
  if (n_validation < 0) r.fail("training_summary.n_validation", "must be >= 0");
  if (m.point_rows.n_elem > 0 && m.point_rows.max() >= m.summary.n_train + static_cast<std::size_t>(n_validation))
    r.fail("point_rows", "an index is beyond the training rows (n_train + n_validation)");
  m.summary.n_features = p_count;
  m.summary.train_mse = r.num(sum, "train_mse", "training_summary.");
  m.summary.train_rmse = std::sqrt(m.summary.train_mse);
  m.summary.train_r2 = r.num(sum, "train_r2", "training_summary.");
  m.summary.rcond = r.num(sum, "rcond", "training_summary.");
  if (sum.contains("df")) m.summary.df = r.num(sum, "df", "training_summary.");  // absent from older files
  m.summary.iterations = r.integer(sum, "iterations", "training_summary.");
  m.summary.t = r.num(sum, "t", "training_summary.");
  if (sum.contains("relative_residual"))  // written since --solver nystrom (null otherwise)
    m.summary.relative_residual = r.num(sum, "relative_residual", "training_summary.");
  if (sum.contains("centres_rank")) m.summary.centres_rank = r.integer(sum, "centres_rank", "training_summary.");
  if (sum.contains("converged")) {
    const json& v = sum.at("converged");
    if (!v.is_boolean()) r.fail("training_summary.converged", "expected true or false");
    m.summary.converged = v.get<bool>();
  }
  return m;
}

Model load_model(const std::string& path) {
  json j;
  const std::string problem = parse_json_file(path, "model file", j);
  if (!problem.empty()) throw ModelFormatError(input_name(path) + ": " + problem);
  return model_from_json(j, input_name(path));
}

Model model_from_text(const std::string& text, const std::string& source) {
  json j;
  const std::string problem = parse_json_text(text, j);
  if (!problem.empty()) throw ModelFormatError(source + ": " + problem);
  return model_from_json(j, source);
}

}  // namespace kreg
