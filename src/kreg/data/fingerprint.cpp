// FNV-1a: h = (h xor byte) * 1099511628211 from the offset basis 14695981039346656037.
#include "kreg/data/fingerprint.h"

#include <cstdint>
#include <cstdio>

namespace kreg {

namespace {

class Fnv1a {
 public:
  void bytes(const void* data, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) h_ = (h_ ^ p[i]) * 1099511628211ULL;
  }
  void text(const std::string& s) {
    const std::uint64_t size = s.size();  // the length first: ("ab", "c") differs from ("a", "bc")
    bytes(&size, sizeof size);
    bytes(s.data(), s.size());
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 14695981039346656037ULL;
};

}  // namespace

std::string data_fingerprint(const Dataset& data) {
  Fnv1a h;
  const std::uint64_t shape[2] = {data.n(), data.p()};
  h.bytes(shape, sizeof shape);
  for (const std::string& name : data.feature_names) h.text(name);
  h.text(data.target_name);
  h.bytes(data.X.memptr(), data.X.n_elem * sizeof(double));
  h.bytes(data.y.memptr(), data.y.n_elem * sizeof(double));
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h.value()));
  return buf;
}

}  // namespace kreg
