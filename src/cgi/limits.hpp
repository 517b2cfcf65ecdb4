#pragma once
// Every bound the CGI front end puts on a request, in one place (the README's "Limits" table
// is written from this file). A CGI process runs once per HTTP request on a shared server, so
// each bound is chosen to keep one request well under a second of CPU and a few tens of MB.

#include <cstddef>
#include <cstdint>

#include "app/job/job.hpp"
#include "render/animation/animation.hpp"
#include "solve/solver.hpp"

namespace slidegif::cgi {

// Query string: longer ones are refused before decoding.
inline constexpr std::size_t kMaxQueryBytes = 4096;
// Boards: only sizes the solver proves optimal within the budget below.
inline constexpr int kMaxRequestCells = kMaxOptimalCells;  // 16, i.e. up to 4x4
// Search budget for an optimal answer. Past it (no pattern database for a hard 4x4, or a long
// narrow board) the near-optimal solver gets kFallbackSeconds more and the GIF says "not
// optimal"; a handler configured without that fallback answers 503 instead.
inline constexpr double kSearchSeconds = 2.0;
inline constexpr std::uint64_t kSearchNodes = 60'000'000;
inline constexpr double kFallbackSeconds = 0.5;
// The above as the settings of every request's job. Databases are used where the server has
// them ($SLIDEGIF_PDB_DIR); the CGI never builds them.
inline constexpr SolveOptions kSolveSettings{.max_seconds = kSearchSeconds,
                                             .max_nodes = kSearchNodes,
                                             .near_optimal_fallback = true,
                                             .fallback_seconds = kFallbackSeconds,
                                             .use_pdb = true};
// Rendering: the same limits type as the command line's, stricter numbers.
inline constexpr RenderLimits kRenderLimits{
    .min_tile_px = 16,
    .max_tile_px = 160,
    .max_tween = 8,
    .min_delay_ms = 20,
    .max_delay_ms = 5000,
    .max_loop = 1000,
    .max_title_bytes = 80,
    .max_frames = 300,
    .max_frame_pixels = 640LL * 640LL,
    .max_total_pixels = 40'000'000LL,
    // Video: VP9 codes about 2 million board pixels a second of CPU here (docs/BENCHMARKS.md),
    // so the largest video stays near 4 s, under the worker's 10 s backstop on a slower core.
    // A fitted tile shrinks to keep within it; a tile or tween count asked for is refused.
    .max_video_pixels = 8'000'000LL,
    // The administrator's pictures (SLIDEGIF_PICTURE_DIR): decoded per request, so modest.
    .max_picture_bytes = 8LL << 20,
    .max_picture_pixels = 16'000'000LL,
};
// Process backstops set in main() (the in-process bounds above should never reach them).
// Private memory (RLIMIT_DATA: the heap and private writable mappings), not address space: the
// mapped pattern databases (up to 288 MB, shared with every other process) and the libraries'
// code are not the request's to pay for.
inline constexpr std::uint64_t kPrivateMemoryBytes = 512ull << 20;
inline constexpr unsigned kCpuSeconds = 10;
// How long caches may keep a deterministic answer: it never changes for a given program version.
inline constexpr int kCacheMaxAgeSeconds = 86400;

}  // namespace slidegif::cgi
