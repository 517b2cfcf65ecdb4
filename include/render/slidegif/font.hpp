#pragma once
// A TrueType/OpenType font held in memory. The rendering library never opens files: a front end
// reads the font (src/app/font_locator.hpp) or uses bytes built into the program, and hands
// them over as a Font. Copies share the bytes.
//
//   slidegif::Font font("DejaVuSans-Bold.ttf", std::move(bytes));
//   options.font = font;

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace slidegif {

class Font {
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

  const std::string& name() const { return name_; }
  std::span<const std::uint8_t> bytes() const { return bytes_; }
  bool empty() const { return bytes_.empty(); }

 private:
  std::string name_;
  std::shared_ptr<const void> owner_;  // keeps bytes_ alive; null for built-in bytes
  std::span<const std::uint8_t> bytes_;
};

}  // namespace slidegif
