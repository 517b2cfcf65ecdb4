#pragma once
// True colour to palette indices: the tile art is drawn antialiased in true colour, then mapped
// onto the theme's fixed palette once per sprite.
//
//   slidegif::detail::Quantizer q(palette);
//   slidegif::detail::GdImage sprite = q.to_palette_image(*truecolor_tile);

#include <cstdint>
#include <vector>

#include "render/pixels/image.hpp"
#include "render/pixels/palette.hpp"
#include "render/pixels/rect.hpp"

namespace slidegif::detail {

// Maps true colours to palette indices (Palette::nearest), remembering answers: antialiased art
// repeats a few hundred colours. Keeps a reference to the palette.
class Quantizer {
 public:
  // `front_only`: map onto the colours before the transparent slot (Palette::nearest_in_front).
  explicit Quantizer(const Palette& palette, bool front_only = false)
      : palette_(palette), front_only_(front_only) {}
  int index(Rgb c);
  // A palette image holding `src` (a truecolour image) mapped through the palette.
  GdImage to_palette_image(const gdImage& src);
  // Maps the pixels of `src` inside `area` (clipped to both images) onto `dst`.
  void map(const gdImage& src, Rect area, gdImage& dst);

 private:
  const Palette& palette_;
  bool front_only_;
  static constexpr int kCacheBits = 12;
  struct Entry {
    std::uint32_t key = 0;  // packed colour + 1, 0 when empty
    std::uint8_t index = 0;
  };
  std::vector<Entry> cache_ = std::vector<Entry>(std::size_t{1} << kCacheBits);
};

}  // namespace slidegif::detail
