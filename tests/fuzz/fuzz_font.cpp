// libFuzzer target: a font file's bytes (--font, load_font) as the text code reads them:
// FreeType opens the face, then the glyphs of digits, Latin, Greek and Han text are measured
// and drawn. Seeds: tests/fuzz/corpus/font (the shipped font's first 8 KB: its table
// directory and first tables; an OpenType header with no tables).
//
// Checks: a font FreeType cannot use fails with slidegif::Error only.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "render/text/text.hpp"
#include "slidegif/error.hpp"
#include "slidegif/font.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    slidegif::detail::GlyphCache glyphs(
        slidegif::Font("fuzz", std::vector<std::uint8_t>(data, data + size)));
    slidegif::detail::CoverageMask mask(400, 40);  // room for every text at 12 pt
    for (const char* text : {"15", "Step 3 / 31", "αβγ", "第 15 步"}) {
      const slidegif::detail::TextBox box = glyphs.measure(12, text);
      glyphs.draw(mask, 12, 1 - box.left, 18, text);
    }
  } catch (const slidegif::Error&) {
  }
  return 0;
}
