// Numbers on the command line: integers in decimal digits only ("010" is ten, never octal),
// numbers in decimal or scientific notation (no hexadecimal, inf or nan), and a value that does
// not fit its option refused with the limit, never clamped to it. Checked for every number
// option of every subcommand, as the help lists them (INT and FLOAT).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "kreg_app.h"
#include "option_set.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

const std::string kSine = source_path("data/sine_train.csv");

// The merged value of `key` that --print-config shows after `args`.
nlohmann::json printed(const std::vector<std::string>& args, const std::string& key) {
  std::vector<std::string> all = args;
  all.push_back("--print-config");
  const CliResult r = run_cli(all);
  EXPECT_EQ(r.status, 0) << r.err;
  if (r.status != 0) return nullptr;
  return nlohmann::json::parse(r.out).at(key);
}

// Exit 2 with one line "kreg: error: <flag>: ..." that contains `words`.
void expect_refused(const std::vector<std::string>& args, const std::string& flag, const std::string& words) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("kreg: error: " + flag + ": ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
}

TEST(NumberOptions, LeadingZerosAreDecimal) {
  EXPECT_EQ(printed({"cv", "--folds", "010"}, "folds"), 10);
  EXPECT_EQ(printed({"cv", "--folds", "+010"}, "folds"), 10);
  EXPECT_EQ(printed({"fit", "--seed", "0017"}, "seed"), 17);
  EXPECT_EQ(printed({"fit", "--lambda", "010"}, "lambda"), 10.0);
  // And a run with --folds 010 has ten folds: the 40 rows, 4 in each.
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"cv", "--data", kSine, "--folds", "010", "--bandwidth", "0.5", "--lambda-grid", "0.1",
                               "--best", dir + "/best.json", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json best = nlohmann::json::parse(read_text(dir + "/best.json"));
  EXPECT_EQ(best.at("folds"), 10);
  std::vector<int> per_fold(10, 0);
  for (const auto& f : best.at("fold_of_row")) ++per_fold.at(f.get<std::size_t>());
  EXPECT_EQ(per_fold, std::vector<int>(10, 4));
}

TEST(NumberOptions, HexadecimalInfinityAndNanAreRefused) {
  expect_refused({"fit", "--data", kSine, "--lambda", "0x10"}, "--lambda", "got '0x10'");
  expect_refused({"fit", "--data", kSine, "--bandwidth", "0x1p3"}, "--bandwidth", "decimal or scientific notation");
  expect_refused({"fit", "--data", kSine, "--lambda", "inf"}, "--lambda", "a finite number, got 'inf'");
  expect_refused({"fit", "--data", kSine, "--lambda", "nan"}, "--lambda", "a finite number, got 'nan'");
  expect_refused({"fit", "--data", kSine, "--lambda", "1e999"}, "--lambda", "beyond the range");
  expect_refused({"cv", "--data", kSine, "--folds", "0x10"}, "--folds", "decimal digits");
  expect_refused({"cv", "--data", kSine, "--folds", "1e1"}, "--folds", "decimal digits");
  expect_refused({"fit", "--data", kSine, "--seed", "0x10"}, "--seed", "decimal digits");
  // Sizes too: 0x10G is no size.
  expect_refused({"fit", "--data", kSine, "--max-memory", "0x10G"}, "--max-memory", "got '0x10G'");
}

TEST(NumberOptions, OutOfRangeIsRefusedNeverClamped) {
  // The seed is a signed 64-bit integer: its largest value is taken exactly, one more is refused.
  EXPECT_EQ(printed({"fit", "--seed", "9223372036854775807"}, "seed"), 9223372036854775807LL);
  expect_refused({"fit", "--data", kSine, "--seed", "9223372036854775808"}, "--seed", "at most 9223372036854775807");
  expect_refused({"fit", "--data", kSine, "--seed", "18446744073709551615"}, "--seed", "at most 9223372036854775807");
  expect_refused({"fit", "--data", kSine, "--seed", "18446744073709551616"}, "--seed", "at most 9223372036854775807");
  expect_refused({"fit", "--data", kSine, "--threads", "99999999999999999999"}, "--threads", "at most 2147483647");
  expect_refused({"fit", "--data", kSine, "--threads", "2147483648"}, "--threads", "at most 2147483647");
  expect_refused({"fit", "--data", kSine, "--target-index", "-99999999999999999999"}, "--target-index",
                 "at least -9223372036854775808");
}

// Every INT and FLOAT option of every subcommand: "0x10" refused naming the option, "010" read as
// ten.
TEST(NumberOptions, EveryNumberOptionOfEverySubcommandReadsDecimalOnly) {
  const auto app = cli::make_kreg_app();
  int checked = 0;
  for (const auto& command : app->commands) {
    const std::string sub = command->app->get_name();
    for (const CLI::Option* option : command->app->get_options()) {
      const std::string type = option->get_type_name();
      if (type != "INT" && type != "FLOAT") continue;
      const std::string flag = "--" + option->get_lnames().front();
      SCOPED_TRACE("kreg " + sub + " " + flag);
      expect_refused({sub, flag, "0x10"}, flag, "got '0x10'");
      if (type == "INT")
        expect_refused({sub, flag, "99999999999999999999"}, flag, "is too large: at most");
      else
        expect_refused({sub, flag, "1e999"}, flag, "beyond the range");
      const nlohmann::json value = printed({sub, flag, "010"}, cli::key_of_flag(flag));
      EXPECT_EQ(value, 10) << value;
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);  // fit alone has more than 20
}

}  // namespace
}  // namespace kreg::test
