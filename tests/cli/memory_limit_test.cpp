// Runs too large for the memory they may use stop before allocating: exit 2, one located line
// with the bytes needed and available; --max-memory sets the limit; sizes parse as documented.
#include <gtest/gtest.h>

#include "cli_runner.h"
#include "kreg/core/errors.h"
#include "kreg/core/memory.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

TEST(MemoryLimit, EverySubcommandStopsBeforeAllocatingBeyondMaxMemory) {
  const std::string dir = scratch_dir();
  const std::string train = source_path("tests/fixtures/california_train.csv");  // 300 rows: K is 703 KiB
  const std::vector<std::vector<std::string>> runs = {
      {"fit", "--model", dir + "/m.json"},
      {"path", "--output", dir + "/p.csv"},
      {"loo", "--output", dir + "/l.csv"},
      {"cv", "--folds", "3", "--output", dir + "/c.csv"},
  };
  for (const auto& run : runs) {
    SCOPED_TRACE(run[0]);
    std::vector<std::string> args = run;
    args.insert(args.end(), {"--data", train, "--target", "MedHouseVal", "--max-memory", "200K"});
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("kreg: error: kreg " + run[0] + " on 300 rows (", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(" but 200 KiB is available (--max-memory); use fewer rows"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(", or a larger --max-memory\n"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(run[2]));
    // The same run with room enough succeeds.
    args.back() = "1G";
    const CliResult ok = run_cli(args);
    EXPECT_EQ(ok.status, 0) << ok.err;
  }
  set_memory_limit(0.0);
}

TEST(MemoryLimit, TheEstimateCoversTheKernelMatrix) {
  // fit krr on 300 rows needs its 300 x 300 kernel matrix, 703.125 KiB: 700K is refused, 2M is not.
  const std::string train = source_path("tests/fixtures/california_train.csv");
  const std::string dir = scratch_dir();
  const std::vector<std::string> args = {"fit", "--data", train, "--target", "MedHouseVal", "--model", dir + "/m.json"};
  auto with = [&args](const std::string& size) {
    std::vector<std::string> a = args;
    a.insert(a.end(), {"--max-memory", size});
    return run_cli(a).status;
  };
  EXPECT_EQ(with("700K"), 2);
  EXPECT_EQ(with("2M"), 0);
  set_memory_limit(0.0);
}

// cv's fits run at once only as many as there are: min(--threads, kernel points x folds). Each
// fit here needs its 200-row fold's matrices and BLAS work buffers (24 MiB): 3 folds with
// --threads 64 need about 3 x 25 MiB, not 64 x 25 MiB (1.6 GiB).
TEST(MemoryLimit, CvCountsTheFitsThatRunAtOnceNotTheThreads) {
  const std::string train = source_path("tests/fixtures/california_train.csv");
  const std::string dir = scratch_dir();
  auto cv = [&](const std::string& threads, const std::string& bandwidths, const std::string& size) {
    return run_cli({"cv", "--data", train, "--target", "MedHouseVal", "--folds", "3", "--threads", threads,
                    "--lambda-grid", "0.1", "--bandwidth-grid", bandwidths, "--output", dir + "/cv.csv",
                    "--max-memory", size, "--quiet"});
  };
  const CliResult many_threads = cv("64", "1", "200M");
  EXPECT_EQ(many_threads.status, 0) << many_threads.err;
  const CliResult short_of_three = cv("64", "1", "60M");
  EXPECT_EQ(short_of_three.status, 2);
  EXPECT_NE(short_of_three.err.find(", for 3 fits at once (1 kernel point x 3 folds; --threads 64)) needs "),
            std::string::npos)
      << short_of_three.err;
  // More fits than threads: the threads limit them.
  const CliResult two_threads = cv("2", "1,2", "40M");
  EXPECT_EQ(two_threads.status, 2);
  EXPECT_NE(two_threads.err.find(", for 2 fits at once (--threads 2; 6 fits: 2 kernel points x 3 folds)) needs "),
            std::string::npos)
      << two_threads.err;
  EXPECT_EQ(cv("2", "1,2", "80M").status, 0);
  set_memory_limit(0.0);
}

TEST(MemoryLimit, SizesParseInPowersOf1024) {
  EXPECT_EQ(parse_memory_size("1G"), 1073741824.0);
  EXPECT_EQ(parse_memory_size("1.5GiB"), 1.5 * 1073741824.0);
  EXPECT_EQ(parse_memory_size("512M"), 512.0 * 1048576.0);
  EXPECT_EQ(parse_memory_size("64kB"), 65536.0);
  EXPECT_EQ(parse_memory_size("2000000"), 2e6);
  for (const std::string bad : {"", "abc", "-1G", "0", "1X", "1GG", "inf"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(parse_memory_size(bad), ConfigError);
  }
  EXPECT_EQ(memory_text(1.5 * 1073741824.0), "1.5 GiB");
  EXPECT_EQ(memory_text(703.125 * 1024.0), "703 KiB");
}

TEST(MemoryLimit, AvailableMemoryIsFiniteAndPositiveHere) {
  const MemoryLimit limit = available_memory();
  EXPECT_GT(limit.bytes, 0.0);
  EXPECT_FALSE(limit.source.empty());  // MemAvailable at least
}

}  // namespace
}  // namespace kreg::test
