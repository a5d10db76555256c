// `kreg loo`: leave-one-out MSE, its standard error, GCV and df of krr for every (kernel point,
// lambda) of a grid, one eigendecomposition per kernel point (the representer-theorem notes,
// Proposition 3); the choice by LOO MSE or GCV, its refit and its config; a brute-force check.
#include <algorithm>
#include <cmath>
#include <map>
#include <ostream>

#include "command.h"
#include "cv_grid_report.h"
#include "data_options.h"
#include "fit_settings_options.h"
#include "kernel_grid_options.h"
#include "kreg/core/grid.h"
#include "kreg/core/number_text.h"
#include "kreg/model/model_json.h"
#include "kreg/routes/train.h"
#include "kreg/select/default_grids.h"
#include "kreg/select/kernel_grid.h"
#include "kreg/select/loo_checks.h"
#include "kreg/routes/memory_estimate.h"
#include "loo_report.h"
#include "output_files.h"
#include "plot_output.h"
#include "regulariser_grid_options.h"

namespace kreg::cli {

namespace {

class LooCommand : public Command {
 public:
  explicit LooCommand(CLI::App& sub) : Command(sub) {
    data_.register_on(options);
    fit_.register_on(options, FitSettingsOptions::Scope::kKernelRidge);
    kernel_grids_.register_on(options);
    grids_.register_on(options,
                       "lambda values: logspace:a:b:n or a,b,c (default: from the data, four per decade, ten decades "
                       "below the kernel matrix's largest eigenvalue)",
                       "");
    options.add_choice("--criterion", choice_.criterion, {"loo", "gcv"},
                       "loo | gcv: choose the grid point of smallest LOO MSE (min or 1se rule) or of smallest GCV "
                       "(min only: GCV has no standard error)");
    options.add_choice("--refit-rule", choice_.rule, {"min", "1se"},
                       "min | 1se: which point of the LOO MSE --model refits and --best gives (1se: the largest "
                       "lambda, then the simplest kernel, within one standard error of the minimum)");
    options.add("--output", output_path_, "LOO table CSV, one row per (kernel point, lambda) (- = standard output)")
        ->option_text("FILE");
    options
        .add("--best", best_path_,
             "the chosen point as a config of kreg fit (kernel, its parameters, lambda), the scores of the best "
             "points under \"selection\"")
        ->option_text("FILE");
    options.add("--model", model_path_, "refit krr at the chosen point on all rows and write the model")
        ->option_text("FILE");
    options.add("--plot", plot_path_, plot_option_help("LOO table"))->option_text("FILE");
    options.add_flag("--brute-force", brute_force_, "check the shortcut by n refits per grid point (slow: O(G n^4))");
  }

  void run(Streams& io) override {
    LooGrid grid;
    Kernel kernel;
    grid.base = fit_.to_settings(&kernel);
    if (!grid.base.method_info().loo_shortcut)
      throw ConfigError(options.where("method") + ": kreg loo is for " +
                        method_names_where([](const MethodInfo& m) { return m.loo_shortcut; }) + ", got '" +
                        grid.base.method + "'");
    choice_.check();
    grid.kernel_grids = kernel_grids_.parsed();
    if (!grids_.lambda_grid.empty()) grid.lambdas = parse_grid(grids_.lambda_grid, "lambda_grid");
    grid.keep_residuals = brute_force_;
    OutputFiles files(options, {{"output", output_path_}, {"best", best_path_}, {"model", model_path_}, {"plot", plot_path_}},
                      {{"data", data_.data}, {"config", options.config_path()}});
    const Dataset data = data_.load(options, io).data;
    require_memory_for(loo_memory(grid.base, kernel, data.n(), data.p()), "kreg loo", data.n());
    const CvGridProvenance provenance = take_default_grids(grid, data);
    const LooResult r = loo_krr(data, grid);
    const double worst = brute_force_ ? brute_force_difference(data, grid, r) : 0.0;
    for (const LooFinding& f : loo_findings(r, provenance.regulariser_from_data)) warn(io, loo_warning(f, r, grid));

    // Everything is computed before anything is written: the outputs appear all or none.
    const LooPoint& chosen = r.points[choice_.index(r)];
    for (const GridFinding& f : loo_grid_findings(grid, chosen, provenance)) warn(io, grid_warning(f, "loo"));
    if (!model_path_.empty()) {
      FitSettings s = grid.base;
      s.kernel = chosen.kernel;
      s.lambda = chosen.lambda;
      const Model model = train(data, s);
      for (const auto& w : model.warnings) warn(io, w);
      files.add("model", model_to_json(model).dump(1) + "\n");
    }
    if (!output_path_.empty()) files.add("output", loo_table(r, grid));
    if (!plot_path_.empty())
      files.add("plot", plot_of_own_table(loo_table(r, grid), PlotKind::kLoo, data_.data, grid.base.method,
                                          grid.base.kernel.name));
    if (!best_path_.empty())
      files.add("best", loo_best_json(r, grid, choice_, data.n(), data_.given_config(options)).dump(1) + "\n");
    files.commit(io);
    if (options.quiet()) return;
    std::ostream& report = files.summary(io);
    CvSettings view;  // the grid lines are cv's
    view.base = grid.base;
    view.kernel_grids = grid.kernel_grids;
    view.regulariser_grid = grid.lambdas;
    report << cv_grid_summary(view, CvColumns(view), provenance) << loo_summary(r, grid, choice_, data.n());
    if (brute_force_) report << "brute_force_max_rel_diff: " << readable_number(worst) << "\n";
    if (!model_path_.empty())
      report << "model (" << (choice_.criterion == "gcv" ? "min GCV" : choice_.rule + " rule") << ") written to "
             << OutputFiles::name(model_path_) << "\n";
    if (!best_path_.empty()) report << "best point written to " << OutputFiles::name(best_path_) << "\n";
    if (!output_path_.empty())
      report << "LOO table for " << r.points.size() << " grid points written to " << OutputFiles::name(output_path_)
             << "\n";
    if (!plot_path_.empty()) report << "picture written to " << OutputFiles::name(plot_path_) << "\n";
  }

