// Parse, dispatch, and map every failure to one error line and an exit status.
#include "cli.h"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "command.h"
#include "kreg/core/errors.h"
#include "kreg/core/memory.h"
#include "kreg/core/suggest.h"
#include "kreg_app.h"
#include "progress.h"

namespace kreg::cli {

namespace {

// An allocation failed after the memory checks let the run through (kreg/core/memory.h): the
// machine's limits shrank meanwhile, or --max-memory claimed more than they allow.
std::string out_of_memory_message() {
  const bool overridden = available_memory().source == "--max-memory";
  set_memory_limit(0.0);
  const MemoryLimit machine = available_memory();
  const std::string left = std::isfinite(machine.bytes) ? memory_text(machine.bytes) + " left (" + machine.source + ")" : "";
  if (overridden)
    return "out of memory: an allocation failed although --max-memory allowed it" +
           (left.empty() ? std::string() : ", with " + left) + "; give a --max-memory the machine can honour";
  return "out of memory: an allocation failed" + (left.empty() ? std::string() : ", with " + left) +
         "; use fewer rows or fewer --threads, or free memory";
}

// Keeps error output to a single line whatever a message contains.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

// A misspelt subcommand or option, found before CLI11 parses (whose own messages, "A
// subcommand is required" or "arguments were not expected", do not say what went wrong), with
// the nearest valid name. Throws ConfigError.
void check_names(CLI::App& app, const std::vector<std::string>& args) {
  std::size_t i = 0;
  while (i < args.size() && args[i].rfind('-', 0) == 0) ++i;  // --help, --version
  if (i == args.size()) return;
  std::vector<std::string> commands;
  CLI::App* command = nullptr;
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    commands.push_back(sub->get_name());
    if (sub->get_name() == args[i]) command = sub;
  }
  if (command == nullptr) {
    std::string list;
    for (const auto& c : commands) list += (list.empty() ? "" : ", ") + c;
    throw ConfigError("unknown command '" + args[i] + "'" + did_you_mean(args[i], commands) + "; commands: " + list +
                      " (see 'kreg --help')");
  }
  std::vector<std::string> flags = {"--help"};
  for (const CLI::Option* opt : command->get_options())
    for (const auto& name : opt->get_lnames()) flags.push_back("--" + name);
  for (std::size_t j = i + 1; j < args.size() && args[j] != "--"; ++j) {
    if (args[j].rfind("--", 0) != 0 || args[j].size() == 2) continue;
    const std::string flag = args[j].substr(0, args[j].find('='));
    if (std::find(flags.begin(), flags.end(), flag) != flags.end()) continue;
    throw ConfigError("unknown option " + flag + " for 'kreg " + args[i] + "'" + did_you_mean(flag, flags, "") +
                      " (see 'kreg " + args[i] + " --help')");
  }
}
}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool err_is_terminal) {
  const std::unique_ptr<KregApp> kreg_app = make_kreg_app();
  CLI::App& app = kreg_app->app;
  const std::string& version = kreg_app->version;
  const std::vector<std::unique_ptr<Command>>& commands = kreg_app->commands;

  std::vector<std::string> argv_store = {"kreg"};
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<const char*> argv;
  for (const auto& a : argv_store) argv.push_back(a.c_str());

  Streams io{out, err, err_is_terminal};
  const OptionSet* active = nullptr;  // the running subcommand's options: they locate error keys
  try {
    try {
      check_names(app, args);
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
      active = &cmd->options;
      cmd->options.apply_config();
      if (cmd->options.print_config_requested()) {
        out << cmd->options.merged().dump(2) << "\n";
        return 0;
      }
      set_thread_count(cmd->options.threads(), err);
      set_memory_limit(cmd->options.max_memory().empty() ? 0.0 : parse_memory_size(cmd->options.max_memory()));
      if (!(cmd->options.progress_every() >= 0.0))
        throw ConfigError("progress_every", "must be a number of seconds >= 0");
      using Mode = ProgressPrinter::Mode;
      const Mode mode = cmd->options.quiet()      ? Mode::kOff
                        : cmd->options.progress() ? Mode::kLines
                        : err_is_terminal         ? Mode::kTerminal
                                                  : Mode::kOff;
      ProgressPrinter printer(err, mode, "kreg " + cmd->app->get_name(), cmd->options.progress_every());
      const ProgressScope listening(&printer);
      cmd->run(io);
      return 0;
    }
    err << "kreg: error: no subcommand given (see 'kreg --help')\n";
    return 2;
  } catch (const DataError& e) {
    err << "kreg: error: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const ConfigError& e) {
    err << "kreg: error: " << one_line(active != nullptr ? active->located(e) : std::string(e.what())) << "\n";
    return 2;
  } catch (const ModelFormatError& e) {
    err << "kreg: error: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const ResourceError& e) {
    err << "kreg: error: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    err << "kreg: error: " << out_of_memory_message() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "kreg: error: " << one_line(e.what()) << "\n";
    return 1;
  }
}

}  // namespace kreg::cli
