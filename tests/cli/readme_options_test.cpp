// The README describes every option that `kreg SUB --help` lists (the man page and the shell
// completion are generated from the help; the README is written by hand, so it is checked here).
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

TEST(ReadmeOptions, EveryOptionOfTheHelpIsInTheReadme) {
  const std::string readme = read_text(source_path("README.md"));
  ASSERT_FALSE(readme.empty());
  const std::regex option(R"(--[a-z0-9]+(-[a-z0-9]+)*)");
  for (const std::string sub : {"fit", "predict", "path", "loo", "cv"}) {
    SCOPED_TRACE(sub);
    const CliResult help = run_cli({sub, "--help"});
    ASSERT_EQ(help.status, 0) << help.err;
    std::set<std::string> options;
    for (std::sregex_iterator it(help.out.begin(), help.out.end(), option), end; it != end; ++it)
      options.insert(it->str());
    EXPECT_GT(options.size(), 10u) << help.out;
    for (const std::string& o : options) {
      // The option itself, not a longer one that starts with it (--t in --t-max).
      const std::regex whole(o + "([^a-z0-9-]|$)");
      EXPECT_TRUE(std::regex_search(readme, whole)) << "README.md does not mention " << o << " (kreg " << sub << ")";
    }
  }
}

}  // namespace
}  // namespace kreg::test
