// All-or-none output: stage, write the direct outputs, then replace under the directory locks,
// putting the old files back if a rename fails. Interrupts are noticed through a flag that a
// signal handler sets: OpenMP and OpenBLAS threads may be the ones the signal is delivered to,
// so nothing here relies on a system call of this thread returning EINTR; the waits for a
// FIFO's reader, a full device or a directory lock poll the flag instead.
#include "kreg/io/output_set.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <random>
#include <set>
#include <tuple>

#include "kreg/core/errors.h"

namespace kreg {

namespace {

volatile std::sig_atomic_t g_caught_signal = 0;
extern "C" void remember_signal(int signal) { g_caught_signal = signal; }

// The signals that would end the process while outputs are half written.
constexpr int kInterrupts[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
constexpr std::size_t kInterruptCount = sizeof kInterrupts / sizeof kInterrupts[0];

class InterruptGuard {
 public:
  InterruptGuard() {
    g_caught_signal = 0;
    struct sigaction action {};
    action.sa_handler = remember_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    for (std::size_t i = 0; i < kInterruptCount; ++i) {
      ::sigaction(kInterrupts[i], nullptr, &previous_[i]);
      // A signal the user chose to ignore (nohup: SIGHUP) stays ignored.
      if (previous_[i].sa_handler != SIG_IGN) ::sigaction(kInterrupts[i], &action, nullptr);
    }
  }
  ~InterruptGuard() { restore(); }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  static int caught() { return g_caught_signal; }
  void restore() {
    if (restored_) return;
    for (std::size_t i = 0; i < kInterruptCount; ++i) ::sigaction(kInterrupts[i], &previous_[i], nullptr);
    restored_ = true;
  }
  /// Hands a caught signal on to the handler that was there before (by default: the
  /// process ends by that signal, as it would have without kreg's handler).
  void pass_on() {
    const int signal = caught();
    restore();
    if (signal != 0) ::raise(signal);
  }

 private:
  struct sigaction previous_[kInterruptCount] {};
  bool restored_ = false;
};

mode_t current_umask() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

ReplacementFaults& faults() {
  static ReplacementFaults injected;
  return injected;
}

[[noreturn]] void fail(const std::string& path, const std::string& what, int err) {
  throw Error((path == "-" ? std::string("standard output") : path) + ": " + what + ": " + std::strerror(err));
}

// Pauses a twentieth of a second (waiting for a FIFO's reader or a device).
void short_wait() {
  const struct timespec pause { 0, 50 * 1000 * 1000 };
  ::nanosleep(&pause, nullptr);
}

// Pauses two milliseconds (waiting for a directory lock, which is held that long).
void lock_wait() {
  const struct timespec pause { 0, 2 * 1000 * 1000 };
  ::nanosleep(&pause, nullptr);
}

bool is_fifo(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISFIFO(info.st_mode);
}

// An open file descriptor, closed on destruction unless closed (with its result) before.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }
  /// close(2)'s result (0 or -1 with errno).
  int close() {
    const int result = ::close(fd_);
    fd_ = -1;
    return result;
  }

 private:
  int fd_;
};

constexpr std::size_t kChunk = std::size_t(1) << 20;

// Writes all of `content` to `fd`; false when a signal was caught first.
bool write_all(int fd, const std::string& content, const std::string& path) {
  std::size_t done = 0;
  while (done < content.size()) {
    if (InterruptGuard::caught() != 0) return false;
    const std::size_t len = std::min(kChunk, content.size() - done);
    const ssize_t w = ::write(fd, content.data() + done, len);
    if (w > 0) {
      done += static_cast<std::size_t>(w);
    } else if (w < 0 && errno == EAGAIN) {
      struct pollfd p {
        fd, POLLOUT, 0
      };
      ::poll(&p, 1, 100);
    } else if (!(w < 0 && errno == EINTR)) {
      fail(path, "write failed", w < 0 ? errno : EIO);
    }
  }
  return InterruptGuard::caught() == 0;
}

// Exclusive advisory locks (flock) on the output directories, for the replacement step only;
// released on destruction. Another kreg run waits for them, so that the outputs of two runs
// are never mixed. A file system without flock is used without the lock.
class DirectoryLocks {
 public:
  DirectoryLocks() = default;
  ~DirectoryLocks() { release(); }
  DirectoryLocks(const DirectoryLocks&) = delete;
  DirectoryLocks& operator=(const DirectoryLocks&) = delete;