 private:
  // The axes the user left free take their grids from the data (kreg/select/default_grids.h):
  // bandwidth without --bandwidth and --bandwidth-grid, when the kernel has one; lambda without
  // --lambda-grid, by the rule at the largest bandwidth and, when other kernel parameters vary,
  // at each of their values, the largest mu_top winning (a larger degree has a larger mu_max),
  // so that the smallest lambda leaves every kernel point's K + lambda I conditioned to ~1e-10.
  CvGridProvenance take_default_grids(LooGrid& grid, const Dataset& data) const {
    CvGridProvenance provenance;
    const bool bandwidth_free = !options.given("bandwidth") && !options.given("bandwidth_grid");
    const bool lambda_free = grid.lambdas.empty();
    // (the data's bandwidths also when the user holds the bandwidth: the warning suggests them)
    provenance.rules = default_grids(data, grid.base, true, false);
    if (bandwidth_free) {
      provenance.bandwidth_from_data = !provenance.rules.bandwidth.empty();
      if (provenance.bandwidth_from_data) grid.kernel_grids["bandwidth"] = provenance.rules.bandwidth;
    }
    if (!lambda_free) return provenance;
    std::map<std::string, std::vector<double>> others = grid.kernel_grids;
    others.erase("bandwidth");
    const auto bandwidths = grid.kernel_grids.find("bandwidth");
    DefaultGrids widest;
    for (const KernelSettings& kernel : kernel_grid_points(grid.base.kernel, others)) {
      FitSettings s = grid.base;
      s.kernel = kernel;
      const DefaultGrids g = default_grids(
          data, s, false, true, bandwidths != grid.kernel_grids.end() ? bandwidths->second : std::vector<double>{});
      if (widest.regulariser.empty() || g.mu_top > widest.mu_top) widest = g;
    }
    provenance.rules.mu_top = widest.mu_top;
    provenance.rules.regulariser = grid.lambdas = widest.regulariser;
    provenance.regulariser_from_data = true;
    return provenance;
  }

  // The largest relative difference between the shortcut's LOO residuals and those of n refits,
  // over every grid point.
  static double brute_force_difference(const Dataset& data, const LooGrid& grid, const LooResult& r) {
    double worst = 0.0;
    std::size_t i = 0;
    for (const KernelSettings& kernel : kernel_grid_points(grid.base.kernel, grid.kernel_grids)) {
      FitSettings s = grid.base;
      s.kernel = kernel;
      for (const arma::vec& brute : loo_krr_brute_force(data, s, grid.lambdas)) {
        const LooPoint& p = r.points[i++];
        if (!std::isfinite(p.loo_mse)) continue;  // interpolates: no shortcut to check
        const double scale = std::max(arma::abs(brute).max(), 1e-300);
        worst = std::max(worst, arma::abs(p.residuals - brute).max() / scale);
      }
    }
    return worst;
  }

  DataOptions data_;
  FitSettingsOptions fit_;
  KernelGridOptions kernel_grids_;
  RegulariserGridOptions grids_;
  LooChoice choice_;
  std::string output_path_, best_path_, model_path_, plot_path_;
  bool brute_force_ = false;
};

}  // namespace

std::unique_ptr<Command> make_loo_command(CLI::App& parent) {
  return std::make_unique<LooCommand>(*parent.add_subcommand(
      "loo",
      "leave-one-out MSE, GCV and df of krr over kernel and lambda grids, one eigendecomposition per kernel point"));
}

}  // namespace kreg::cli
