// Parse, dispatch, and map every failure to one error line and an exit status.
#include "cli.h"

#include <ostream>

#include "command.h"
#include "kreg/core/errors.h"
#include "kreg/linalg/blas_core.h"

namespace kreg::cli {

namespace {
// Keeps error output to a single line whatever a message contains.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}
}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool err_is_terminal) {
  CLI::App app{"kreg: fit, select and evaluate kernel regressors", "kreg"};
  const std::string version = std::string("kreg ") + KREG_VERSION + " (OpenBLAS " + openblas_core() + " kernels)";
  app.set_version_flag("--version", version);
  app.require_subcommand(1);
  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(make_fit_command(app));
  commands.push_back(make_predict_command(app));
  commands.push_back(make_path_command(app));
  commands.push_back(make_loo_command(app));
  commands.push_back(make_cv_command(app));

  std::vector<std::string> argv_store = {"kreg"};
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<const char*> argv;
  for (const auto& a : argv_store) argv.push_back(a.c_str());

  Streams io{out, err, err_is_terminal};
  try {
    try {
      app.parse(static_cast<int>(argv.size()), argv.data());
    } catch (const CLI::CallForHelp&) {
      CLI::App* target = &app;
      for (auto* sub : app.get_subcommands()) target = sub;
      out << target->help();
      return 0;
    } catch (const CLI::CallForVersion&) {
      out << version << "\n";
      return 0;
    } catch (const CLI::ParseError& e) {
      std::string sub;
      for (auto* s : app.get_subcommands()) sub = " " + s->get_name();
      err << "kreg: error: " << one_line(e.what()) << " (see 'kreg" << sub << " --help')\n";
      return 2;
    }
    for (auto& cmd : commands) {
      if (!cmd->app->parsed()) continue;
      cmd->options.apply_config();
      if (cmd->options.print_config_requested()) {
        out << cmd->options.merged().dump(2) << "\n";
        return 0;
      }
      set_thread_count(cmd->options.threads());
      cmd->run(io);
      return 0;
    }
    err << "kreg: error: no subcommand given (see 'kreg --help')\n";
    return 2;
  } catch (const DataError& e) {
    err << "kreg: error: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const ConfigError& e) {
    err << "kreg: error: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const ModelFormatError& e) {
    err << "kreg: error: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    err << "kreg: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    err << "kreg: error: " << one_line(e.what()) << "\n";
    return 1;
  }
}

}  // namespace kreg::cli