  /// Locks each directory, in the order of device and inode (the same order in every run, so
  /// that two runs cannot each wait for the other); false when a signal came while waiting.
  bool acquire(const std::set<std::string>& directories) {
    struct Entry {
      dev_t device;
      ino_t inode;
      int fd;
      std::string directory;
    };
    std::vector<Entry> entries;
    for (const auto& directory : directories) {
      const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (fd < 0) continue;  // the renames will say what is wrong with it
      fds_.push_back(fd);
      struct stat info {};
      if (::fstat(fd, &info) != 0) continue;
      const bool seen = std::any_of(entries.begin(), entries.end(), [&info](const Entry& e) {
        return e.device == info.st_dev && e.inode == info.st_ino;
      });
      if (!seen) entries.push_back(Entry{info.st_dev, info.st_ino, fd, directory});
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return std::tie(a.device, a.inode) < std::tie(b.device, b.inode); });
    constexpr auto kPatience = std::chrono::seconds(60);
    for (const Entry& e : entries) {
      const auto start = std::chrono::steady_clock::now();
      while (::flock(e.fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR) break;  // no flock here: go on without it
        if (InterruptGuard::caught() != 0) return false;
        if (std::chrono::steady_clock::now() - start > kPatience)
          throw Error("directory '" + e.directory +
                      "': another process has held a lock on it for a minute; no output file was changed");
        lock_wait();
      }
    }
    return true;
  }

  void release() {
    for (const int fd : fds_) ::close(fd);
    fds_.clear();
  }

 private:
  std::vector<int> fds_;
};

std::string random_suffix() {
  static const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::random_device device;
  std::uint64_t bits = (std::uint64_t(device()) << 32) | device();
  std::string suffix(6, 'x');
  for (char& c : suffix) {
    c = kLetters[bits % 62];
    bits /= 62;
  }
  return suffix;
}

// One output put in place: its target, and where its old file is kept until all are in place
// (empty for a path that did not exist).
struct Replaced {
  std::string path;      ///< as the user gave it
  std::string resolved;  ///< the file replaced
  std::string kept;      ///< the old file's second name
  bool moved = false;    ///< the old file was moved to `kept` (not linked): `resolved` is missing
};

// Keeps the existing file `r.resolved` under a second name beside it: a hard link, so that
// the file stays in place until it is replaced; where the file system or the kernel's
// hard-link protection refuses one, the file itself is moved to a name of its own. Returns 0,
// or the errno of the failure (nothing kept then).
int keep_old_file(Replaced& r) {
  const std::string dir = output_directory(r.resolved);
  if (!faults().no_hard_links) {
    for (int attempt = 0; attempt < 100; ++attempt) {
      const std::string name = dir + "/.kreg-old-" + random_suffix();
      if (::link(r.resolved.c_str(), name.c_str()) == 0) {
        r.kept = name;
        return 0;
      }
      if (errno != EEXIST) break;
    }
  }
  std::string name;
  const int fd = create_temporary_file(dir, "old", name);
  if (fd < 0) return errno;
  ::close(fd);
  if (::rename(r.resolved.c_str(), name.c_str()) != 0) {
    const int err = errno;
    ::unlink(name.c_str());
    return err;
  }
  r.kept = name;
  r.moved = true;
  return 0;
}

// Puts `temporary` in place of `r.resolved`, keeping an existing file first. Returns 0 or the
// errno of the failure; `r` then says what is left to undo.
int replace_one(const std::string& temporary, std::size_t index, Replaced& r) {
  if (faults().before_replace) {
    const int injected = faults().before_replace(index);
    if (injected != 0) return injected;
  }
  struct stat info {};
  if (::lstat(r.resolved.c_str(), &info) == 0) {
    const int err = keep_old_file(r);
    if (err != 0) return err;
  } else if (errno != ENOENT) {
    return errno;
  }
  if (::rename(temporary.c_str(), r.resolved.c_str()) != 0) return errno;
  return 0;
}

// Undoes the replacements in `done`, last first: each kept old file goes back to its place, a
// new file is removed. Returns "" or what could not be put back.
std::string put_back(const std::vector<Replaced>& done) {
  std::string trouble;
  for (auto r = done.rbegin(); r != done.rend(); ++r) {
    if (r->kept.empty()) {
      ::unlink(r->resolved.c_str());
    } else if (::rename(r->kept.c_str(), r->resolved.c_str()) != 0) {
      trouble +=
          "; could not put back the old '" + r->path + "' (" + std::strerror(errno) + "): it is in '" + r->kept + "'";
    }
  }
  return trouble;
}

}  // namespace

void set_replacement_faults_for_testing(ReplacementFaults injected) { faults() = std::move(injected); }

void OutputSet::add(const OutputTarget& target, std::string content) {
  pending_.push_back(Pending{target, std::move(content), ""});
}

