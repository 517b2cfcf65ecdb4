// libFuzzer target: the picture loader (decode_picture), which reads every picture a user or a
// server's directory hands over: the header sniffing (PNG, JPEG, WebP, GIF) and libgd's
// decoders behind it. Seeds: tests/fuzz/corpus/picture (small pictures of each format).
//
// Checks: bad input fails with slidegif::Error only; a decoded picture has the size its header
// claimed, within the limits, and fits onto a small board. The limits are tight (64 K pixels) so
// each run stays fast whatever the header claims.

#include <cstddef>
#include <cstdint>
#include <span>

#include "render/animation/animation.hpp"
#include "slidegif/error.hpp"
#include "slidegif/picture.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  slidegif::RenderLimits limits;
  limits.max_picture_bytes = 1 << 20;
  limits.max_picture_pixels = 1 << 16;
  try {
    const slidegif::Picture p = slidegif::decode_picture("fuzz", {data, size}, limits);
    if (p.width() < 1 || p.height() < 1 ||
        static_cast<long long>(p.width()) * p.height() > limits.max_picture_pixels) {
      __builtin_trap();
    }
    if (slidegif::fit_picture(p, 12, 8).size() != 96) __builtin_trap();
  } catch (const slidegif::Error&) {
  }
  return 0;
}
