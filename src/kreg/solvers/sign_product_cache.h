// ksgd's memory of recent sign patterns: sign(r) as two bitmaps (positive, negative) with the
// products K sign and K_val sign computed for it. When chattering residuals flip many signs at
// once, the current pattern is often one seen a few updates before (or a few flips away from
// it); K sign(r) then follows from that entry's product plus the columns that differ, instead
// of a full n x n product.
#pragma once

#include <armadillo>
#include <cstdint>
#include <vector>

#include "kreg/core/cpu_dispatch.h"

namespace kreg {

class SignProductCache {
 public:
  struct Pattern {
    std::vector<std::uint64_t> positive, negative;  // bit i: sign_i = +1 / -1
  };
  struct Entry {
    Pattern pattern;
    arma::vec Ks, Kvs;  // K sign and K_val sign (Kvs empty without validation data)
  };
  static constexpr std::size_t kCapacity = 16;

  SignProductCache() { entries_.reserve(kCapacity); }  // entries never move: pointers to them stay valid

  KREG_ALWAYS_INLINE static void encode(const double* sign, arma::uword n, Pattern& out) {
    const std::size_t words = (n + 63) / 64;
    out.positive.assign(words, 0);
    out.negative.assign(words, 0);
    for (arma::uword i = 0; i < n; ++i) {
      const std::uint64_t bit = std::uint64_t{1} << (i % 64);
      if (sign[i] > 0.0) out.positive[i / 64] |= bit;
      if (sign[i] < 0.0) out.negative[i / 64] |= bit;
    }
  }

  /// Number of coordinates where two patterns differ.
  KREG_ALWAYS_INLINE static std::size_t distance(const Pattern& a, const Pattern& b) {
    std::size_t d = 0;
    for (std::size_t w = 0; w < a.positive.size(); ++w)
      d += static_cast<std::size_t>(
          __builtin_popcountll((a.positive[w] ^ b.positive[w]) | (a.negative[w] ^ b.negative[w])));
    return d;
  }

  /// The entry closest to `p` (first of equals, oldest first), or null when empty.
  KREG_ALWAYS_INLINE Entry* nearest(const Pattern& p, std::size_t& dist) {
    Entry* best = nullptr;
    dist = static_cast<std::size_t>(-1);
    for (std::size_t q = 0; q < entries_.size(); ++q) {
      Entry& e = entries_[(next_ + q) % entries_.size()];
      const std::size_t d = distance(p, e.pattern);
      if (d < dist) dist = d, best = &e;
    }
    return best;
  }

  /// Keeps (p, Ks, Kvs), replacing the oldest entry when full.
  void store(const Pattern& p, const arma::vec& Ks, const arma::vec& Kvs) {
    if (entries_.size() < kCapacity) {
      entries_.push_back({p, Ks, Kvs});
      return;
    }
    Entry& e = entries_[next_];
    e.pattern = p;
    e.Ks = Ks;
    e.Kvs = Kvs;
    next_ = (next_ + 1) % kCapacity;
  }

  void clear() {
    entries_.clear();
    next_ = 0;
  }

 private:
  std::vector<Entry> entries_;
  std::size_t next_ = 0;  // once full: the oldest entry, replaced next
};

}  // namespace kreg
