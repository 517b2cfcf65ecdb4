// FrameRenderer::piece_fingerprint: the sprites' pixels themselves rather than the settings that
// made them (theme, font and its fallbacks, sizes), so nothing that changes a sprite can be missed.
#include <xxhash.h>

#include <vector>

#include "render/animation/frame_renderer.hpp"
#include "render/cache/move_pieces.hpp"

namespace slidegif::detail {

std::uint64_t FrameRenderer::piece_fingerprint(std::initializer_list<long long> more) {
  const auto& L = layout_;
  std::vector<long long> values{kMovePiecesVersion, cols_,           L.width,
                                L.tile_px,          L.board_x,       L.board_y,
                                L.caption.y,        palette_.size(), palette_.transparent()};
  values.insert(values.end(), more.begin(), more.end());
  // The sprites' hash covers their number, sizes and transparent index too; shared sprites
  // compute it once.
  values.push_back(static_cast<long long>(sprites_->pixel_hash(*glyphs_)));
  if (mark_) {
    for (int y = 0; y < mark_->sy; ++y)
      values.push_back(static_cast<long long>(
          XXH3_64bits(mark_->pixels[y], static_cast<std::size_t>(mark_->sx))));
  }
  return XXH3_64bits(values.data(), values.size() * sizeof(long long));
}

}  // namespace slidegif::detail
