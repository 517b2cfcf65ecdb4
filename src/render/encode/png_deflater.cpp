#include "render/encode/png_deflater.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <new>

#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

// libdeflate's level 9: on tests/bench/format_savings_bench.sh's animations level 6 saves up to
// 6 points less in 0.65 of the time, level 10 no more than 1.3 points more in 3.7 times
// (docs/BENCHMARKS.md).
constexpr int kLevel = 9;
// A frame's ways of being written are compared at the fastest level, which picked as well as
// level 9 itself on the animations measured, and only the smallest is written at level 9.
constexpr int kRankingLevel = 1;

Compressor make_compressor(int level) {
  Compressor c(libdeflate_alloc_compressor(level));
  if (!c) throw std::bad_alloc();  // a server answers 503: try again
  return c;
}

// `raw` (filtered rows) in the zlib format, as PNG's IDAT and fdAT hold it.
std::vector<std::uint8_t> deflate(libdeflate_compressor* c, const std::vector<std::uint8_t>& raw) {
  std::vector<std::uint8_t> out(libdeflate_zlib_compress_bound(c, raw.size()));
  const std::size_t size =
      libdeflate_zlib_compress(c, raw.data(), raw.size(), out.data(), out.size());
  if (size == 0) throw Error(Error::Kind::Render, "PNG: libdeflate could not compress a frame");
  out.resize(size);
  return out;
}

// How a frame's unchanged pixels are written. Which codes smaller depends on what is around
// them, so the writer tries both. (Every unchanged pixel transparent, as this writer did before,
// was a third way; leaving it out changed format_savings_bench's worst savings by at most 0.3
// of a point, upwards.)
enum class Unchanged {
  Itself,     // rows copy the rows above: a sliding tile's gradient
  Continued,  // itself where that continues the run on its left, or the row above after an
              // opaque pixel, else transparent: new text among old, changes far apart
};

// Rows of `area`, filter type 0 before each (palette images code best unfiltered); with
// `previous`, unchanged pixels written as `unchanged` says.
std::vector<std::uint8_t> filtered_rows(IndexedView frame, const Rect& area,
                                        const std::vector<std::uint8_t>* previous,
                                        std::uint8_t transparent, Unchanged unchanged) {
  const auto stride = static_cast<std::size_t>(area.w) + 1;
  std::vector<std::uint8_t> raw(stride * static_cast<std::size_t>(area.h));
  const auto w = static_cast<std::size_t>(frame.width);
  for (int y = 0; y < area.h; ++y) {
    std::uint8_t* out = raw.data() + static_cast<std::size_t>(y) * stride + 1;  // after the filter
    const std::uint8_t* row = frame.rows[area.y + y] + area.x;
    if (previous == nullptr || unchanged == Unchanged::Itself) {
      std::copy(row, row + area.w, out);
      continue;
    }
    const std::uint8_t* prev = previous->data() + static_cast<std::size_t>(area.y + y) * w +
                               static_cast<std::size_t>(area.x);
    const std::uint8_t* above = y > 0 ? out - stride : nullptr;
    for (int x = 0; x < area.w; ++x) {
      bool keep = row[x] != prev[x];
      if (!keep && x > 0) {
        keep = out[x - 1] == row[x] ||
               (out[x - 1] != transparent && above != nullptr && above[x] == row[x]);
      }
      out[x] = keep ? row[x] : transparent;
    }
  }
  return raw;
}

}  // namespace

void CompressorFree::operator()(libdeflate_compressor* c) const {
  libdeflate_free_compressor(c);
}

PngDeflater::PngDeflater(Frames frames)
    : ranking_(frames == Frames::Many ? make_compressor(kRankingLevel) : nullptr),
      final_(make_compressor(kLevel)) {}

std::vector<std::uint8_t> PngDeflater::rows(IndexedView frame, const Rect& area,
                                            const std::vector<std::uint8_t>* previous,
                                            std::uint8_t transparent) const {
  if (previous == nullptr) {
    return deflate(final_.get(),
                   filtered_rows(frame, area, nullptr, transparent, Unchanged::Itself));
  }
  std::vector<std::uint8_t> best;
  std::size_t best_size = 0;
  libdeflate_compressor* ranking = ranking_ ? ranking_.get() : final_.get();
  for (const Unchanged u : {Unchanged::Itself, Unchanged::Continued}) {
    std::vector<std::uint8_t> raw = filtered_rows(frame, area, previous, transparent, u);
    const std::size_t size = deflate(ranking, raw).size();
    if (best.empty() || size < best_size) {
      best = std::move(raw);
      best_size = size;
    }
  }
  return deflate(final_.get(), best);
}

}  // namespace slidegif::detail
