// `kreg loo`: leave-one-out MSE, its standard error, GCV and df of krr for every lambda of a grid
// from one eigendecomposition (the representer-theorem notes, Proposition 3); optional brute-force
// check.
#include <ostream>

#include "command.h"
#include "data_options.h"
#include "fit_settings_options.h"
#include "kreg/core/grid.h"
#include "kreg/core/number_text.h"
#include "kreg/io/table_writer.h"
#include "kreg/select/loo.h"
#include "kreg/select/memory_estimate.h"
#include "kreg/solvers/default_grids.h"
#include "output_files.h"
#include "regulariser_grid_options.h"

namespace kreg::cli {

namespace {

class LooCommand : public Command {
 public:
  explicit LooCommand(CLI::App& sub) : Command(sub) {
    data_.register_on(options);
    fit_.register_on(options, FitSettingsOptions::Scope::kKernelRidge);
    grids_.lambda_grid = kLooDefaultGrid;
    grids_.register_on(options, "lambda values: logspace:a:b:n or a,b,c (default: " + grids_.lambda_grid + ")", "");
    options.add("--output", output_path_, "LOO table CSV (required; - = standard output)")->option_text("FILE");
    options.add("--best", best_path_, "also write lambda_min and lambda_1se as JSON")->option_text("FILE");
    options.add_flag("--brute-force", brute_force_, "check the shortcut by n refits per lambda (slow: O(G n^4))");
  }

  void run(Streams& io) override {
    const FitSettings settings = fit_.to_settings();
    if (settings.is_nystrom())
      throw ConfigError("solver", "kreg loo solves exactly; --solver nystrom is for fit and cv");
    require(options, "output", output_path_);
    OutputFiles files(options, {{"output", output_path_}, {"best", best_path_}},
                      {{"data", data_.data}, {"config", options.config_path()}});
    if (!settings.method_info().loo_shortcut)
      throw ConfigError(options.where("method") + ": kreg loo is for " +
                        method_names_where([](const MethodInfo& m) { return m.loo_shortcut; }) + ", got '" +
                        settings.method + "'");
    const std::vector<double> grid = parse_grid(grids_.lambda_grid, "lambda_grid");
    const Dataset data = data_.load(options, io).data;
    require_memory_for(loo_memory(settings, data.n(), data.p()), "kreg loo", data.n());
    const LooResult r = loo_krr(data, settings, grid);

    TableWriter table({"lambda", "df", "loo_mse", "loo_se", "gcv"});
    for (const auto& p : r.points)
      table.add_row({format_double(p.lambda), format_double(p.df), format_double(p.loo_mse), format_double(p.loo_se),
                     format_double(p.gcv)});
    double worst = 0.0;
    if (brute_force_) {
      const auto brute = loo_krr_brute_force(data, settings, grid);
      for (std::size_t g = 0; g < grid.size(); ++g) {
        const double scale = std::max(arma::abs(brute[g]).max(), 1e-300);
        worst = std::max(worst, arma::abs(r.points[g].residuals - brute[g]).max() / scale);
      }
    }
    std::vector<std::pair<double, double>> conditioning;
    for (const auto& p : r.points) conditioning.emplace_back(p.lambda, p.rcond);
    warn_ill_conditioned(io, conditioning, "lambda", "LOO errors, GCV and df");
    const auto& bmin = r.points[r.best_min];
    const auto& b1se = r.points[r.best_1se];
    const nlohmann::ordered_json best = {{"lambda_min", bmin.lambda},
                                         {"loo_mse_min", bmin.loo_mse},
                                         {"lambda_1se", b1se.lambda},
                                         {"loo_mse_1se", b1se.loo_mse},
                                         {"lambda_scaling", to_string(settings.lambda_scaling)},
                                         {"n", data.n()}};
    files.add("output", table.text());
    if (!best_path_.empty()) files.add("best", best.dump(1) + "\n");
    files.commit(io);
    if (!options.quiet()) {
      std::ostream& report = files.summary(io);
      report << "lambda_min: " << readable_number(bmin.lambda) << " (loo_mse " << readable_number(bmin.loo_mse) << ")\n"
             << "lambda_1se: " << readable_number(b1se.lambda) << " (loo_mse " << readable_number(b1se.loo_mse)
             << ")\n";
      if (brute_force_) report << "brute_force_max_rel_diff: " << readable_number(worst) << "\n";
      report << "LOO table for " << grid.size() << " lambdas written to " << OutputFiles::name(output_path_) << "\n";
    }
  }

 private:
  DataOptions data_;
  FitSettingsOptions fit_;
  RegulariserGridOptions grids_;
  std::string output_path_, best_path_;
  bool brute_force_ = false;
};

}  // namespace

std::unique_ptr<Command> make_loo_command(CLI::App& parent) {
  return std::make_unique<LooCommand>(*parent.add_subcommand(
      "loo", "leave-one-out MSE, GCV and df of krr for a lambda grid from one eigendecomposition"));
}

}  // namespace kreg::cli
