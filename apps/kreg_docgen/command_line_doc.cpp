// Walks the CLI11 App tree of kreg_app.h into CommandLineDoc.
#include "command_line_doc.h"

#include <algorithm>

namespace kreg::docgen {

namespace {

OptionDoc option_doc(const CLI::Option& opt, const cli::OptionSet* set) {
  OptionDoc d;
  for (const auto& s : opt.get_snames()) d.names.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) d.names.push_back("--" + l);
  if (opt.get_type_size() != 0) {
    d.metavar = opt.get_option_text().empty() ? opt.get_type_name() : opt.get_option_text();
    if (opt.get_option_text().empty() && opt.get_expected_max() > 1) d.metavar += " ...";
  }
  d.default_value = opt.get_default_str();
  const std::string& shown = d.default_value;  // a list's default shows as "[a,b]"
  if (shown.size() >= 2 && shown.front() == '[' && shown.back() == ']')
    d.default_value = shown.substr(1, shown.size() - 2);
  d.description = opt.get_description();
  if (set != nullptr) d.values = set->values_of(&opt);
  return d;
}

std::vector<OptionDoc> options_of(const CLI::App& app, const cli::OptionSet* set) {
  std::vector<OptionDoc> out;
  for (const CLI::Option* opt : app.get_options()) out.push_back(option_doc(*opt, set));
  return out;
}

bool same(const OptionDoc& a, const OptionDoc& b) {
  return a.names == b.names && a.metavar == b.metavar && a.default_value == b.default_value &&
         a.description == b.description && a.values == b.values;
}

}  // namespace

CommandLineDoc describe(const cli::KregApp& k) {
  CommandLineDoc doc;
  doc.description = k.app.get_description();
  doc.options = options_of(k.app, nullptr);
  for (const auto& cmd : k.commands)
    doc.commands.push_back({cmd->app->get_name(), cmd->app->get_description(), options_of(*cmd->app, &cmd->options)});
  return doc;
}

std::vector<OptionDoc> common_options(const CommandLineDoc& doc) {
  std::vector<OptionDoc> common;
  if (doc.commands.empty()) return common;
  for (const OptionDoc& candidate : doc.commands.front().options) {
    const bool everywhere = std::all_of(doc.commands.begin(), doc.commands.end(), [&](const CommandDoc& c) {
      return std::any_of(c.options.begin(), c.options.end(), [&](const OptionDoc& o) { return same(o, candidate); });
    });
    if (everywhere) common.push_back(candidate);
  }
  return common;
}

bool is_common(const OptionDoc& option, const std::vector<OptionDoc>& common) {
  return std::any_of(common.begin(), common.end(), [&](const OptionDoc& c) { return c.names == option.names; });
}

}  // namespace kreg::docgen
