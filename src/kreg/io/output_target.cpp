// Symbolic links followed by hand (readlink in a loop), so that a dangling link still tells
// where its file is to be created, and a loop or a missing directory can be named.
#include "kreg/io/output_target.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "kreg/io/replaceable.h"

namespace kreg {

namespace {

constexpr int kMaxLinks = 40;  // as Linux's own limit on symbolic links in one lookup

std::string directory_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The text of the link at `path`, or "" when it cannot be read.
std::string read_link(const std::string& path) {
  std::vector<char> buf(PATH_MAX + 1);
  const ssize_t len = ::readlink(path.c_str(), buf.data(), buf.size() - 1);
  if (len <= 0) return "";
  return std::string(buf.data(), static_cast<std::size_t>(len));
}

}  // namespace

OutputTarget inspect_output(const std::string& path) {
  OutputTarget t;
  t.path = path;
  t.resolved = path;
  if (path == "-") {
    t.kind = OutputTarget::Kind::kStandardOutput;
    return t;
  }
  for (int links = 0; links <= kMaxLinks; ++links) {
    struct stat info {};
    if (::lstat(t.resolved.c_str(), &info) != 0) {
      t.kind = OutputTarget::Kind::kNewFile;  // nothing there (or an unreachable directory)
      return t;
    }
    if (S_ISLNK(info.st_mode)) {
      const std::string next = read_link(t.resolved);
      if (next.empty()) return t;  // kNewFile at an unreadable link: unwritable_reason says why
      t.resolved = next.front() == '/' ? next : directory_of(t.resolved) + "/" + next;
      continue;
    }
    t.mode = info.st_mode & 07777;
    t.type = info.st_mode & S_IFMT;
    t.uid = info.st_uid;
    t.gid = info.st_gid;
    t.device = info.st_dev;
    t.inode = info.st_ino;
    if (S_ISREG(info.st_mode))
      t.kind = OutputTarget::Kind::kRegularFile;
    else if (S_ISDIR(info.st_mode))
      t.kind = OutputTarget::Kind::kDirectory;
    else
      t.kind = OutputTarget::Kind::kSpecialFile;
    return t;
  }
  return t;  // too many links: kNewFile at a link, reported by unwritable_reason
}

std::string unwritable_reason(const OutputTarget& t) {
  using Kind = OutputTarget::Kind;
  switch (t.kind) {
    case Kind::kStandardOutput:
      return "";
    case Kind::kDirectory:
      return "is a directory";
    case Kind::kSpecialFile:
      if (S_ISSOCK(t.type))
        return "it is a socket, which kreg cannot write to; give a file, a device or a named pipe (mkfifo)";
      return ::access(t.resolved.c_str(), W_OK) == 0 ? "" : std::strerror(errno);
    case Kind::kNewFile:
    case Kind::kRegularFile:
      break;
  }
  struct stat info {};
  if (t.kind == Kind::kNewFile && ::lstat(t.resolved.c_str(), &info) == 0 && S_ISLNK(info.st_mode))
    return "too many levels of symbolic links, or a link that cannot be read";
  const std::string dir = directory_of(t.resolved);
  if (::stat(dir.c_str(), &info) != 0) {
    if (errno == ENOENT) return "directory '" + dir + "' does not exist";
    return "directory '" + dir + "': " + std::strerror(errno);
  }
  if (!S_ISDIR(info.st_mode)) return "'" + dir + "' is not a directory";
  // A replacement is created beside the file, so the directory itself must be writable.
  if (::access(dir.c_str(), W_OK | X_OK) != 0) return "directory '" + dir + "': " + std::strerror(errno);
  const std::string obstacle = directory_obstacle(dir);
  if (!obstacle.empty()) return obstacle;
  const std::string name = base_name(t.resolved);
  const long longest = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  const std::size_t limit = longest > 0 ? static_cast<std::size_t>(longest) : NAME_MAX;
  if (name.size() > limit)
    return "the file name is " + std::to_string(name.size()) + " bytes long; names in directory '" + dir +
           "' can be at most " + std::to_string(limit) + " bytes";
  if (t.kind == Kind::kNewFile && ::lstat(t.resolved.c_str(), &info) != 0 && errno != ENOENT)
    return std::strerror(errno);
  // The surest test that the run's files can be made here: make one (and remove it).
  std::string probe;
  const int fd = create_temporary_file(dir, "tmp", probe);
  if (fd < 0) return "cannot create a file in directory '" + dir + "': " + std::strerror(errno);
  ::close(fd);
  ::unlink(probe.c_str());
  if (t.kind == Kind::kRegularFile) return replacement_obstacle(t.resolved, dir);
  return "";
}

std::string output_directory(const std::string& resolved) { return directory_of(resolved); }

int create_temporary_file(const std::string& dir, const char* tag, std::string& name) {
  std::string pattern = dir + "/.kreg-" + tag + "-XXXXXX";
  const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd >= 0) name = pattern;
  return fd;
}

std::string file_identity(const std::string& path) {
  if (path == "-") return "-";
  const OutputTarget t = inspect_output(path);
  if (t.kind != OutputTarget::Kind::kNewFile)
    return "inode " + std::to_string(t.device) + ":" + std::to_string(t.inode);
  char* dir = ::realpath(directory_of(t.resolved).c_str(), nullptr);
  if (dir == nullptr) return "path " + t.resolved;
  std::string id = "path " + std::string(dir) + "/" + base_name(t.resolved);
  std::free(dir);
  return id;
}

}  // namespace kreg
