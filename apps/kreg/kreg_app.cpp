// Builds the kreg App: the one definition of the command line.
#include "kreg_app.h"

#include "kreg/core/cpu_dispatch.h"
#include "kreg/select/compute_resources.h"

namespace kreg::cli {

std::unique_ptr<KregApp> make_kreg_app() {
  auto k = std::make_unique<KregApp>();
  k->version =
      std::string("kreg ") + KREG_VERSION + " (OpenBLAS " + blas_kernel_set() + " kernels, " + kreg_loops() + " loops)";
  k->app.set_version_flag("--version", k->version);
  k->app.require_subcommand(1);
  k->commands.push_back(make_fit_command(k->app));
  k->commands.push_back(make_predict_command(k->app));
  k->commands.push_back(make_path_command(k->app));
  k->commands.push_back(make_loo_command(k->app));
  k->commands.push_back(make_cv_command(k->app));
  k->commands.push_back(make_plot_command(k->app));
  return k;
}

}  // namespace kreg::cli
