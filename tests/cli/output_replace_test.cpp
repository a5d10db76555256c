// Outputs that exist but cannot be replaced, and names that cannot be written, stop a run before
// it starts (exit 2, the option and the path named, every output as it was): an immutable or
// append-only file, another user's file in a sticky directory, a name longer than the
// directory allows, a socket. A replacement that fails anyway at the end puts back the outputs
// already replaced.
#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <linux/fs.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_runner.h"
#include "kreg/core/errors.h"
#include "kreg/io/output_set.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

namespace fs = std::filesystem;

const std::string kTrain = source_path("data/sine_train.csv");

std::vector<std::string> cv_args(const std::string& data, const std::string& dir) {
  return {"cv",
          "--data",
          data,
          "--bandwidth-grid",
          "logspace:-0.5:0:2",
          "--lambda-grid",
          "logspace:-3:0:4",
          "--folds",
          "3",
          "--output",
          dir + "/cv.csv",
          "--model",
          dir + "/m.json",
          "--best",
          dir + "/best.json",
          "--quiet"};
}

// Files in `dir` that kreg left behind: temporary files and kept old outputs.
std::vector<std::string> leftovers(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().find("kreg-") != std::string::npos) found.push_back(e.path().string());
  return found;
}

// Sets or clears an inode flag (FS_IMMUTABLE_FL, FS_APPEND_FL) as chattr does; false when the
// file system or the process cannot.
bool set_inode_flag(const std::string& path, int flag, bool on) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  int flags = 0;
  bool done = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
  if (done) {
    flags = on ? (flags | flag) : (flags & ~flag);
    done = ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
  }
  ::close(fd);
  return done;
}

// Clears the flag again when the test ends (the scratch directory could not be removed).
struct FlagGuard {
  std::string path;
  int flag;
  ~FlagGuard() { set_inode_flag(path, flag, false); }
};

void write_old_outputs(const std::string& dir) {
  write_text(dir + "/cv.csv", "old table\n");
  write_text(dir + "/m.json", "old model\n");
  write_text(dir + "/best.json", "old best\n");
}

void expect_old_outputs(const std::string& dir) {
  EXPECT_TRUE(read_text(dir + "/cv.csv") == "old table\n") << "cv.csv was replaced";
  EXPECT_TRUE(read_text(dir + "/m.json") == "old model\n") << "m.json was replaced";
  EXPECT_TRUE(read_text(dir + "/best.json") == "old best\n") << "best.json was replaced";
  EXPECT_TRUE(leftovers(dir).empty());
}

TEST(OutputReplace, ImmutableOrAppendOnlyOutputStopsTheRunBeforeItStarts) {
  struct Case {
    int flag;
    const char* words;
  };
  for (const Case c : {Case{FS_IMMUTABLE_FL, "immutable"}, Case{FS_APPEND_FL, "append-only"}}) {
    SCOPED_TRACE(c.words);
    const std::string dir = scratch_dir();
    write_old_outputs(dir);
    if (!set_inode_flag(dir + "/best.json", c.flag, true))
      GTEST_SKIP() << "this file system or process cannot set inode flags (chattr)";
    const FlagGuard guard{dir + "/best.json", c.flag};
    const CliResult r = run_cli(cv_args(kTrain, dir));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("kreg: error: --best: cannot write '" + dir + "/best.json': ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.words), std::string::npos) << r.err;
    expect_old_outputs(dir);
  }
}

// The kreg binary run as another user (uid and gid `id`), standard output discarded; status
// (or 128 + the signal), standard error, and whether it had to be stopped after `seconds`.
struct BinaryResult {
  int status = -1;
  std::string err;
  bool timed_out = false;
};

BinaryResult run_binary(const std::vector<std::string>& args, uid_t id, double seconds) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(pipe_fds[0]);
    const int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, 1);
    ::dup2(pipe_fds[1], 2);
    if (id != ::geteuid() && (::setgroups(0, nullptr) != 0 || ::setgid(id) != 0 || ::setuid(id) != 0)) ::_exit(126);
    exec_kreg_binary(args);
  }
  ::close(pipe_fds[1]);
  BinaryResult r;
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      r.timed_out = true;
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  char buf[4096];
  ssize_t n = 0;
  while ((n = ::read(pipe_fds[0], buf, sizeof buf)) > 0) r.err.append(buf, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  return r;
}

