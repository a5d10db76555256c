// Nearest-name suggestions.
#include "kreg/core/suggest.h"

#include <algorithm>

namespace kreg {

namespace {
std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}
}  // namespace

bool equal_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && lower(a) == lower(b);
}

std::string canonical_name(const std::string& given, const std::vector<std::string>& names) {
  for (const auto& name : names)
    if (equal_ignoring_case(given, name)) return name;
  return given;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::string closest_name(const std::string& given, const std::vector<std::string>& candidates) {
  if (given.empty() || given.size() > 200) return "";
  const std::string g = lower(given);
  for (const auto& c : candidates)
    if (lower(c) == g) return c;
  const std::size_t limit = given.size() <= 4 ? 1 : 2;
  std::string best;
  std::size_t best_distance = limit + 1;
  for (const auto& c : candidates) {
    if (c.size() > given.size() + limit || given.size() > c.size() + limit) continue;
    const std::size_t d = edit_distance(g, lower(c));
    if (d < best_distance && d < given.size()) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& given, const std::vector<std::string>& candidates,
                         const std::string& quote) {
  const std::string best = closest_name(given, candidates);
  return best.empty() ? "" : " (did you mean " + quote + best + quote + "?)";
}

}  // namespace kreg
