// GifEncoder's coded pieces: frames copied in as bytes coded earlier, and frames coded in two
// parts so that one part can be (frame_sequence.cpp, move_pieces.hpp say why).
#include <algorithm>
#include <cstring>

#include "render/gif/gif.hpp"
#include "render/gif/gif_lzw_state.hpp"
#include "render/gif/lzw.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

std::span<const std::uint8_t> GifEncoder::last_image() const {
  return std::span(out_).subspan(image_start_ - kControlBytes);
}

void GifEncoder::add_coded_frame(std::span<const std::uint8_t> image, int delay_cs) {
  if (frames_ == 0) throw Error(Error::Kind::Render, "a coded piece cannot be the first frame");
  if (image.size() <= kControlBytes || image[0] != 0x21 || image[1] != 0xF9) {
    throw Error(Error::Kind::Render, "a coded piece does not start with its frame's control");
  }
  // The piece's graphic control extension (its transparent index is the piece's own) with this
  // frame's delay, then the image.
  const std::size_t start = out_.size();
  out_.insert(out_.end(), image.begin(), image.end());
  delay_cs = std::clamp(delay_cs, 0, 65535);
  out_[start + 4] = static_cast<std::uint8_t>(delay_cs & 0xFF);
  out_[start + 5] = static_cast<std::uint8_t>(delay_cs >> 8);
  image_start_ = start + kControlBytes;
  ++frames_;
}

void GifEncoder::keep_previous(IndexedView frame, const Rect& area) {
  check_frame(frame);
  const auto w = static_cast<std::size_t>(width_);
  const int x0 = std::max(0, area.x), x1 = std::min(width_, area.x + area.w);
  const int y0 = std::max(0, area.y), y1 = std::min(height_, area.y + area.h);
  if (x0 >= x1 || previous_.empty()) return;
  for (int y = y0; y < y1; ++y) {
    std::memcpy(&previous_[static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x0)],
                frame.rows[y] + x0, static_cast<std::size_t>(x1 - x0));
  }
}

namespace {

void check_split(const Rect& area, int split_y, int width, int height) {
  if (area.empty() || area.x < 0 || area.y < 0 || area.x + area.w > width ||
      area.y + area.h > height || split_y < area.y || split_y > area.y + area.h) {
    throw Error(Error::Kind::Render, "a split GIF frame must lie inside the image");
  }
}

}  // namespace

bool GifEncoder::row_changed(IndexedView frame, const Rect& area, int y) const {
  const std::size_t at = static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                         static_cast<std::size_t>(area.x);
  return std::memcmp(frame.rows[y] + area.x, &previous_[at], static_cast<std::size_t>(area.w)) != 0;
}

int GifEncoder::first_changed_row(IndexedView frame, const Rect& area, int split_y) const {
  int y = area.y;
  while (y < split_y && !row_changed(frame, area, y)) ++y;
  return y;
}

int GifEncoder::end_of_changed_rows(IndexedView frame, const Rect& area, int split_y,
                                    int top) const {
  int end = area.y + area.h;
  while (end > split_y && !row_changed(frame, area, end - 1)) --end;
  // A frame that changes nothing still needs a row (split_y's, when the head has none).
  return end > top ? end : std::min(top + 1, area.y + area.h);
}

GifEncoder::SplitHead GifEncoder::add_split_frame(IndexedView frame, int delay_cs, const Rect& area,
                                                  int split_y, FrameCoding coding) {
  check_frame(frame);
  check_split(area, split_y, width_, height_);
  if (frames_ == 0) throw Error(Error::Kind::Render, "a split frame cannot be the first frame");
  SplitHead head;
  head.top = first_changed_row(frame, area, split_y);
  const int end = end_of_changed_rows(frame, area, split_y, head.top);
  begin_image({area.x, head.top, area.w, end - head.top}, std::clamp(delay_cs, 0, 65535), true);
  detail::LzwWriter lzw(out_, table_bits_, *lzw_);
  code_rows(frame, area, head.top, split_y, lzw, coding);
  lzw.restart();
  head.bytes = lzw.code_bits(head.bits);
  code_rows(frame, area, split_y, end, lzw, coding);
  lzw.finish();
  ++frames_;
  return head;
}

void GifEncoder::add_split_frame(IndexedView frame, int delay_cs, const Rect& area, int split_y,
                                 std::span<const std::uint8_t> head, std::size_t head_bits, int top,
                                 FrameCoding coding) {
  check_frame(frame);
  check_split(area, split_y, width_, height_);
  if (frames_ == 0) throw Error(Error::Kind::Render, "a split frame cannot be the first frame");
  if (head.size() * 8 < head_bits || top < area.y || top > split_y)
    throw Error(Error::Kind::Render, "a coded piece does not fit its frame");
  const int end = end_of_changed_rows(frame, area, split_y, top);
  begin_image({area.x, top, area.w, end - top}, std::clamp(delay_cs, 0, 65535), true);
  detail::LzwWriter lzw(out_, table_bits_, *lzw_, head, head_bits);
  code_rows(frame, area, split_y, end, lzw, coding);
  lzw.finish();
  ++frames_;
}

}  // namespace slidegif::detail
