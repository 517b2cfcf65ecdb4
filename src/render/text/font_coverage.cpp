#include "render/text/font_coverage.hpp"

#include <fmt/format.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <memory>

#include "render/text/utf8.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

std::u32string missing_characters(const Font& font, std::string_view utf8) {
  std::u32string missing;
  if (font.empty()) {
    throw Error(Error::Kind::Render, fmt::format("font '{}' is empty", font.name()));
  }
  FT_Library raw_library = nullptr;
  if (FT_Init_FreeType(&raw_library) != 0) {
    throw Error(Error::Kind::Render, "cannot start FreeType");
  }
  const std::unique_ptr<FT_LibraryRec_, decltype(&FT_Done_FreeType)> library(raw_library,
                                                                             &FT_Done_FreeType);
  FT_Face raw_face = nullptr;
  const auto bytes = font.bytes();
  if (FT_New_Memory_Face(library.get(), bytes.data(), static_cast<FT_Long>(bytes.size()),
                         font.face_index(), &raw_face) != 0) {
    throw Error(Error::Kind::Render, fmt::format("cannot load font '{}'", font.name()));
  }
  const std::unique_ptr<FT_FaceRec_, decltype(&FT_Done_Face)> face(raw_face, &FT_Done_Face);
  for (std::size_t i = 0; i < utf8.size();) {
    const char32_t c = next_code_point(utf8, i);
    if (c < 0x20 || c == 0x7f) continue;
    if (FT_Get_Char_Index(face.get(), c) == 0 && missing.find(c) == std::u32string::npos) {
      missing.push_back(c);
    }
  }
  return missing;
}

}  // namespace slidegif::detail
