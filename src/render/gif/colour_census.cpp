#include "render/gif/colour_census.hpp"

#include <algorithm>
#include <tuple>

namespace slidegif::detail {

ColourCensus::ColourCensus(int width, int height)
    : width_(width),
      previous_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {}

void ColourCensus::add_frame(IndexedView frame, int /*delay_cs*/, const Rect& dirty) {
  const Rect area = area_to_code(frame, previous_, dirty, frames_ == 0);
  if (frames_++ == 0) {  // the first frame shows every colour whatever the order: it ranks none
    keep_area(frame, previous_, area);
    return;
  }
  Need need;
  const auto w = static_cast<std::size_t>(width_);
  for (int y = area.y; y < area.y + area.h; ++y) {
    const std::uint8_t* row = frame.rows[y];
    const std::uint8_t* prev = &previous_[static_cast<std::size_t>(y) * w];
    for (int x = area.x; x < area.x + area.w; ++x) {
      if (row[x] == prev[x]) continue;
      need.colours.set(row[x]);
      ++need.pixels;
      ++shown_[row[x]];
    }
  }
  if (need.pixels > 0) needs_.push_back(need);
  keep_area(frame, previous_, area);
}

std::vector<std::uint8_t> ColourCensus::order(const Palette& palette) const {
  std::vector<std::uint8_t> left;
  for (int i = 0; i < palette.size(); ++i) {
    if (i != palette.transparent()) left.push_back(static_cast<std::uint8_t>(i));
  }
  std::array<std::uint64_t, 256> wanted{};  // by the frames still in the running, by pixels
  for (const Need& n : needs_) {
    for (std::size_t c = 0; c < 256; ++c) wanted[c] += n.colours.test(c) ? n.pixels : 0;
  }
  std::vector<bool> running(needs_.size(), true);
  std::vector<std::uint8_t> order(left.size());
  for (std::size_t place = left.size(); place-- > 0;) {
    const auto least = std::min_element(left.begin(), left.end(), [&](auto a, auto b) {
      // Ties: the higher index to the later place, so unused colours keep their order.
      return std::tuple(wanted[a], shown_[a], -int{a}) < std::tuple(wanted[b], shown_[b], -int{b});
    });
    const std::uint8_t colour = *least;
    order[place] = colour;
    left.erase(least);
    for (std::size_t f = 0; f < needs_.size(); ++f) {
      if (!running[f] || !needs_[f].colours.test(colour)) continue;
      running[f] = false;
      for (std::size_t c = 0; c < 256; ++c)
        wanted[c] -= needs_[f].colours.test(c) ? needs_[f].pixels : 0;
    }
  }
  return order;
}

}  // namespace slidegif::detail
