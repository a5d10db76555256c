// libFuzzer harness: grid text as --lambda-grid and the other grid options read it
// ("logspace:a:b:n", "linspace:a:b:n", "a,b,c"). Every input gives finite values or a kreg::Error.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/core/grid.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    for (const double v : kreg::parse_grid(text, "grid"))
      if (!std::isfinite(v)) std::abort();  // the grid parser promises finite values
  } catch (const kreg::Error&) {
    // refused with a message
  }
  return 0;
}
