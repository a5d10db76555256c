// The exponential for kernel matrices: exp over long arrays in a loop the compiler turns into
// vector instructions (4 or 8 lanes), where the C library's exp is one call per element. The
// Gaussian, Laplace and Matern kernels spend most of their evaluation time in it.
//
// Method (Cody & Waite 1980; Tang 1989 for the error analysis):
//   exp(x) = 2^k exp(r),  k = round(x / ln 2),  r = x - k ln 2,  |r| <= ln(2) / 2 (+ rounding),
// where k ln 2 is subtracted in two parts (ln2_hi has 32 significant bits, so k ln2_hi is exact
// for |k| < 2^21 and x - k ln2_hi is exact), exp(r) is its Taylor polynomial of degree 13
// (truncation error |r|^14 / 14! < 5e-18 relative), and 2^k is built from its bit pattern.
// Accuracy: within 2 units in the last place of the correctly rounded exp for x in [-708.39, 709]
// (tests/unit/vector_exp_test.cpp measures it against std::exp); results below the smallest
// normal number, 2.2e-308 (x < -708.39), are returned as 0, NaN stays NaN, x > 709 gives +inf.
// The scalar function and the array loop run the same operations, so a kernel value does not
// depend on which of the two computed it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace kreg {

namespace vector_exp_detail {

constexpr double kLog2e = 1.4426950408889634074;       // 1 / ln 2
constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2 to 32 significant bits
constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 - kLn2Hi
constexpr double kRoundShift = 6755399441055744.0;     // 1.5 * 2^52: adding it rounds to an integer
constexpr std::uint64_t kRoundShiftBits = 0x4338000000000000ull;
constexpr double kSmallest = -708.3964185322641;  // ln of the smallest normal number
constexpr double kLargest = 709.0;

inline double bits_to_double(std::uint64_t b) {
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

inline std::uint64_t double_to_bits(double d) {
  std::uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

}  // namespace vector_exp_detail

/// exp(x), with the accuracy and range stated above; the scalar form of exp_in_place.
inline double kernel_exp(double x) {
  using namespace vector_exp_detail;
  // Every comparison is made for every element (no comparison depends on another): the
  // compiler may then turn the selects into blends without changing which exceptions arise.
  const bool underflow = x<kSmallest, overflow = x> kLargest, nan = x != x;
  double xc = underflow ? kSmallest : x;
  xc = overflow ? kLargest : xc;
  xc = nan ? 0.0 : xc;
  const double shifted = xc * kLog2e + kRoundShift;  // the integer nearest x / ln 2, in the low bits
  const double k = shifted - kRoundShift;
  const double r = (xc - k * kLn2Hi) - k * kLn2Lo;
  double p = 1.0 / 6227020800.0;  // 1 / 13!
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  // 2^k: the biased exponent k + 1023 in bits 52..62 (k in [-1022, 1023] after the clamp; the
  // shift drops the high bits of the rounding constant).
  const std::uint64_t scale_bits = (double_to_bits(shifted) - kRoundShiftBits + 1023u) << 52;
  double value = p * bits_to_double(scale_bits);
  value = underflow ? 0.0 : value;
  value = overflow ? std::numeric_limits<double>::infinity() : value;
  return nan ? x : value;
}

/// x[i] := exp(x[i]) for i < count (kernel_exp on every element, vectorised).
void exp_in_place(double* x, std::size_t count);

}  // namespace kreg
