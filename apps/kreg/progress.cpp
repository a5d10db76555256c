// Progress bar drawing, at most ten times a second; "\r" + "ESC[K" erases the line.
#include "progress.h"

#include <cstdio>

namespace kreg::cli {

void ProgressBar::update(std::size_t done, std::size_t total) {
  if (!enabled_ || total == 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && done < total && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  drawn_ = true;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double frac = static_cast<double>(done) / static_cast<double>(total);
  const double remaining = done > 0 ? elapsed * (1.0 - frac) / frac : 0.0;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(frac * kWidth);
  char line[160];
  std::snprintf(line, sizeof line, "\r%s [%-*s] %zu/%zu  %.1fs elapsed, ~%.1fs left  ", label_.c_str(), kWidth,
                std::string(static_cast<std::size_t>(filled), '#').c_str(), done, total, elapsed, remaining);
  err_ << line << "\033[K" << std::flush;
}

void ProgressBar::finish() {
  if (!enabled_ || !drawn_) return;
  err_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace kreg::cli
