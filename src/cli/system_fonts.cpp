#include "cli/system_fonts.hpp"

#include <fmt/format.h>
#include <fontconfig/fontconfig.h>

#include <memory>
#include <vector>

#include "app/files/font_locator.hpp"
#include "render/text/font_coverage.hpp"
#include "slidegif/error.hpp"

namespace slidegif::cli {
namespace {

template <class T, void (*Free)(T*)>
struct FcFree {
  void operator()(T* p) const {
    if (p != nullptr) Free(p);
  }
};
using Config = std::unique_ptr<FcConfig, FcFree<FcConfig, FcConfigDestroy>>;
using Pattern = std::unique_ptr<FcPattern, FcFree<FcPattern, FcPatternDestroy>>;
using CharSet = std::unique_ptr<FcCharSet, FcFree<FcCharSet, FcCharSetDestroy>>;
using FontSet = std::unique_ptr<FcFontSet, FcFree<FcFontSet, FcFontSetDestroy>>;

std::string utf8(char32_t c) {
  FcChar8 buf[FC_UTF8_MAX_LEN];
  const int n = FcUcs4ToUtf8(static_cast<FcChar32>(c), buf);
  return {reinterpret_cast<const char*>(buf), static_cast<std::size_t>(n)};
}

// The system's fonts that have some of `wanted`, best first, as fontconfig sorts them.
FontSet sorted_fonts(FcConfig* config, const std::u32string& wanted) {
  const CharSet chars(FcCharSetCreate());
  for (const char32_t c : wanted) FcCharSetAddChar(chars.get(), static_cast<FcChar32>(c));
  const Pattern pattern(FcPatternCreate());
  FcPatternAddCharSet(pattern.get(), FC_CHARSET, chars.get());
  FcPatternAddInteger(pattern.get(), FC_WEIGHT, FC_WEIGHT_BOLD);
  FcPatternAddBool(pattern.get(), FC_SCALABLE, FcTrue);
  FcConfigSubstitute(config, pattern.get(), FcMatchPattern);
  FcDefaultSubstitute(pattern.get());
  FcResult result = FcResultNoMatch;
  return FontSet(FcFontSort(config, pattern.get(), FcFalse, nullptr, &result));
}

}  // namespace

Font with_system_fallbacks(const Font& font, std::string_view text,
                           const std::function<void(const std::string&)>& note) {
  std::u32string missing = detail::missing_characters(font, text);
  if (missing.empty()) return font;
  const Config config(FcInitLoadConfigAndFonts());
  const FontSet fonts = config ? sorted_fonts(config.get(), missing) : nullptr;
  std::vector<Font> fallbacks;
  for (int i = 0; fonts && i < fonts->nfont && !missing.empty(); ++i) {
    FcPattern* candidate = fonts->fonts[i];
    FcCharSet* has = nullptr;
    FcChar8* file = nullptr;
    int index = 0;
    if (FcPatternGetCharSet(candidate, FC_CHARSET, 0, &has) != FcResultMatch ||
        FcPatternGetString(candidate, FC_FILE, 0, &file) != FcResultMatch) {
      continue;
    }
    FcPatternGetInteger(candidate, FC_INDEX, 0, &index);
    std::u32string still;
    for (const char32_t c : missing) {
      if (!FcCharSetHasChar(has, static_cast<FcChar32>(c))) still.push_back(c);
    }
    if (still.size() == missing.size()) continue;  // nothing new from this one
    try {
      fallbacks.push_back(load_font(reinterpret_cast<const char*>(file)).with_face_index(index));
      missing = std::move(still);
    } catch (const Error&) {
      // An unreadable font file: the next candidate may do.
    }
  }
  if (!missing.empty() && note) {
    std::string chars;
    for (const char32_t c : missing) chars += utf8(c);
    note(fmt::format("no installed font has {}; drawn as boxes", chars));
  }
  return fallbacks.empty() ? font : font.with_fallbacks(std::move(fallbacks));
}

}  // namespace slidegif::cli
