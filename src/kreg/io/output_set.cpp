// All-or-none output: stage, write the direct outputs, then rename. Interrupts are noticed
// through a flag that a signal handler sets: OpenMP and OpenBLAS threads may be the ones the
// signal is delivered to, so nothing here relies on a system call of this thread returning
// EINTR; the waits for a FIFO's reader or a full device poll the flag instead.
#include "kreg/io/output_set.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <set>

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

std::string directory_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

[[noreturn]] void fail(const std::string& path, const std::string& what, int err) {
  throw Error((path == "-" ? std::string("standard output") : path) + ": " + what + ": " + std::strerror(err));
}

// Pauses a twentieth of a second (waiting for a FIFO's reader or a device).
void short_wait() {
  const struct timespec pause { 0, 50 * 1000 * 1000 };
  ::nanosleep(&pause, nullptr);
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

}  // namespace

void OutputSet::add(const OutputTarget& target, std::string content) {
  pending_.push_back(Pending{target, std::move(content), ""});
}

void OutputSet::commit(std::ostream& standard_output) {
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
    const std::string& target = p.target.resolved;
    const auto slash = target.find_last_of('/');
    std::string tmpl = target + ".kreg-tmp-XXXXXX";
    if (slash == std::string::npos) tmpl = "./" + tmpl;
    Descriptor fd(::mkostemp(tmpl.data(), O_CLOEXEC));
    if (fd.get() < 0) fail(p.target.path, "cannot create output file", errno);
    p.temporary = tmpl;
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
    while (opened < 0 && InterruptGuard::caught() == 0) {
      opened = ::open(p.target.resolved.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
      if (opened >= 0) break;
      if (errno == ENXIO || errno == EINTR)
        short_wait();  // a FIFO without a reader yet
      else
        fail(p.target.path, "cannot open output", errno);
    }
    if (opened < 0) break;
    Descriptor fd(opened);
    if (!write_all(fd.get(), p.content, p.target.path)) break;
  }

  // 3. Rename, unless interrupted: from here on the run's outputs are complete.
  if (InterruptGuard::caught() != 0) stop_interrupted();
  std::set<std::string> directories;
  for (auto& p : pending_) {
    if (p.temporary.empty()) continue;
    if (std::rename(p.temporary.c_str(), p.target.resolved.c_str()) != 0) fail(p.target.path, "cannot replace", errno);
    p.temporary.clear();
    directories.insert(directory_of(p.target.resolved));
  }
  for (const auto& dir : directories) {  // make the renames themselves durable
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
  }
  guard.pass_on();  // a signal that came during the renames ends the run now
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
