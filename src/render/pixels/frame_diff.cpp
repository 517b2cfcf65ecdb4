#include "render/pixels/frame_diff.hpp"

#include <algorithm>
#include <climits>
#include <cstring>

#include "render/pixels/common_prefix.hpp"

namespace slidegif::detail {

Rect changed_area(IndexedView frame, const std::vector<std::uint8_t>& previous, Rect area) {
  const int x0 = std::max(0, area.x), y0 = std::max(0, area.y);
  const int x1 = std::min(frame.width, area.x + area.w),
            y1 = std::min(frame.height, area.y + area.h);
  area = {x0, y0, x1 - x0, y1 - y0};
  if (area.empty()) return {};
  const auto w = static_cast<std::size_t>(frame.width);
  int min_x = INT_MAX, min_y = INT_MAX, max_x = -1, max_y = -1;
  for (int y = area.y; y < area.y + area.h; ++y) {
    const std::uint8_t* row = frame.rows[y] + area.x;
    const std::uint8_t* prev =
        &previous[static_cast<std::size_t>(y) * w + static_cast<std::size_t>(area.x)];
    const int l = common_prefix(row, prev, area.w);
    if (l == area.w) continue;
    min_x = std::min(min_x, area.x + l);
    max_x = std::max(max_x, area.x + area.w - 1 - common_suffix(row, prev, area.w));
    min_y = std::min(min_y, y);
    max_y = y;
  }
  if (max_x < 0) return {};
  return {min_x, min_y, max_x - min_x + 1, max_y - min_y + 1};
}

Rect area_to_code(IndexedView frame, const std::vector<std::uint8_t>& previous, const Rect& dirty,
                  bool first) {
  if (first) return {0, 0, frame.width, frame.height};
  const Rect area = changed_area(frame, previous, dirty);
  return area.empty() ? Rect{0, 0, 1, 1} : area;
}

void keep_area(IndexedView frame, std::vector<std::uint8_t>& previous, const Rect& area) {
  const auto w = static_cast<std::size_t>(frame.width);
  for (int y = area.y; y < area.y + area.h; ++y) {
    std::memcpy(&previous[y * w + static_cast<std::size_t>(area.x)], frame.rows[y] + area.x,
                static_cast<std::size_t>(area.w));
  }
}

}  // namespace slidegif::detail
