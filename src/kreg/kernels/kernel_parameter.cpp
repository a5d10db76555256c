// The parameter shared by the radial kernels.
#include "kreg/kernels/kernel_parameter.h"

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"

namespace kreg {

void check_positive(const std::string& key, double value) {
  if (!(value > 0.0 && std::isfinite(value)))
    throw ConfigError(key, "must be a finite number > 0, got " + number_text(value));
}

namespace {
void check_bandwidth(double v) {
  check_positive("bandwidth", v);
  // The formulas divide by sigma^2, which must neither underflow to 0 nor overflow.
  if (!(v >= 1e-150 && v <= 1e150))
    throw ConfigError("bandwidth",
                      "must lie between 1e-150 and 1e150 (its square must be a normal number), got " + number_text(v));
}
}  // namespace

const KernelParameter& bandwidth_parameter() {
  static const KernelParameter p{
      "bandwidth",    "sigma", 1.0, 0.0, false, Simpler::kLarger, "kernel bandwidth sigma > 0 (radial kernels)",
      check_bandwidth};
  return p;
}

}  // namespace kreg
