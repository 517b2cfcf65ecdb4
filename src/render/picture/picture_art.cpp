#include "render/picture/picture_art.hpp"

#include <libimagequant.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <memory>

#include "render/pixels/mix.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

template <class T, void (*Free)(T*)>
struct LiqFree {
  void operator()(T* p) const {
    if (p != nullptr) Free(p);
  }
};

[[noreturn]] void failed(const char* what) {
  throw Error(Error::Kind::Render, std::string("the picture's palette: ") + what);
}

// Colours the frame draws besides the picture: the theme's, and the steps of text antialiased
// on the canvas. Kept exactly, so the tray, wells and text look as on a numbered board.
std::vector<Rgb> theme_colours(const Theme& t) {
  std::vector<Rgb> c = {t.canvas, t.board,  t.blank, t.blank_shade, t.face_top, t.face_bottom,
                        t.lip,    t.shadow, t.digit, t.caption,     t.title};
  for (const double a : {0.25, 0.5, 0.75}) {
    c.push_back(mix(t.canvas, t.caption, a));
    c.push_back(mix(t.canvas, t.title, a));
    c.push_back(mix(t.face_top, t.digit, a));
    c.push_back(mix(t.board, t.blank, a));
  }
  return c;
}

// The palette indices each tile (tile_px square of the fitted picture) uses.
std::vector<std::bitset<256>> tile_colours(const PictureArt& art, int tile_px) {
  std::vector<std::bitset<256>> tiles;
  for (int y0 = 0; y0 < art.height; y0 += tile_px) {
    for (int x0 = 0; x0 < art.width; x0 += tile_px) {
      std::bitset<256> used;
      for (int y = y0; y < y0 + tile_px; ++y) {
        for (int x = x0; x < x0 + tile_px; ++x)
          used.set(art.indices[static_cast<std::size_t>(y) * art.width + x]);
      }
      tiles.push_back(used);
    }
  }
  return tiles;
}

// The colours reordered (and art.indices remapped) so that as many tiles as possible use only
// indices below 127: the frames of a move show one tile and the well, and a frame whose indices
// all fall below 128 is coded with 8-bit codes at first instead of 9 (gif.cpp). First the
// theme's colours (the well, board and captions), then tile by tile, the tile adding the
// fewest new colours first, then the rest.
std::vector<Rgb> tile_by_tile(const std::vector<Rgb>& colours, PictureArt& art, int tile_px,
                              const std::vector<Rgb>& theme) {
  std::vector<std::uint8_t> order;
  std::bitset<256> placed;
  auto place = [&](std::size_t i) {
    if (!placed.test(i)) order.push_back(static_cast<std::uint8_t>(i)), placed.set(i);
  };
  for (std::size_t i = 0; i < colours.size(); ++i) {
    if (std::find(theme.begin(), theme.end(), colours[i]) != theme.end()) place(i);
  }
  std::vector<std::bitset<256>> tiles = tile_colours(art, tile_px);
  while (!tiles.empty()) {
    auto fewest = std::min_element(tiles.begin(), tiles.end(), [&placed](auto& a, auto& b) {
      return (a & ~placed).count() < (b & ~placed).count();
    });
    if (placed.count() + (*fewest & ~placed).count() > 127) break;
    for (std::size_t i = 0; i < colours.size(); ++i) {
      if (fewest->test(i)) place(i);
    }
    tiles.erase(fewest);
  }
  for (std::size_t i = 0; i < colours.size(); ++i) place(i);
  std::vector<Rgb> sorted;
  std::array<std::uint8_t, 256> moved{};
  for (std::size_t k = 0; k < order.size(); ++k) {
    sorted.push_back(colours[order[k]]);
    moved[order[k]] = static_cast<std::uint8_t>(k);
  }
  for (std::uint8_t& i : art.indices) i = moved[i];
  return sorted;
}

}  // namespace

