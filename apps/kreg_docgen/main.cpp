// kreg_docgen: writes kreg's man page or bash completion from the same CLI11 App that `kreg`
// parses with (a build step; not installed).
//   kreg_docgen man OUT README   the man page kreg.1, with README's usage block as EXAMPLES
//   kreg_docgen bash OUT         the bash completion script
#include <exception>
#include <fstream>
#include <iostream>

#include "command_line_doc.h"
#include "completion_script.h"
#include "man_page.h"
#include "readme_examples.h"

namespace {

int usage() {
  std::cerr << "kreg_docgen: error: usage: kreg_docgen man OUT README | kreg_docgen bash OUT\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage();
  const bool man = args[0] == "man" && args.size() == 3;
  if (!man && !(args[0] == "bash" && args.size() == 2)) return usage();
  try {
    const std::unique_ptr<kreg::cli::KregApp> app = kreg::cli::make_kreg_app();
    const kreg::docgen::CommandLineDoc doc = kreg::docgen::describe(*app);
    const std::string text = man ? kreg::docgen::man_page(doc, KREG_VERSION, kreg::docgen::readme_usage_lines(args[2]))
                                 : kreg::docgen::bash_completion(doc);
    std::ofstream out(args[1], std::ios::binary);
    out << text;
    out.close();
    if (!out) throw std::runtime_error("cannot write " + args[1]);
  } catch (const std::exception& e) {
    std::cerr << "kreg_docgen: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
