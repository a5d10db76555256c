// kreg(1) from CommandLineDoc: each option as --help shows it, with its default and values.
#include "man_page.h"

#include <sstream>

#include "man_sections.h"
#include "roff.h"

namespace kreg::docgen {

namespace {

// ".TP" item: names in bold, metavar in italics, then the help, default and values.
void write_option(std::ostream& out, const OptionDoc& o) {
  out << ".TP\n";
  for (std::size_t i = 0; i < o.names.size(); ++i) out << (i == 0 ? "" : ", ") << roff_bold(o.names[i]);
  if (o.takes_value()) out << " " << roff_italic(o.metavar);
  out << "\n" << roff_text(o.description) << "\n";
  if (!o.default_value.empty()) out << ".br\nDefault: " << roff_bold(o.default_value) << "\n";
  if (!o.values.empty()) {
    out << ".br\nValues:";
    for (std::size_t i = 0; i < o.values.size(); ++i) out << (i == 0 ? " " : ", ") << roff_bold(o.values[i]);
    out << "\n";
  }
}

void write_synopsis(std::ostream& out, const CommandLineDoc& doc) {
  out << ".SH SYNOPSIS\n";
  for (const CommandDoc& c : doc.commands) out << ".B kreg " << c.name << "\n.RI [ options ]\n.br\n";
  out << ".B kreg\n.I command\n.B \\-\\-help\n.br\n.B kreg\n.RB [ \\-\\-help | \\-\\-version ]\n";
}

void write_examples(std::ostream& out, const std::vector<std::string>& examples) {
  out << ".SH EXAMPLES\n.RS 4\n.nf\n";
  for (const auto& line : examples) out << roff_text(line) << "\n";
  out << ".fi\n.RE\n" << man_bundled_examples();
}

}  // namespace

std::string man_page(const CommandLineDoc& doc, const std::string& version, const std::vector<std::string>& examples) {
  const std::vector<OptionDoc> common = common_options(doc);
  const std::size_t colon = doc.description.find(": ");  // "kreg: fit, select and ..."
  const std::string what = colon == std::string::npos ? doc.description : doc.description.substr(colon + 2);
  std::ostringstream out;
  out << ".\\\" kreg(1), written by kreg_docgen from kreg's command-line definition: do not edit.\n"
      << ".TH KREG 1 \"\" \"kreg " << version << "\" \"User Commands\"\n"
      << ".ad l\n.nh\n"
      << ".SH NAME\nkreg \\- " << roff_text(what) << "\n";
  write_synopsis(out, doc);
  out << ".SH DESCRIPTION\n" << man_description();
  out << ".SH OPTIONS\n";
  for (const OptionDoc& o : doc.options) write_option(out, o);
  out << ".SS \"Options of every command\"\n";
  for (const OptionDoc& o : common) write_option(out, o);
  out << ".SH COMMANDS\n";
  for (const CommandDoc& c : doc.commands) {
    out << ".SS \"kreg " << c.name << "\"\n" << roff_text(c.description) << ".\n";
    out << ".PP\nIts options besides those of every command:\n";
    for (const OptionDoc& o : c.options)
      if (!is_common(o, common)) write_option(out, o);
  }
  out << ".SH \"DATA FILES\"\n" << man_data_files();
  out << ".SH \"EXIT STATUS\"\n" << man_exit_status();
  out << ".SH ENVIRONMENT\n" << man_environment();
  out << ".SH FILES\n" << man_files();
  write_examples(out, examples);
  out << ".SH \"SEE ALSO\"\n" << man_see_also();
  return out.str();
}

}  // namespace kreg::docgen