void OutputSet::commit(std::ostream& standard_output, std::ostream* notices) {
  using Kind = OutputTarget::Kind;
  InterruptGuard guard;
  // Removes the temporary files not renamed yet: on failure, and before an interrupt is
  // passed on (which may end the process on the spot).
  const auto remove_temporaries = [this] {
    for (auto& p : pending_)
      if (!p.temporary.empty()) ::unlink(p.temporary.c_str()), p.temporary.clear();
  };
  const auto stop_interrupted = [&] {
    remove_temporaries();
    guard.pass_on();
    throw Error("interrupted");  // only if the signal's previous handler let the process go on
  };
  struct OnFailure {
    const decltype(remove_temporaries)& run;
    ~OnFailure() { run(); }
  } on_failure{remove_temporaries};

  // 1. Every file to replace, in full, beside its target.
  const mode_t new_file_mode = 0666 & ~current_umask();
  for (auto& p : pending_) {
    const Kind kind = p.target.kind;
    if (kind != Kind::kNewFile && kind != Kind::kRegularFile) continue;
    Descriptor fd(create_temporary_file(output_directory(p.target.resolved), "tmp", p.temporary));
    if (fd.get() < 0) fail(p.target.path, "cannot create output file", errno);
    if (!write_all(fd.get(), p.content, p.target.path)) stop_interrupted();
    if (kind == Kind::kRegularFile) {
      // Ownership first (changing the owner clears set-id bits), then the old mode.
      // (Only root may give a file away; otherwise the replacement is owned by this user.)
      (void)!::fchown(fd.get(), p.target.uid, p.target.gid);
      ::fchmod(fd.get(), p.target.mode);
    } else {
      ::fchmod(fd.get(), new_file_mode);
    }
    if (::fsync(fd.get()) != 0 || fd.close() != 0) fail(p.target.path, "cannot write output file", errno);
  }

  // 2. Devices, FIFOs and standard output, written where they are.
  for (auto& p : pending_) {
    if (p.target.kind == Kind::kStandardOutput) {
      standard_output.write(p.content.data(), static_cast<std::streamsize>(p.content.size()));
      standard_output.flush();
      if (InterruptGuard::caught() != 0) break;
      if (!standard_output) throw Error("standard output: write failed");
      continue;
    }
    if (p.target.kind != Kind::kSpecialFile) continue;
    int opened = -1;
    const auto start = std::chrono::steady_clock::now();
    bool told = false;
    while (opened < 0 && InterruptGuard::caught() == 0) {
      opened = ::open(p.target.resolved.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
      if (opened >= 0) break;
      if (errno == EINTR) continue;
      if (errno != ENXIO || !is_fifo(p.target.resolved)) fail(p.target.path, "cannot open output", errno);
      // A FIFO without a reader yet.
      if (!told && notices != nullptr && std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) {
        *notices << "kreg: waiting for a program to read from named pipe '" << p.target.path << "'\n";
        notices->flush();
        told = true;
      }
      short_wait();
    }
    if (opened < 0) break;
    Descriptor fd(opened);
    if (!write_all(fd.get(), p.content, p.target.path)) break;
  }

  // 3. Replace, unless interrupted: from here on the run's outputs are complete.
  if (InterruptGuard::caught() != 0) stop_interrupted();
  std::set<std::string> directories;
  for (const auto& p : pending_)
    if (!p.temporary.empty()) directories.insert(output_directory(p.target.resolved));
  DirectoryLocks locks;
  if (!locks.acquire(directories)) stop_interrupted();
  std::vector<Replaced> done;
  std::size_t index = 0;
  for (auto& p : pending_) {
    if (p.temporary.empty()) continue;
    Replaced r{p.target.path, p.target.resolved, "", false};
    const int err = replace_one(p.temporary, index++, r);
    if (err != 0) {
      if (r.moved)
        done.push_back(r);  // the old file is aside and nothing in its place: it goes back too
      else if (!r.kept.empty())
        ::unlink(r.kept.c_str());
      const std::string trouble = put_back(done);
      remove_temporaries();
      locks.release();
      throw Error(p.target.path + ": cannot replace: " + std::strerror(err) +
                  (trouble.empty() ? "; no output file was changed" : trouble));
    }
    p.temporary.clear();
    done.push_back(r);
  }
  locks.release();
  for (const auto& r : done)
    if (!r.kept.empty()) ::unlink(r.kept.c_str());
  for (const auto& dir : directories) {  // make the renames themselves durable
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
  }
  guard.pass_on();  // a signal that came during the replacement ends the run now
  pending_.clear();
}

void write_output_file(const std::string& path, const std::string& content) {
  const OutputTarget target = inspect_output(path);
  const std::string reason = unwritable_reason(target);
  if (!reason.empty()) throw Error(path + ": cannot write output file: " + reason);
  OutputSet set;
  set.add(target, content);
  set.commit(std::cout);
}

}  // namespace kreg
