#include "render/encode/webp_frame.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "render/pixels/common_prefix.hpp"
#include "render/pixels/little_endian.hpp"

namespace slidegif::detail {

namespace {

constexpr int kKept = 256;  // the key of a transparent pixel, after the 256 palette indices
constexpr std::size_t kKeys = 257;
constexpr int kMixed = -1;  // a run's colour when it is the row's pixels, of several colours

// Pixels [from, to) of row y: of one colour, or of the row's own colours (kMixed; only ever
// unchanged); kept: no pixel of it differs from the frame before.
struct Run {
  int y, from, to, colour;
  bool kept;
};

constexpr std::uint64_t kBytes = 0x0101010101010101ULL;

// The runs of one colour in [x, to) of a row, with whether each changed. A run's end is found
// eight pixels at a time without a branch per pixel: antialiased edges make many short runs.
void add_colour_runs(int y, const std::uint8_t* row, const std::uint8_t* before, int x, int to,
                     std::vector<Run>& runs) {
  while (x < to) {
    const std::uint8_t colour = row[x];
    std::uint64_t changed = 0;
    int end = x;
    for (; end + 8 <= to; end += 8) {
      const auto now = read_le<std::uint64_t>(row + end);
      const std::uint64_t other = now ^ (colour * kBytes);
      const std::uint64_t diff = now ^ read_le<std::uint64_t>(before + end);
      if (other != 0) {
        const int same = std::countr_zero(other) / 8;  // pixels of the run in this word
        changed |= diff & ((std::uint64_t{1} << (8 * same)) - 1);
        end += same;
        break;
      }
      changed |= diff;
    }
    if (end + 8 > to) {
      for (; end < to && row[end] == colour; ++end) changed |= row[end] ^ before[end];
    }
    runs.push_back({y, x, end, colour, changed == 0});
    x = end;
  }
}

// Row y as runs. Only the part from the first changed run to the last is looked at colour by
// colour; what is unchanged on either side is a run each, whatever its colours (most of a
// frame that spans a moving tile and the caption is unchanged).
void add_runs(int y, const std::uint8_t* row, const std::uint8_t* before, int width,
              std::vector<Run>& runs) {
  const int first = common_prefix(row, before, width);
  if (first == width) {
    runs.push_back({y, 0, width, kMixed, true});
    return;
  }
  int from = first, to = width - common_suffix(row, before, width);
  while (from > 0 && row[from - 1] == row[first]) --from;
  while (to < width && row[to] == row[to - 1]) ++to;
  if (from > 0) runs.push_back({y, 0, from, kMixed, true});
  add_colour_runs(y, row, before, from, to, runs);
  if (to < width) runs.push_back({y, to, width, kMixed, true});
}

}  // namespace

WebpFrame webp_frame(IndexedView frame, const Rect& area, std::span<const std::uint8_t> previous,
                     int canvas_width, std::span<const std::uint32_t> argb, bool blend) {
  const auto row_at = [&](int y) { return frame.rows[area.y + y] + area.x; };
  std::vector<Run> runs;
  runs.reserve(static_cast<std::size_t>(area.h) * 8);
  for (int y = 0; y < area.h; ++y) {
    const auto at = static_cast<std::size_t>(area.y + y) * static_cast<std::size_t>(canvas_width);
    if (blend) {
      add_runs(y, row_at(y), &previous[at + static_cast<std::size_t>(area.x)], area.w, runs);
    } else {
      runs.push_back({y, 0, area.w, kMixed, false});
    }
  }
  bool transparent = blend;
  std::array<bool, kKeys> used{};
  const auto mark_used = [&] {
    for (const Run& run : runs) {
      if (transparent && run.kept) {
        used[kKept] = true;
      } else if (run.colour != kMixed) {
        used[static_cast<std::size_t>(run.colour)] = true;
      } else {
        const std::uint8_t* row = row_at(run.y);
        for (int x = run.from; x < run.to; ++x) used[row[x]] = true;
      }
    }
  };
  mark_used();
  if (std::count(used.begin(), used.end(), true) > kKept) {
    transparent = false;
    used = {};
    mark_used();
  }
  std::vector<std::pair<std::uint32_t, int>> by_value;
  for (int k = 0; k <= kKept; ++k) {
    if (used[static_cast<std::size_t>(k)]) {
      by_value.emplace_back(k == kKept ? 0 : argb[static_cast<std::size_t>(k)], k);
    }
  }
  std::sort(by_value.begin(), by_value.end());
  WebpFrame out;
  std::array<std::uint8_t, kKeys> slot{};
  for (const auto& [colour, k] : by_value) {
    slot[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(out.colours.size());
    out.colours.push_back(colour);
  }
  const auto w = static_cast<std::size_t>(area.w);
  out.pixels.resize(w * static_cast<std::size_t>(area.h) + 8);
  for (const Run& run : runs) {
    std::uint8_t* dst = &out.pixels[static_cast<std::size_t>(run.y) * w];
    if (run.colour == kMixed && !(transparent && run.kept)) {
      const std::uint8_t* row = row_at(run.y);
      for (int x = run.from; x < run.to; ++x) dst[x] = slot[row[x]];
      continue;
    }
    const std::uint8_t value = slot[transparent && run.kept ? kKept : run.colour];
    if (run.to - run.from <= 8) {  // one store, spilling into what the next run rewrites
      const std::uint64_t word = value * kBytes;
      std::memcpy(dst + run.from, &word, 8);
    } else {
      std::memset(dst + run.from, value, static_cast<std::size_t>(run.to - run.from));
    }
  }
  out.pixels.resize(w * static_cast<std::size_t>(area.h));
  return out;
}

}  // namespace slidegif::detail
