// The output rule (README, "Outputs"): regular files are replaced atomically with their mode
// kept (new files follow the umask), symlinks are followed and kept, devices and FIFOs are
// written through and stay what they are; a run writes all of its outputs or none, also when
// SIGINT or SIGTERM comes during the computation or during the writing; an output may not
// name an input or another output.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_runner.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

namespace fs = std::filesystem;

const std::string kTrain = source_path("data/sine_train.csv");

std::vector<std::string> loo_args(const std::string& output) {
  return {"loo",           "--data",          kTrain,     "--bandwidth", "0.5",
          "--lambda-grid", "logspace:-3:0:4", "--output", output,        "--quiet"};
}

// Files in `dir` whose name marks a temporary output or a kept old one.
std::vector<std::string> temporaries(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind(".kreg-", 0) == 0) found.push_back(e.path().string());
  return found;
}

mode_t mode_of(const std::string& path) {
  struct stat info {};
  EXPECT_EQ(::lstat(path.c_str(), &info), 0) << path;
  return info.st_mode;
}

TEST(OutputRule, FifoIsWrittenThroughAndStaysAFifo) {
  const std::string dir = scratch_dir();
  const std::string fifo = dir + "/results.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] {
    std::ifstream in(fifo, std::ios::binary);
    received.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  const CliResult r = run_cli(loo_args(fifo));
  reader.join();
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(S_ISFIFO(mode_of(fifo)));
  EXPECT_EQ(received.rfind("lambda,df,loo_mse", 0), 0u) << received;
  const CliResult to_file = run_cli(loo_args(dir + "/plain.csv"));
  ASSERT_EQ(to_file.status, 0) << to_file.err;
  EXPECT_EQ(received, read_text(dir + "/plain.csv"));
  EXPECT_TRUE(temporaries(dir).empty());
}

TEST(OutputRule, DeviceNodeStaysADevice) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod needs root";
  const std::string dir = scratch_dir();
  const std::string node = dir + "/null";  // the same device as /dev/null (character 1, 3)
  ASSERT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  const CliResult r = run_cli(loo_args(node));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(S_ISCHR(mode_of(node)));
  EXPECT_TRUE(temporaries(dir).empty());
}

TEST(OutputRule, AFailedOutputLeavesEveryOtherOutputAsItWas) {
  const std::string dir = scratch_dir();
  // A device that refuses the write (/dev/full: no space) is an I/O error, and the run's
  // other outputs are not replaced: all or none.
  write_text(dir + "/old.csv", "old\n");
  std::vector<std::string> args = loo_args(dir + "/old.csv");
  args.insert(args.end(), {"--best", "/dev/full"});
  const CliResult full = run_cli(args);
  EXPECT_EQ(full.status, 1);
  EXPECT_NE(full.err.find("/dev/full: write failed: No space left on device"), std::string::npos) << full.err;
  EXPECT_EQ(read_text(dir + "/old.csv"), "old\n");
  EXPECT_TRUE(temporaries(dir).empty());
}

TEST(OutputRule, SymlinkTargetIsReplacedAndTheLinkKept) {
  const std::string dir = scratch_dir();
  fs::create_directory(dir + "/results");
  write_text(dir + "/results/loo.csv", "old\n");
  fs::create_symlink("results/loo.csv", dir + "/link.csv");  // relative, as ln -s makes them
  const CliResult r = run_cli(loo_args(dir + "/link.csv"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir + "/link.csv"));
  EXPECT_EQ(fs::read_symlink(dir + "/link.csv"), "results/loo.csv");
  EXPECT_EQ(read_text(dir + "/results/loo.csv").rfind("lambda,df,loo_mse", 0), 0u);
  // A dangling link: its target is created.
  fs::create_symlink(dir + "/results/new.csv", dir + "/dangling.csv");
  ASSERT_EQ(run_cli(loo_args(dir + "/dangling.csv")).status, 0);
  EXPECT_TRUE(fs::is_symlink(dir + "/dangling.csv"));
  EXPECT_EQ(read_text(dir + "/results/new.csv"), read_text(dir + "/results/loo.csv"));
  EXPECT_TRUE(temporaries(dir).empty());
  EXPECT_TRUE(temporaries(dir + "/results").empty());
}

TEST(OutputRule, ExistingModeIsKeptAndNewFilesFollowTheUmask) {
  const std::string dir = scratch_dir();
  write_text(dir + "/private.csv", "old\n");
  ASSERT_EQ(::chmod((dir + "/private.csv").c_str(), 0600), 0);
  ASSERT_EQ(run_cli(loo_args(dir + "/private.csv")).status, 0);
  EXPECT_EQ(mode_of(dir + "/private.csv") & 07777, 0600u);
  for (const mode_t mask : {mode_t(022), mode_t(027), mode_t(077)}) {
    const mode_t before = ::umask(mask);
    const std::string out = dir + "/new" + std::to_string(mask) + ".csv";
    const CliResult r = run_cli(loo_args(out));
    ::umask(before);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(mode_of(out) & 07777, 0666u & ~mask) << "umask " << mask;
  }
}

