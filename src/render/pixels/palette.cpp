#include "render/pixels/palette.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <iterator>

#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

constexpr std::size_t kGifColors = 256;

}  // namespace

long color_distance(Rgb a, Rgb b) {
  const long rmean = (long{a.r} + b.r) / 2;
  const long dr = long{a.r} - b.r, dg = long{a.g} - b.g, db = long{a.b} - b.b;
  return (((512 + rmean) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rmean) * db * db) >> 8);
}

Palette::Palette(std::vector<Rgb> colors, std::vector<Rgb> later_colors)
    : colors_(std::move(colors)), transparent_(static_cast<int>(colors_.size())) {
  // The reserved transparent slot gets a colour no theme uses: should it ever show in a
  // decoded frame, it stands out (nearest() never picks it).
  colors_.push_back({1, 254, 3});
  colors_.insert(colors_.end(), later_colors.begin(), later_colors.end());
  if (colors_.size() > kGifColors) {
    throw Error(Error::Kind::Render,
                fmt::format("palette needs {} colours, GIF allows 256", colors_.size()));
  }
  for (int i = 0; i < size(); ++i) {
    if (i != transparent_) by_green_.push_back(static_cast<std::uint8_t>(i));
  }
  std::stable_sort(by_green_.begin(), by_green_.end(),
                   [this](std::uint8_t a, std::uint8_t b) { return colors_[a].g < colors_[b].g; });
  std::copy_if(by_green_.begin(), by_green_.end(), std::back_inserter(front_by_green_),
               [this](std::uint8_t i) { return i < transparent_; });
}

int Palette::nearest(Rgb c, const std::vector<std::uint8_t>& by_green) const {
  // Entries in order of green, searched outwards from c's green: the distance is at least
  // 4 * (green difference)^2, so once both directions are that far off nothing closer is
  // left. Ties go to the lowest index, as a plain scan would.
  int best = 0;
  long best_d = LONG_MAX;
  auto consider = [&](int i) {
    const long d = color_distance(c, colors_[static_cast<std::size_t>(i)]);
    if (d < best_d || (d == best_d && i < best)) best_d = d, best = i;
  };
  auto green_gap = [&](std::size_t k) {
    const long dg = long{colors_[by_green[k]].g} - c.g;
    return 4 * dg * dg;
  };
  const auto mid =
      std::lower_bound(by_green.begin(), by_green.end(), c.g,
                       [this](std::uint8_t i, std::uint8_t g) { return colors_[i].g < g; }) -
      by_green.begin();
  std::ptrdiff_t lo = mid - 1, hi = mid;
  const auto n = static_cast<std::ptrdiff_t>(by_green.size());
  while (lo >= 0 || hi < n) {
    const long gap_lo = lo >= 0 ? green_gap(static_cast<std::size_t>(lo)) : LONG_MAX;
    const long gap_hi = hi < n ? green_gap(static_cast<std::size_t>(hi)) : LONG_MAX;
    if (std::min(gap_lo, gap_hi) > best_d) break;
    if (gap_lo <= gap_hi) {
      consider(by_green[static_cast<std::size_t>(lo--)]);
    } else {
      consider(by_green[static_cast<std::size_t>(hi++)]);
    }
  }
  return best;
}

}  // namespace slidegif::detail
