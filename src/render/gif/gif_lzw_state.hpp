#pragma once
// GifEncoder's LZW dictionary, kept across frames; shared by gif.cpp and gif_copied_frames.cpp.

#include "render/gif/gif.hpp"
#include "render/gif/lzw.hpp"

namespace slidegif::detail {

struct GifEncoder::LzwState : detail::LzwWriter::Table {};

}  // namespace slidegif::detail
