// Inode flags come from statx (the file need not be opened); where the file system does not
// report them there, from the FS_IOC_GETFLAGS ioctl on the file opened for reading, when it can
// be. A flag that cannot be read is taken as not set: the replacement step at the end of the
// run still puts everything back if a rename fails.
#include "kreg/io/replaceable.h"

#include <fcntl.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <pwd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace kreg {

namespace {

struct Attributes {
  bool immutable = false;
  bool append_only = false;
  bool mount_root = false;
};

Attributes attributes_of(const std::string& path) {
  Attributes a;
  bool flags_known = false;
  struct statx sx {};
  if (::statx(AT_FDCWD, path.c_str(), AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, &sx) == 0) {
    const auto mask = sx.stx_attributes_mask;
    if ((mask & STATX_ATTR_IMMUTABLE) != 0 && (mask & STATX_ATTR_APPEND) != 0) {
      flags_known = true;
      a.immutable = (sx.stx_attributes & STATX_ATTR_IMMUTABLE) != 0;
      a.append_only = (sx.stx_attributes & STATX_ATTR_APPEND) != 0;
    }
#ifdef STATX_ATTR_MOUNT_ROOT
    if ((mask & STATX_ATTR_MOUNT_ROOT) != 0) a.mount_root = (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
#endif
  }
  if (!flags_known) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd >= 0) {
      int flags = 0;
      if (::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) {
        a.immutable = (flags & FS_IMMUTABLE_FL) != 0;
        a.append_only = (flags & FS_APPEND_FL) != 0;
      }
      ::close(fd);
    }
  }
  return a;
}

// Whether this process may replace other users' files in a sticky directory (CAP_FOWNER, which
// root has unless it was dropped).
bool may_override_sticky() {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3]{};
  if (::syscall(SYS_capget, &header, data) != 0) return ::geteuid() == 0;
  return ((data[CAP_FOWNER / 32].effective >> (CAP_FOWNER % 32)) & 1u) != 0;
}

std::string user_name(uid_t uid) {
  const struct passwd* entry = ::getpwuid(uid);
  return entry != nullptr ? "user " + std::string(entry->pw_name) : "user id " + std::to_string(uid);
}

}  // namespace

std::string directory_obstacle(const std::string& dir) {
  const Attributes a = attributes_of(dir);
  if (a.immutable) return "directory '" + dir + "' is immutable (chattr +i): no file can be created or replaced in it";
  if (a.append_only)
    return "directory '" + dir + "' is append-only (chattr +a): files in it cannot be renamed or replaced";
  return "";
}

std::string replacement_obstacle(const std::string& path, const std::string& dir) {
  const Attributes a = attributes_of(path);
  if (a.immutable)
    return "the file is immutable (chattr +i), so it cannot be replaced; clear the flag (chattr -i) or give another "
           "file name";
  if (a.append_only)
    return "the file is append-only (chattr +a), so it cannot be replaced; clear the flag (chattr -a) or give "
           "another file name";
  struct stat file {
  }, directory{};
  if (::stat(path.c_str(), &file) != 0 || ::stat(dir.c_str(), &directory) != 0) return "";
  if (a.mount_root || file.st_dev != directory.st_dev)
    return "a file system is mounted on it, and a mount point cannot be replaced; give another file name";
  const uid_t me = ::geteuid();
  if ((directory.st_mode & S_ISVTX) != 0 && file.st_uid != me && directory.st_uid != me && !may_override_sticky())
    return "the file belongs to another user (" + user_name(file.st_uid) + "), and in directory '" + dir +
           "', which is sticky (as /tmp is), only a file's owner may replace it; give another file name";
  return "";
}

}  // namespace kreg