PictureArt make_picture_art(const Picture& picture, Shape shape, int tile_px, const Theme& theme,
                            bool dither) {
  const int w = shape.cols * tile_px, h = shape.rows * tile_px;
  const std::vector<Rgb> fitted = fit_picture(picture, w, h);
  // libimagequant parallelises with OpenMP. One thread: a picture this size takes about 10 ms
  // of CPU either way, and on a loaded server (a CGI request beside others) OpenMP's spinning
  // threads took the wall time from 17 ms to 45 ms (render_bench, load average 9 on 2 cores).
  // The setting is this thread's own (an OpenMP ICV of the calling thread).
  omp_set_num_threads(1);
  std::vector<liq_color> rgba;
  rgba.reserve(fitted.size());
  for (const Rgb& p : fitted) rgba.push_back({p.r, p.g, p.b, 255});

  const std::unique_ptr<liq_attr, LiqFree<liq_attr, liq_attr_destroy>> attr(liq_attr_create());
  if (!attr) failed("cannot start the quantiser");
  liq_set_max_colors(attr.get(), 255);  // the GIF palette's last entry is the transparent one
  liq_set_speed(attr.get(), 8);  // a CGI request's budget; 3 (pngquant's default) is 4x slower
  const std::unique_ptr<liq_image, LiqFree<liq_image, liq_image_destroy>> image(
      liq_image_create_rgba(attr.get(), rgba.data(), w, h, 0));
  if (!image) failed("cannot read the picture");
  for (const Rgb& c : theme_colours(theme)) {
    liq_image_add_fixed_color(image.get(), liq_color{c.r, c.g, c.b, 255});
  }
  liq_result* raw = nullptr;
  if (liq_image_quantize(image.get(), attr.get(), &raw) != LIQ_OK) failed("quantising failed");
  const std::unique_ptr<liq_result, LiqFree<liq_result, liq_result_destroy>> result(raw);
  liq_set_dithering_level(result.get(), dither ? 1.0f : 0.0f);
  PictureArt art{Palette({}), w, h, std::vector<std::uint8_t>(fitted.size())};
  if (liq_write_remapped_image(result.get(), image.get(), art.indices.data(), art.indices.size()) !=
      LIQ_OK) {
    failed("remapping failed");
  }
  const liq_palette* pal = liq_get_palette(result.get());
  std::vector<Rgb> colours;
  for (unsigned i = 0; i < pal->count; ++i) {
    colours.push_back({pal->entries[i].r, pal->entries[i].g, pal->entries[i].b});
  }
  std::vector<Rgb> sorted = tile_by_tile(colours, art, tile_px, theme_colours(theme));
  // The transparent slot at 127, and index 127 and up shifted by one to make room for it.
  constexpr std::size_t kFirst = 127;
  if (sorted.size() > kFirst) {
    for (std::uint8_t& i : art.indices) i = static_cast<std::uint8_t>(i + (i >= kFirst));
  }
  const auto cut = sorted.begin() + static_cast<std::ptrdiff_t>(std::min(kFirst, sorted.size()));
  art.palette = Palette({sorted.begin(), cut}, {cut, sorted.end()});
  return art;
}

void reorder_colours(PictureArt& art, const std::vector<std::uint8_t>& order) {
  const Palette& old = art.palette;
  std::array<int, 256> moved{};
  moved.fill(-1);
  std::vector<Rgb> colours;
  for (const std::uint8_t i : order) {
    if (i >= old.size() || i == old.transparent() || moved[i] >= 0) break;
    moved[i] = static_cast<int>(colours.size());
    colours.push_back(old[i]);
  }
  if (colours.size() + 1 != static_cast<std::size_t>(old.size())) {
    throw Error(Error::Kind::Render, "a picture's colours reordered must each keep a place");
  }
  for (std::uint8_t& i : art.indices) i = static_cast<std::uint8_t>(moved[i]);
  art.palette = Palette(std::move(colours));
}

}  // namespace slidegif::detail
