// The names of the tuning's radial kernels and their shapes from the kernel settings.
#include "kreg/gp/gp_kernel.h"

namespace kreg {

std::string gp_kernel_name(GpKernel kernel) {
  switch (kernel) {
    case GpKernel::kGaussian:
      return "gaussian";
    case GpKernel::kLaplace:
      return "laplace";
    case GpKernel::kMatern32:
      return "matern32";
    case GpKernel::kMatern52:
      return "matern52";
    case GpKernel::kCauchy:
      return "cauchy";
    case GpKernel::kRationalQuadratic:
      return "rational_quadratic";
  }
  return "";  // not reached
}

std::optional<GpKernelShape> gp_kernel_shape(const KernelSettings& settings) {
  const nlohmann::ordered_json j = make_kernel(settings).to_json();
  const std::string name = j.value("name", "");
  for (GpKernel k : {GpKernel::kGaussian, GpKernel::kLaplace, GpKernel::kMatern32, GpKernel::kMatern52,
                     GpKernel::kCauchy, GpKernel::kRationalQuadratic}) {
    if (name != gp_kernel_name(k)) continue;
    GpKernelShape shape;
    shape.kernel = k;
    if (k == GpKernel::kRationalQuadratic) shape.shape = j.at("shape").get<double>();
    return shape;
  }
  return std::nullopt;
}

}  // namespace kreg
