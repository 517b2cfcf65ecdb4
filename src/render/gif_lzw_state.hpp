#pragma once
// GifEncoder's LZW dictionary, kept across frames; shared by gif.cpp and gif_pieces.cpp.

#include "lzw.hpp"
#include "slidegif/gif.hpp"

namespace slidegif {

struct GifEncoder::LzwState : detail::LzwWriter::Table {};

}  // namespace slidegif
