// Data-driven default grids (rules in default_grids.h).
#include "kreg/select/default_grids.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "kreg/core/grid.h"
#include "kreg/data/row_distances.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/kernels/kernel_type.h"
#include "kreg/kernels/per_feature_bandwidth.h"
#include "kreg/select/kernel_grid.h"
#include "kreg/solvers/descent.h"
#include "kreg/solvers/proximal.h"

namespace kreg {

namespace {

bool has_bandwidth(const KernelSettings& kernel) {
  const auto keys = kernel_option_keys(kernel.name);
  return std::find(keys.begin(), keys.end(), "bandwidth") != keys.end();
}

}  // namespace

std::vector<double> default_bandwidth_grid(double median_distance) {
  const double d = std::isfinite(median_distance) && median_distance > 0.0 ? median_distance : 1.0;
  const double c = std::log10(d);
  return logspace(c - 1.0, c + 1.0, 2 * kBandwidthsPerDecade + 1);
}

std::vector<double> extend_log_axis(double end, bool downward, int per_decade, int count) {
  std::vector<double> out;
  const double e = std::log10(end);
  for (int i = 1; i <= count; ++i) out.push_back(std::pow(10.0, e + (downward ? -i : i) / static_cast<double>(per_decade)));
  std::sort(out.begin(), out.end());
  return out;
}

DefaultGrids default_grids(const Dataset& data, const FitSettings& settings, bool want_bandwidth,
                           bool want_regulariser, const std::vector<double>& given_bandwidths) {
  DefaultGrids out;
  const MethodInfo& method = settings.method_info();
  const bool bandwidth_axis = has_bandwidth(settings.kernel);
  const bool regulariser_axis = method.has_regulariser_grid();
  if (!(want_bandwidth && bandwidth_axis) && !(want_regulariser && regulariser_axis)) return out;

  const Standardization st = fit_standardization(data, settings.standardize);
  const arma::mat sample = spread_sample(st.transform_features(data.X), 1000);
  if (want_bandwidth && bandwidth_axis) {
    out.median_distance = median_pairwise_distance(sample, sample.n_rows);
    out.bandwidth = default_bandwidth_grid(out.median_distance);
  }
  if (!(want_regulariser && regulariser_axis)) return out;

  const double unit = settings.lambda_unit(data.n());
  if (method.is_penalized()) {
    // lambda_max on the standardised target of all rows (the folds' differ a little; the
    // grid's top only has to reach where alpha = 0).
    const double top = std::log10(lambda_max(method.penalty, st.transform_target(data.y)) / unit);
    out.regulariser = logspace(top - 3.0, top, 20);
    return out;
  }
  // mu_max of the Gram matrix at the largest bandwidth tried (the largest mu_max for the radial
  // kernels), on the sample, scaled from its m rows to n.
  std::map<std::string, std::vector<double>> widest;  // the grid point of the largest bandwidth
  if (bandwidth_axis && settings.kernel.per_feature_values("bandwidth") == nullptr) {
    const std::vector<double>& b = !out.bandwidth.empty() ? out.bandwidth : given_bandwidths;
    if (!b.empty()) widest["bandwidth"] = {*std::max_element(b.begin(), b.end())};
  }
  std::vector<Kernel> kernel;
  kernel_grid_points(settings.kernel, widest, &kernel);
  require_bandwidth_per_feature(kernel.front(), data);
  const double mu_sample = largest_eigenvalue(gram(kernel.front(), sample), 200);
  const double scale = static_cast<double>(data.n()) / static_cast<double>(std::max<arma::uword>(1, sample.n_rows));
  out.mu_top = std::isfinite(mu_sample) && mu_sample > 0.0 ? mu_sample * scale : 1.0;
  const double top = std::log10(out.mu_top);
  out.regulariser = logspace(top - kLambdaDecades, top, static_cast<int>(kLambdaDecades) * kGridPointsPerDecade + 1);
  switch (method.regulariser) {
    case Regulariser::kTime:
      for (double& v : out.regulariser) v = 1.0 / v;
      std::sort(out.regulariser.begin(), out.regulariser.end());
      return out;
    case Regulariser::kLambda:
      for (double& v : out.regulariser) v /= unit;
      return out;
    case Regulariser::kEarlyStopping:
      break;  // returned above: no regulariser axis
  }
  enumerator_out_of_range("Regulariser", "default_grids");
}

}  // namespace kreg
