#include "render/look/theme.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "render/pixels/mix.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

// Two theme colours and `steps` evenly spaced blends between them.
struct Blend {
  Rgb Theme::*a;
  Rgb Theme::*b;
  int steps;
};

// color_distance() below which an antialiased edge's shade is drawn as a colour already in the
// table: at most about ten levels off in a channel, on edge pixels only (a still frame measures
// 48 dB PSNR against exact shades). A theme whose tile shades still overflow kTileColours
// thins them further, kUnseenStep at a time.
constexpr long kUnseen = 60;
constexpr long kUnseenStep = 10;
// The colours a sliding tile is drawn with go in front of the transparent slot, which must stay
// under 64 for those frames to code with 6-bit codes (gif.cpp).
constexpr std::size_t kTileColours = 63;

void add_blend(std::vector<Rgb>& colors, const Theme& t, const Blend& b) {
  for (int i = 1; i < b.steps; ++i) colors.push_back(mix(t.*b.a, t.*b.b, double(i) / b.steps));
}

// Adds c unless `colors` or `also` holds it.
void add_new(std::vector<Rgb>& colors, Rgb c, const std::vector<Rgb>& also = {}) {
  if (std::find(colors.begin(), colors.end(), c) == colors.end() &&
      std::find(also.begin(), also.end(), c) == also.end())
    colors.push_back(c);
}

// Adds c unless `colors` or `also` holds one within `unseen` of it.
void add_unseen(std::vector<Rgb>& colors, Rgb c, long unseen, const std::vector<Rgb>& also = {}) {
  auto near = [c, unseen](Rgb u) { return color_distance(c, u) < unseen; };
  if (std::none_of(colors.begin(), colors.end(), near) &&
      std::none_of(also.begin(), also.end(), near))
    colors.push_back(c);
}

}  // namespace

const std::vector<Theme>& themes() {
  static const std::vector<Theme> kThemes = {
      {"classic",
       /*canvas*/ {250, 248, 243}, /*board*/ {187, 173, 160}, /*blank*/ {205, 193, 180},
       /*blank_shade*/ {176, 162, 148}, /*face_top*/ {255, 251, 244},
       /*face_bottom*/ {244, 234, 219}, /*lip*/ {212, 192, 168}, /*shadow*/ {118, 102, 88},
       /*digit*/ {92, 72, 56}, /*caption*/ {96, 84, 74}, /*title*/ {62, 52, 44}},
      {"dark",
       /*canvas*/ {24, 26, 33}, /*board*/ {40, 44, 56}, /*blank*/ {30, 33, 42},
       /*blank_shade*/ {18, 20, 26}, /*face_top*/ {92, 108, 150},
       /*face_bottom*/ {76, 90, 128}, /*lip*/ {50, 58, 84}, /*shadow*/ {8, 9, 12},
       /*digit*/ {242, 245, 250}, /*caption*/ {186, 194, 210}, /*title*/ {236, 240, 248}},
      {"mint",
       /*canvas*/ {237, 245, 243}, /*board*/ {54, 112, 112}, /*blank*/ {44, 94, 95},
       /*blank_shade*/ {30, 72, 73}, /*face_top*/ {255, 255, 255},
       /*face_bottom*/ {234, 245, 243}, /*lip*/ {170, 204, 200}, /*shadow*/ {14, 48, 50},
       /*digit*/ {30, 88, 90}, /*caption*/ {44, 86, 86}, /*title*/ {24, 62, 62}},
  };
  return kThemes;
}

const Theme& find_theme(std::string_view name) {
  std::string valid;
  for (const auto& t : themes()) {
    if (name == t.name) return t;
    valid += valid.empty() ? "" : ", ";
    valid += t.name;
  }
  throw Error(Error::Kind::BadInput, fmt::format("unknown theme '{}' (valid: {})", name, valid));
}

Palette make_palette(const Theme& t) {
  // Text is painted in 16 exact steps (captions and titles over the canvas, digits over the
  // middle of the face): those entries are kept as they are.
  static constexpr Blend kText[] = {
      {&Theme::canvas, &Theme::caption, 16},
      {&Theme::canvas, &Theme::title, 16},
  };
  // Pairs that meet at antialiased edges and gradients on the board, where tiles slide.
  static constexpr Blend kEdges[] = {
      {&Theme::board, &Theme::blank, 8},
      {&Theme::blank, &Theme::blank_shade, 8},
      {&Theme::board, &Theme::blank_shade, 6},
      {&Theme::board, &Theme::lip, 8},
      {&Theme::board, &Theme::face_top, 8},
      {&Theme::board, &Theme::shadow, 8},
      {&Theme::shadow, &Theme::lip, 6},
      {&Theme::blank, &Theme::shadow, 6},
      {&Theme::blank, &Theme::lip, 8},
      {&Theme::blank, &Theme::face_top, 6},
      {&Theme::face_top, &Theme::face_bottom, 10},
      {&Theme::lip, &Theme::face_bottom, 6},
      {&Theme::digit, &Theme::face_top, 8},
      {&Theme::digit, &Theme::face_bottom, 8},
  };
  static constexpr Blend kTrayEdge = {&Theme::canvas, &Theme::board, 8};
  // In front: the tiles, wells and tray (tile_sprites.cpp draws with these alone).
  std::vector<Rgb> tiles;
  for (const Rgb c :
       {t.board, t.blank, t.blank_shade, t.face_top, t.face_bottom, t.lip, t.shadow, t.digit})
    add_new(tiles, c);
  const Rgb face_mid = mix(t.face_top, t.face_bottom, 0.5);
  add_new(tiles, face_mid);
  // The face's gradient in every step: thinned, it shows bands.
  for (int i = 1; i < 10; ++i) add_new(tiles, mix(t.face_top, t.face_bottom, i / 10.0));
  for (int i = 1; i < 16; ++i) add_new(tiles, mix(t.digit, face_mid, i / 16.0));
  std::vector<Rgb> edges;
  for (const auto& b : kEdges) add_blend(edges, t, b);
  const std::vector<Rgb> exact = tiles;  // 33 at most: the loop ends
  for (long unseen = kUnseen;; unseen += kUnseenStep) {
    tiles = exact;
    for (const Rgb c : edges) add_unseen(tiles, c, unseen);
    if (tiles.size() <= kTileColours) break;
  }
  // After the transparent slot: what only captions, titles and the tray's outer edge use.
  std::vector<Rgb> text;
  std::vector<Rgb> steps;
  for (const auto& b : kText) add_blend(steps, t, b);
  for (const Rgb c : {t.canvas, t.caption, t.title}) add_new(text, c, tiles);
  for (const Rgb c : steps) add_new(text, c, tiles);
  std::vector<Rgb> tray_edge;
  add_blend(tray_edge, t, kTrayEdge);
  for (const Rgb c : tray_edge) add_unseen(text, c, kUnseen, tiles);
  return Palette(std::move(tiles), std::move(text));
}

}  // namespace slidegif::detail
