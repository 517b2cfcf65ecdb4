#pragma once
// Text for frames: strings measured and drawn through FreeType with a glyph cache.
//
//   slidegif::detail::GlyphCache glyphs(font);
//   slidegif::detail::TextBox box = glyphs.measure(12.0, "Step 1 / 5");
//   glyphs.draw(*truecolor_image, 12.0, x, baseline, {0, 0, 0}, "Step 1 / 5");

#include <gd.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "render/pixels/palette.hpp"
#include "slidegif/font.hpp"

namespace slidegif::detail {

// Text sizes are points at 96 dpi (the units gd takes), so a point is 4/3 pixel.
inline constexpr int kTextDpi = 96;
inline constexpr double kPointsPerPixel = 72.0 / kTextDpi;

// Ink box of a string in whole pixels, relative to the pen on the baseline (y grows downwards):
// every pixel draw() may touch lies inside it. Text without ink measures as an empty box.
struct TextBox {
  int left = 0, right = 0, top = 0, bottom = 0;
  int width() const { return right - left; }
  int height() const { return bottom - top; }
};

// Coverage (0..255) of text drawn into an 8-bit image of its own: text over a flat background
// is then painted in one pass through a 256-entry colour lookup, with no true-colour blending
// or per-pixel quantising.
struct CoverageMask {
  CoverageMask(int w, int h)
      : width(w), height(h), alpha(static_cast<std::size_t>(w) * static_cast<std::size_t>(h)) {}
  std::uint8_t at(int x, int y) const { return row(y)[x]; }
  const std::uint8_t* row(int y) const {
    return &alpha[static_cast<std::size_t>(y) * static_cast<std::size_t>(width)];
  }
  int width, height;
  std::vector<std::uint8_t> alpha;
  // Rows [ink_top, ink_bottom) and columns [ink_left, ink_right) hold all that was drawn.
  int ink_top = 0, ink_bottom = 0, ink_left = 0, ink_right = 0;
};

// Text through FreeType, unhinted, with a glyph cache. Hinting runs each glyph's TrueType
// bytecode at every size and was about 40% of a CGI request's instructions; at our sizes (bold,
// about 7 px and up, blended onto the theme's palette) unhinted antialiased text reads just as
// well, and its metrics scale linearly with size, which makes fitting text to a width predictable.
// Each distinct character is loaded once per size for its metrics, and rasterised on first draw
// to an 8-bit coverage mask. Layout keeps the pen in 26.6 fixed point (unhinted advances plus the
// font's pair kerning) and puts each mask at the pen rounded to whole pixels. Sizes are points at
// 96 dpi.
//
// Characters the font lacks are drawn from its fallbacks (Font::fallbacks), unkerned.
//
// Owns its FreeType library and face, loaded at first use (so construction never fails and a bad
// font is reported when text is first measured). Movable, not copyable; one thread at a time.
class GlyphCache {
 public:
  explicit GlyphCache(Font font);
  GlyphCache(GlyphCache&&) noexcept;
  GlyphCache& operator=(GlyphCache&&) noexcept;
  ~GlyphCache();

  const Font& font() const { return font_; }
  // Whether the font itself (not a fallback) has a glyph for `c`. Throws as measure().
  bool has_own_glyph(char32_t c);
  // The font's family name ("DejaVu Sans"), as an SVG names it. Throws as measure().
  std::string family_name();
  // How many glyphs (character and size) are cached.
  std::size_t size() const { return glyphs_.size(); }
  // Throws Error(Render) naming the font when it cannot be loaded.
  TextBox measure(double pt, std::string_view utf8);
  // Draws on a truecolour image, pen at (x, y) on the baseline.
  void draw(gdImage& im, double pt, int x, int y, Rgb color, std::string_view utf8);
  // Draws into a mask, pen at (x, y) on the baseline; where glyphs overlap the larger coverage
  // wins.
  void draw(CoverageMask& mask, double pt, int x, int y, std::string_view utf8);

  // For a process that keeps nothing between requests (the CGI, through the move-pieces file):
  // the font's own glyphs and pair kerning looked up so far, as bytes (glyph_snapshot.cpp says
  // how). Glyphs from fallbacks and the "missing" box are left out: which face they come from
  // depends on the fallbacks, not on the font.
  std::vector<std::uint8_t> snapshot() const;
  // Adds the glyphs and kerning of a snapshot() of a cache of this same font (the caller checks
  // that: the bytes do not say which font), so text made of them needs no FreeType at all.
  // False, adding nothing, for bytes that are not a snapshot of this FreeType version.
  bool restore(std::span<const std::uint8_t> bytes);

 private:
  struct FreeType;  // library and face, defined in text.cpp
  struct Glyph {
    bool skip = false;                             // line breaks: laid out as nothing
    std::uint8_t face = 0;                         // 0 the font, 1.. its fallbacks
    unsigned index = 0;                            // in the face, for kerning
    long advance = 0;                              // unhinted, 26.6 pixels
    int left = 0, right = 0, top = 0, bottom = 0;  // ink box at a whole-pixel pen, as TextBox
    bool rendered = false;
    int dx = 0, dy = 0, w = 0, h = 0;    // coverage mask relative to the pen, in pixels
    std::vector<std::uint8_t> coverage;  // 0..255, w * h
  };
  FreeType& freetype();
  // The face and glyph index for `c`: the font's if it has one, else the first fallback's
  // that does, else the font's "missing" glyph (index 0).
  std::pair<std::size_t, unsigned> find_glyph(char32_t c);
  Glyph& metrics(double pt, char32_t c);
  // Loads g's coverage mask unless it has one (or is a line break).
  void rasterise(double pt, Glyph& g);
  Glyph load_metrics(double pt, char32_t c);
  void load_coverage(double pt, Glyph& g);
  long kerning(double pt, unsigned left, unsigned right);
  // Calls f(glyph, pen_x) for each drawn glyph, pen_x in whole pixels from the start.
  template <class F>
  void lay_out(double pt, std::string_view utf8, bool render, F&& f);

  Font font_;  // the face reads its bytes, so the cache keeps them alive
  std::unique_ptr<FreeType> ft_;
  long units_per_em_ = 0;  // the font's, for kerning: known without FreeType after restore()
  // Pair kerning in font units by (left << 32 | right): FreeType's lookup is a binary search
  // plus scaling, and fitting captions asks for the same pairs again and again.
  std::unordered_map<std::uint64_t, long> kerning_;
  std::map<std::pair<double, char32_t>, Glyph> glyphs_;
  // ASCII glyphs of one size, pointing into glyphs_ (whose nodes never move): a caption's
  // characters are looked up several times each, and searching the map for them was about 5%
  // of a CGI request's instructions.
  struct AsciiGlyphs {
    double pt = 0;
    std::array<Glyph*, 128> glyph{};
  };
  std::vector<AsciiGlyphs> ascii_;  // a few sizes: title, caption, tile numbers
  AsciiGlyphs& ascii(double pt);
};

}  // namespace slidegif::detail