TEST(OutputRule, OutputsNamingAnInputOrEachOtherAreRefused) {
  const std::string dir = scratch_dir();
  write_text(dir + "/train.csv", read_text(kTrain));
  const std::string data = dir + "/train.csv";
  ASSERT_EQ(run_cli({"fit", "--data", data, "--model", dir + "/m.json", "--quiet"}).status, 0);
  fs::create_symlink(data, dir + "/alias.csv");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"predict", "--model", dir + "/m.json", "--data", data, "--output", data},
       "--output: '" + data + "' is also the input --data"},
      {{"predict", "--model", dir + "/m.json", "--data", data, "--output", dir + "/alias.csv"},
       "--output: '" + dir + "/alias.csv' is also the input --data"},
      {{"predict", "--model", dir + "/m.json", "--data", data, "--output", dir + "/m.json"},
       "is also the input --model"},
      {{"loo", "--data", data, "--output", dir + "/same.csv", "--best", dir + "/same.csv"},
       "--best: '" + dir + "/same.csv' is also the output --output"},
      {{"loo", "--data", data, "--output", dir + "/same.csv", "--best", dir + "/./same.csv"},
       "is also the output --output"},
      {{"fit", "--data", data, "--model", data}, "--model: '" + data + "' is also the input --data"},
  };
  const std::string before = read_text(data);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args[0] + " " + c.message);
    const CliResult r = run_cli(c.args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("kreg: error: --", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(read_text(data), before);
    EXPECT_FALSE(file_exists(dir + "/same.csv"));
  }
  // /dev/null for two outputs discards both: nothing is clobbered.
  EXPECT_EQ(run_cli({"loo", "--data", data, "--output", "/dev/null", "--best", "/dev/null", "--quiet"}).status, 0);
}

TEST(OutputRule, AMissingDirectoryStopsTheRunBeforeItStarts) {
  const std::string dir = scratch_dir();
  write_text(dir + "/loo.csv", "old\n");
  std::vector<std::string> args = loo_args(dir + "/loo.csv");
  args.insert(args.end(), {"--best", dir + "/no/such/dir/best.json"});
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("--best: cannot write '" + dir + "/no/such/dir/best.json': directory '" + dir +
                       "/no/such/dir' does not exist"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_text(dir + "/loo.csv"), "old\n");
}

// --- Interrupts, on the kreg binary in a child process ---

// Starts `kreg args...` with SIGINT and SIGTERM at their defaults (a shell may have set them
// to ignored for background jobs), standard output and error to /dev/null.
pid_t spawn_kreg(const std::vector<std::string>& args) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    const int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, 1);
    ::dup2(devnull, 2);
    exec_kreg_binary(args);
  }
  return pid;
}

// Waits for `pid`; returns the signal that ended it, or 0.
int wait_for_signal(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

bool wait_until(const std::function<bool()>& condition) {
  for (int i = 0; i < 600; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST(OutputRule, InterruptDuringTheComputationLeavesTheOldOutputs) {
  for (const int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(strsignal(signal));
    const std::string dir = scratch_dir();
    write_text(dir + "/m.json", "old model\n");
    // Two billion sign-gradient updates: far longer than the test waits.
    const pid_t pid = spawn_kreg(
        {"fit", "--data", kTrain, "--method", "ksgd", "--iterations", "2000000000", "--model", dir + "/m.json"});
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    ::kill(pid, signal);
    EXPECT_EQ(wait_for_signal(pid), signal);
    EXPECT_EQ(read_text(dir + "/m.json"), "old model\n");
    EXPECT_TRUE(temporaries(dir).empty());
  }
}

TEST(OutputRule, InterruptDuringTheWritingLeavesTheOldOutputsAndNoTemporaryFile) {
  for (const int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(strsignal(signal));
    const std::string dir = scratch_dir();
    write_text(dir + "/loo.csv", "old table\n");
    const std::string fifo = dir + "/best.fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // The table is staged beside loo.csv, then the FIFO waits for a reader that never comes:
    // the run is caught in the middle of writing its outputs.
    std::vector<std::string> args = loo_args(dir + "/loo.csv");
    args.insert(args.end(), {"--best", fifo});
    const pid_t pid = spawn_kreg(args);
    ASSERT_TRUE(wait_until([&] { return !temporaries(dir).empty(); }));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ::kill(pid, signal);
    EXPECT_EQ(wait_for_signal(pid), signal);
    EXPECT_EQ(read_text(dir + "/loo.csv"), "old table\n");
    EXPECT_TRUE(temporaries(dir).empty());
    EXPECT_TRUE(S_ISFIFO(mode_of(fifo)));
  }
}

}  // namespace
}  // namespace kreg::test
