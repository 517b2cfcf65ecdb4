#pragma once
// Every bound the CGI front end puts on a request, in one place (the README's "Limits" table
// is written from this file). A CGI process runs once per HTTP request on a shared server, so
// each bound is chosen to keep one request well under a second of CPU and a few tens of MB.

#include <cstddef>
#include <cstdint>

#include "slidegif/animation.hpp"
#include "slidegif/solver.hpp"

namespace slidegif::cgi {

// Query string: longer ones are refused before decoding.
inline constexpr std::size_t kMaxQueryBytes = 4096;
// Boards: only sizes the solver proves optimal within the budget below.
inline constexpr int kMaxCells = kMaxOptimalCells;  // 16, i.e. up to 4x4
// Search budget for an optimal answer. Past it (no pattern database for a hard 4x4, or a long
// narrow board) the near-optimal solver gets kFallbackSeconds more and the GIF says "not
// optimal"; a handler configured without that fallback answers 503 instead.
inline constexpr double kSearchSeconds = 2.0;
inline constexpr std::uint64_t kSearchNodes = 60'000'000;
inline constexpr double kFallbackSeconds = 0.5;
// Rendering.
inline constexpr int kMinTilePx = slidegif::kMinTilePx;
inline constexpr int kMaxTilePx = 160;
inline constexpr int kMaxTween = 8;
inline constexpr int kMinDelayMs = 20;
inline constexpr int kMaxDelayMs = 5000;
inline constexpr int kMaxLoop = 1000;
inline constexpr std::size_t kMaxTitleBytes = 80;
inline constexpr int kMaxFrames = 300;
// Board pixels of one frame, (cols * tile) * (rows * tile), and summed over all frames.
inline constexpr long kMaxFramePixels = 640L * 640L;
inline constexpr long kMaxTotalPixels = 40'000'000L;
// Process backstops set in main() (the in-process bounds above should never reach them).
inline constexpr std::uint64_t kAddressSpaceBytes = 512ull << 20;
inline constexpr unsigned kCpuSeconds = 10;
// How long caches may keep a deterministic answer: it never changes for a given program version.
inline constexpr int kCacheMaxAgeSeconds = 86400;

}  // namespace slidegif::cgi
