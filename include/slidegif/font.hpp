#pragma once
// A TrueType/OpenType font held in memory. The rendering library never opens files: a front end
// reads the font (slidegif::load_font, render.hpp) or uses bytes built into the program, and hands
// them over as a Font. Copies share the bytes.
//
// A font may carry fallbacks: fonts that characters it lacks are drawn from, tried in order
// (a CJK font behind a Latin one, say). They are opened only when such a character is drawn.
//
//   slidegif::Font font("DejaVuSans-Bold.ttf", std::move(bytes));
//   options.font = font;

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "slidegif/export.hpp"

namespace slidegif {

class SLIDEGIF_API Font {
 public:
  Font() = default;
  // Owns the bytes. `name` (a file name, say) only appears in messages.
  Font(std::string name, std::vector<std::uint8_t> bytes)
      : name_(std::move(name)),
        owner_(std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes))) {
    const auto& v = *static_cast<const std::vector<std::uint8_t>*>(owner_.get());
    bytes_ = {v.data(), v.size()};
  }
  // Views bytes that live as long as the program (a font built into the executable).
  static Font built_in(std::string name, std::span<const std::uint8_t> bytes) {
    Font f;
    f.name_ = std::move(name);
    f.bytes_ = bytes;
    return f;
  }

  // This font with `fallbacks` (replacing any it had) behind it.
  Font with_fallbacks(std::vector<Font> fallbacks) const {
    Font f = *this;
    f.fallbacks_ = std::make_shared<const std::vector<Font>>(std::move(fallbacks));
    return f;
  }
  // This font, reading face `index` of a font collection (.ttc) instead of the first.
  Font with_face_index(int index) const {
    Font f = *this;
    f.face_index_ = index;
    return f;
  }

  const std::string& name() const { return name_; }
  std::span<const std::uint8_t> bytes() const { return bytes_; }
  bool empty() const { return bytes_.empty(); }
  int face_index() const { return face_index_; }
  const std::vector<Font>& fallbacks() const {
    static const std::vector<Font> none;
    return fallbacks_ ? *fallbacks_ : none;
  }

 private:
  std::string name_;
  std::shared_ptr<const void> owner_;  // keeps bytes_ alive; null for built-in bytes
  std::span<const std::uint8_t> bytes_;
  int face_index_ = 0;
  std::shared_ptr<const std::vector<Font>> fallbacks_;  // null: none
};

}  // namespace slidegif