// The first directory on the way to `path` (or the file itself) that other users cannot pass
// through (no o+x), or "" when there is none: `nobody` can then run a binary or reach a file there.
std::string closed_to_others(const std::string& path) {
  std::string p = path;
  while (!p.empty()) {
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0 || !(st.st_mode & S_IXOTH)) return p;
    const std::size_t slash = p.find_last_of('/');
    if (slash == std::string::npos || slash == 0) break;
    p.erase(slash);
  }
  return "";
}

TEST(OutputReplace, AnotherUsersFileInAStickyDirectoryStopsTheRunBeforeItStarts) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root, to run kreg as another user";
  const uid_t nobody = 65534;
  const std::string scratch = scratch_dir();
  for (const std::string& needed : {std::string(KREG_BINARY), scratch.substr(0, scratch.find_last_of('/'))})
    if (const std::string closed = closed_to_others(needed); !closed.empty())
      GTEST_SKIP() << "another user cannot reach " << needed << " (" << closed
                   << " is closed to other users, e.g. a clone in a mode-0700 directory)";
  ASSERT_EQ(::chmod(scratch.c_str(), 0755), 0);
  const std::string dir = scratch + "/shared";  // like /tmp: everyone may create files, only owners remove them
  ASSERT_EQ(::mkdir(dir.c_str(), 0777), 0);
  ASSERT_EQ(::chmod(dir.c_str(), 01777), 0);
  write_text(dir + "/train.csv", read_text(kTrain));
  write_old_outputs(dir);
  // The table and the model are the user's own; best.json is root's (readable by all).
  for (const char* mine : {"/cv.csv", "/m.json"}) ASSERT_EQ(::chown((dir + mine).c_str(), nobody, nobody), 0);
  const BinaryResult r = run_binary(cv_args(dir + "/train.csv", dir), nobody, 60);
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("kreg: error: --best: cannot write '" + dir + "/best.json': ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("belongs to another user"), std::string::npos) << r.err;
  expect_old_outputs(dir);
  // Its own files there it may replace.
  const std::vector<std::string> own = {
      "cv",       "--data",        dir + "/train.csv", "--bandwidth-grid", "logspace:-0.5:0:2",
      "--output", dir + "/cv.csv", "--model",          dir + "/m.json",    "--quiet"};
  const BinaryResult ok = run_binary(own, nobody, 60);
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(read_text(dir + "/cv.csv").rfind("bandwidth,", 0), 0u) << read_text(dir + "/cv.csv");
  EXPECT_TRUE(leftovers(dir).empty());
}

TEST(OutputReplace, LongOutputNames) {
  const std::string dir = scratch_dir();
  const long name_max = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  ASSERT_GT(name_max, 250);
  // 250 bytes: as long as the directory allows, less a few; written like any other.
  const std::string long_name = dir + "/" + std::string(246, 'b') + ".csv";
  const std::vector<std::string> base = {"loo",           "--data",          kTrain,   "--bandwidth", "0.5",
                                         "--lambda-grid", "logspace:-3:0:4", "--quiet"};
  std::vector<std::string> args = base;
  args.insert(args.end(), {"--output", dir + "/loo.csv", "--best", long_name});
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_text(long_name).rfind("{", 0), 0u);
  EXPECT_TRUE(leftovers(dir).empty());
  // One byte longer than the directory allows: refused before the run, nothing written.
  write_text(dir + "/loo.csv", "old table\n");
  const std::string too_long = dir + "/" + std::string(static_cast<std::size_t>(name_max) + 1 - 4, 'c') + ".csv";
  args = base;
  args.insert(args.end(), {"--output", dir + "/loo.csv", "--best", too_long});
  const CliResult refused = run_cli(args);
  EXPECT_EQ(refused.status, 2) << refused.err;
  EXPECT_EQ(count_lines(refused.err), 1) << refused.err;
  EXPECT_EQ(refused.err.rfind("kreg: error: --best: cannot write '" + too_long + "': ", 0), 0u) << refused.err;
  EXPECT_NE(refused.err.find("name is " + std::to_string(name_max + 1) + " bytes long"), std::string::npos)
      << refused.err;
  EXPECT_EQ(read_text(dir + "/loo.csv"), "old table\n");
  EXPECT_TRUE(leftovers(dir).empty());
}

