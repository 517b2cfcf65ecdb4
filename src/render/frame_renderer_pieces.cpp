// FrameRenderer::piece_fingerprint: the pixels themselves rather than the settings that made
// them (theme, font and its fallbacks, sizes), so nothing that changes a sprite can be missed.
#include <xxhash.h>

#include <memory>

#include "frame_renderer.hpp"
#include "slidegif/error.hpp"
#include "slidegif/move_pieces.hpp"

namespace slidegif {

namespace {

struct HashState {
  void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
};

void add_int(XXH3_state_t* s, long long v) {
  XXH3_64bits_update(s, &v, sizeof v);
}

void add_image(XXH3_state_t* s, const gdImage& im) {
  add_int(s, im.sx);
  add_int(s, im.sy);
  add_int(s, im.transparent);
  for (int y = 0; y < im.sy; ++y)
    XXH3_64bits_update(s, im.pixels[y], static_cast<std::size_t>(im.sx));
}

}  // namespace

std::uint64_t FrameRenderer::piece_fingerprint(std::initializer_list<long long> more) {
  const std::unique_ptr<XXH3_state_t, HashState> state(XXH3_createState());
  if (!state || XXH3_64bits_reset(state.get()) != XXH_OK)
    throw Error(Error::Kind::Render, "out of memory");
  XXH3_state_t* s = state.get();
  const auto& L = layout_;
  for (const long long v :
       {static_cast<long long>(kMovePiecesVersion), static_cast<long long>(cols_),
        static_cast<long long>(tiles_.size()), static_cast<long long>(L.width),
        static_cast<long long>(L.tile_px), static_cast<long long>(L.board_x),
        static_cast<long long>(L.board_y), static_cast<long long>(L.caption.y),
        static_cast<long long>(palette_.size()), static_cast<long long>(palette_.transparent())}) {
    add_int(s, v);
  }
  for (const long long v : more) add_int(s, v);
  for (const auto& tile : tiles_) add_image(s, *tile);
  for (int tile = 1; tile < static_cast<int>(tiles_.size()); ++tile) {
    auto it = floating_.find(tile);
    if (it == floating_.end()) it = floating_.emplace(tile, render_floating(tile)).first;
    add_image(s, *it->second);
  }
  return XXH3_64bits_digest(s);
}

}  // namespace slidegif
