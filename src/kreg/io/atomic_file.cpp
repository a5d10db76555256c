// Temporary file + fsync-free rename(2): atomic on POSIX file systems.
#include "kreg/io/atomic_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "kreg/core/errors.h"

namespace kreg {

void write_file_atomically(const std::string& path, const std::string& content) {
  std::vector<char> tmpl(path.begin(), path.end());
  const std::string suffix = ".kreg-tmp-XXXXXX";
  tmpl.insert(tmpl.end(), suffix.begin(), suffix.end());
  tmpl.push_back('\0');
  const int fd = mkstemp(tmpl.data());
  if (fd < 0) throw Error(path + ": cannot create output file: " + std::strerror(errno));
  const std::string tmp(tmpl.data());
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t w = ::write(fd, content.data() + written, content.size() - written);
    if (w < 0) {
      const int err = errno;
      ::close(fd);
      std::remove(tmp.c_str());
      throw Error(path + ": write failed: " + std::strerror(err));
    }
    written += static_cast<std::size_t>(w);
  }
  fchmod(fd, 0644);
  if (::close(fd) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    std::remove(tmp.c_str());
    throw Error(path + ": cannot write output file: " + std::strerror(err));
  }
}

std::string format_double(double value) {
  if (!std::isfinite(value)) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", value);
  return buf;
}

}  // namespace kreg
