#pragma once
// Files built into the programs by CMake (cmake/EmbedFile.cmake): their bytes live as long as
// the program, so a Font can view them without a copy (Font::built_in).

#include <cstdint>
#include <span>

namespace slidegif::embedded {

// fonts/DejaVuSans-Bold.ttf, in every program that links slidegif_app.
std::span<const std::uint8_t> default_font();

}  // namespace slidegif::embedded
