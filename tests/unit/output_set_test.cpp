// The replacement step of OutputSet::commit: a rename that fails puts back the outputs already
// replaced (with old files kept by hard link, and moved aside where hard links are refused),
// and two runs committing the same outputs at once leave all of one run's files.
#include "kreg/io/output_set.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <thread>

#include "kreg/core/errors.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

namespace fs = std::filesystem;

// Files in `dir` that kreg left behind: temporary files and kept old outputs.
std::vector<std::string> leftovers(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().find("kreg-") != std::string::npos) found.push_back(e.path().string());
  return found;
}

// Removes the injected faults when a test ends.
struct FaultsGuard {
  ~FaultsGuard() { set_replacement_faults_for_testing({}); }
};

OutputSet queue(const std::vector<std::string>& paths, const std::string& tag) {
  OutputSet set;
  for (const auto& path : paths) {
    const OutputTarget target = inspect_output(path);
    EXPECT_EQ(unwritable_reason(target), "") << path;
    set.add(target, tag + " " + path + "\n");
  }
  return set;
}

TEST(OutputSetReplacement, AFailedLastReplacementPutsBackTheFilesReplacedBeforeIt) {
  const FaultsGuard guard;
  for (const bool hard_links : {true, false}) {
    SCOPED_TRACE(hard_links ? "old files kept by hard link" : "old files moved aside");
    const std::string dir = scratch_dir();
    const std::vector<std::string> paths = {dir + "/cv.csv", dir + "/model.json", dir + "/best.json"};
    for (const auto& path : paths) write_text(path, "old " + path + "\n");
    OutputSet set = queue(paths, "new");
    std::vector<std::string> seen_before_last;  // the files as they were when the last one failed
    ReplacementFaults faults;
    faults.no_hard_links = !hard_links;
    faults.before_replace = [&](std::size_t index) {
      if (index != 2) return 0;
      for (const auto& path : paths) seen_before_last.push_back(read_text(path));
      return EIO;
    };
    set_replacement_faults_for_testing(faults);
    std::ostringstream out;
    try {
      set.commit(out);
      ADD_FAILURE() << "the commit succeeded";
    } catch (const kreg::Error& e) {
      EXPECT_EQ(std::string(e.what()),
                paths[2] + ": cannot replace: " + std::strerror(EIO) + "; no output file was changed");
    }
    // The first two had been replaced when the third failed, and are back as they were.
    ASSERT_EQ(seen_before_last.size(), 3u);
    EXPECT_EQ(seen_before_last[0], "new " + paths[0] + "\n");
    EXPECT_EQ(seen_before_last[1], "new " + paths[1] + "\n");
    for (const auto& path : paths) EXPECT_EQ(read_text(path), "old " + path + "\n");
    EXPECT_TRUE(leftovers(dir).empty()) << leftovers(dir).front();
  }
}

TEST(OutputSetReplacement, ANewOutputIsRemovedWhenALaterReplacementFails) {
  const FaultsGuard guard;
  const std::string dir = scratch_dir();
  const std::vector<std::string> paths = {dir + "/new.csv", dir + "/old.json", dir + "/last.json"};
  write_text(paths[1], "old\n");
  write_text(paths[2], "old\n");
  OutputSet set = queue(paths, "new");
  ReplacementFaults faults;
  faults.before_replace = [](std::size_t index) { return index == 2 ? EACCES : 0; };
  set_replacement_faults_for_testing(faults);
  std::ostringstream out;
  EXPECT_THROW(set.commit(out), kreg::Error);
  EXPECT_FALSE(file_exists(paths[0]));
  EXPECT_EQ(read_text(paths[1]), "old\n");
  EXPECT_EQ(read_text(paths[2]), "old\n");
  EXPECT_TRUE(leftovers(dir).empty());
}

TEST(OutputSetReplacement, ASuccessfulCommitLeavesNoKeptFileAndTheModeOfTheOld) {
  for (const bool hard_links : {true, false}) {
    const FaultsGuard guard;
    ReplacementFaults faults;
    faults.no_hard_links = !hard_links;
    set_replacement_faults_for_testing(faults);
    const std::string dir = scratch_dir();
    const std::vector<std::string> paths = {dir + "/a.csv", dir + "/b.csv"};
    write_text(paths[0], "old\n");
    ASSERT_EQ(::chmod(paths[0].c_str(), 0640), 0);
    OutputSet set = queue(paths, "new");
    std::ostringstream out;
    set.commit(out);
    for (const auto& path : paths) EXPECT_EQ(read_text(path), "new " + path + "\n");
    struct stat info {};
    ASSERT_EQ(::stat(paths[0].c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, 0640u);
    EXPECT_EQ(info.st_nlink, 1u);
    EXPECT_TRUE(leftovers(dir).empty());
  }
}

// Two processes commit {a, b} at the same moment, tagged with their name. The first waits 40 ms
// between its two replacements, the second starts its own 15 ms into the step: without a lock
// the second's pair lands between the first's two files.
TEST(OutputSetReplacement, TwoRunsCommittingAtOnceLeaveOneRunsFiles) {
  const std::string dir = scratch_dir();
  const std::vector<std::string> paths = {dir + "/a.csv", dir + "/b.json"};
  int mixed = 0;
  constexpr int kRounds = 12;
  for (int round = 0; round < kRounds; ++round) {
    int start[2];
    ASSERT_EQ(::pipe(start), 0);
    std::vector<pid_t> children;
    for (const std::string tag : {"first", "second"}) {
      const pid_t pid = ::fork();
      ASSERT_GE(pid, 0);
      if (pid == 0) {
        ::close(start[1]);
        char go = 0;
        if (::read(start[0], &go, 1) != 1) ::_exit(3);
        ReplacementFaults faults;
        const bool first = tag == "first";
        faults.before_replace = [first](std::size_t index) {
          if (first && index == 1) std::this_thread::sleep_for(std::chrono::milliseconds(40));
          if (!first && index == 0) std::this_thread::sleep_for(std::chrono::milliseconds(15));
          return 0;
        };
        set_replacement_faults_for_testing(faults);
        int status = 0;
        try {
          OutputSet set = queue(paths, tag);
          std::ostringstream out;
          set.commit(out);
        } catch (...) {
          status = 2;
        }
        ::_exit(status);  // not exit(): the parent's scratch directories stay
      }
      children.push_back(pid);
    }
    ::close(start[0]);
    ASSERT_EQ(::write(start[1], "gg", 2), 2);
    ::close(start[1]);
    for (const pid_t pid : children) {
      int status = 0;
      ::waitpid(pid, &status, 0);
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    const std::string a = read_text(paths[0]), b = read_text(paths[1]);
    const std::string tag_a = a.substr(0, a.find(' ')), tag_b = b.substr(0, b.find(' '));
    if (tag_a != tag_b) ++mixed;
  }
  EXPECT_EQ(mixed, 0) << "in " << mixed << " of " << kRounds << " rounds, a and b came from different runs";
  EXPECT_TRUE(leftovers(dir).empty());
}

}  // namespace
}  // namespace kreg::test
