// libFuzzer harness: a JSON config as `kreg cv --config` reads it: parsed with kreg's limits,
// every key matched to an option and type- and range-checked, the fit settings validated and
// the grids parsed. Every input must be accepted or refused with a kreg::Error.
// The command line (CLI11) is built once; each input starts from the options' defaults.
#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <string>

#include "data_options.h"
#include "fit_settings_options.h"
#include "kreg/core/errors.h"
#include "kreg/core/grid.h"
#include "option_set.h"

namespace {

struct CvOptions {
  kreg::cli::DataOptions data;
  kreg::cli::FitSettingsOptions fit;
  std::string bandwidth_grid, lambda_grid, t_grid;
};

struct Harness {
  CLI::App app{"kreg"};
  CLI::App* cv = app.add_subcommand("cv");
  kreg::cli::OptionSet options{*cv};
  CvOptions values;
  Harness() {
    values.data.register_on(options);
    values.fit.register_on(options);
    options.add_grid("--bandwidth-grid", values.bandwidth_grid, "");
    options.add_grid("--lambda-grid", values.lambda_grid, "");
    options.add_grid("--t-grid", values.t_grid, "");
    const char* argv[] = {"kreg", "cv"};
    app.parse(2, argv);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Harness h;
  // The defaults again, in place: the options hold references to these fields (and to the
  // nodes of FitSettingsOptions' maps, which a reassignment would free).
  h.values.data = kreg::cli::DataOptions{};
  h.values.fit.reset();
  h.values.bandwidth_grid.clear();
  h.values.lambda_grid.clear();
  h.values.t_grid.clear();
  h.options.forget_config();
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    h.options.apply_config_text(text, "fuzz.json");
    (void)h.values.fit.to_settings();
    (void)h.values.data.read.format(h.options);
    (void)h.values.data.read.policy(h.options);
    for (const std::string* grid : {&h.values.bandwidth_grid, &h.values.lambda_grid, &h.values.t_grid})
      if (!grid->empty()) (void)kreg::parse_grid(*grid, "grid");
    (void)h.options.merged().dump();
  } catch (const kreg::Error&) {
    // refused with a message
  }
  return 0;
}