TEST(OutputReplace, ASocketIsRefusedAtOnce) {
  const std::string dir = scratch_dir();
  const std::string socket_path = dir + "/out.sock";
  const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(s, 0);
  struct sockaddr_un address {};
  address.sun_family = AF_UNIX;
  ASSERT_LT(socket_path.size(), sizeof address.sun_path);
  socket_path.copy(address.sun_path, socket_path.size());
  ASSERT_EQ(::bind(s, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
  write_text(dir + "/loo.csv", "old table\n");
  const BinaryResult r = run_binary(
      {"loo", "--data", kTrain, "--bandwidth", "0.5", "--output", dir + "/loo.csv", "--best", socket_path, "--quiet"},
      ::geteuid(), 20);
  ::close(s);
  EXPECT_FALSE(r.timed_out) << "kreg was still running after 20 s";
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err.rfind("kreg: error: --best: cannot write '" + socket_path + "': ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("socket"), std::string::npos) << r.err;
  EXPECT_EQ(read_text(dir + "/loo.csv"), "old table\n");
  EXPECT_TRUE(leftovers(dir).empty());
}

TEST(OutputReplace, ANamedPipeIsWrittenWhenItsReaderComesAndTheWaitIsTold) {
  const std::string dir = scratch_dir();
  const std::string fifo = dir + "/results.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    std::ifstream in(fifo, std::ios::binary);
    received.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  const CliResult r = run_cli({"loo", "--data", kTrain, "--bandwidth-grid", "logspace:-0.5:0:2", "--lambda-grid",
                               "logspace:-3:0:4", "--output", fifo, "--quiet"});
  reader.join();
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(received.rfind("bandwidth,lambda,", 0), 0u) << received;
  EXPECT_NE(r.err.find("kreg: waiting for a program to read from named pipe '" + fifo + "'\n"), std::string::npos)
      << r.err;
}

TEST(OutputReplace, AReplacementThatFailsAtTheEndPutsBackTheOutputsAlreadyReplaced) {
  // The third output becomes immutable after the checks (as if changed meanwhile): its
  // replacement fails, and the two replaced before it get their old content back.
  const std::string dir = scratch_dir();
  const std::vector<std::string> names = {dir + "/a.csv", dir + "/b.json", dir + "/c.json"};
  OutputSet set;
  for (const auto& name : names) {
    write_text(name, "old " + name + "\n");
    const OutputTarget target = inspect_output(name);
    ASSERT_EQ(unwritable_reason(target), "");
    set.add(target, "new " + name + "\n");
  }
  if (!set_inode_flag(names[2], FS_IMMUTABLE_FL, true))
    GTEST_SKIP() << "this file system or process cannot set inode flags (chattr)";
  const FlagGuard guard{names[2], FS_IMMUTABLE_FL};
  std::ostringstream out;
  try {
    set.commit(out);
    ADD_FAILURE() << "the commit succeeded";
  } catch (const kreg::Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind(names[2] + ": cannot replace", 0), 0u) << e.what();
  }
  for (const auto& name : names) EXPECT_EQ(read_text(name), "old " + name + "\n");
  EXPECT_TRUE(leftovers(dir).empty());
}

}  // namespace
}  // namespace kreg::test
