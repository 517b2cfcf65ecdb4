#include "gif_decoder.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <stdexcept>

namespace slidegif::testing {

namespace {

struct Reader {
  const std::vector<std::uint8_t>* bytes;
  std::size_t pos = 0;
};

int read_memory(GifFileType* gif, GifByteType* buf, int n) {
  auto* r = static_cast<Reader*>(gif->UserData);
  const std::size_t left = r->bytes->size() - r->pos;
  const std::size_t take = std::min(left, static_cast<std::size_t>(std::max(n, 0)));
  std::memcpy(buf, r->bytes->data() + r->pos, take);
  r->pos += take;
  return static_cast<int>(take);
}

struct GifCloser {
  void operator()(GifFileType* gif) const {
    int err = 0;
    DGifCloseFile(gif, &err);
  }
};

// Looks for NETSCAPE2.0 (or the identical ANIMEXTS1.0) in a list of extension blocks.
std::optional<int> find_loop(const ExtensionBlock* blocks, int count) {
  for (int i = 0; i + 1 < count; ++i) {
    const auto& b = blocks[i];
    if (b.Function != APPLICATION_EXT_FUNC_CODE || b.ByteCount != 11) continue;
    if (std::memcmp(b.Bytes, "NETSCAPE2.0", 11) != 0 &&
        std::memcmp(b.Bytes, "ANIMEXTS1.0", 11) != 0)
      continue;
    const auto& sub = blocks[i + 1];
    if (sub.Function == CONTINUE_EXT_FUNC_CODE && sub.ByteCount >= 3 && sub.Bytes[0] == 1) {
      return sub.Bytes[1] | (sub.Bytes[2] << 8);
    }
  }
  return std::nullopt;
}

}  // namespace

std::string to_string(Color c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

DecodedGif DecodedGif::decode_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
  return decode(bytes);
}

DecodedGif DecodedGif::decode(const std::vector<std::uint8_t>& bytes) {
  Reader reader{&bytes};
  int err = 0;
  std::unique_ptr<GifFileType, GifCloser> gif(DGifOpen(&reader, read_memory, &err));
  if (!gif) throw std::runtime_error(std::string("DGifOpen: ") + GifErrorString(err));
  if (DGifSlurp(gif.get()) != GIF_OK) {
    throw std::runtime_error(std::string("DGifSlurp: ") + GifErrorString(gif->Error));
  }

  DecodedGif out;
  out.width_ = gif->SWidth;
  out.height_ = gif->SHeight;
  const ColorMapObject* global = gif->SColorMap;
  out.global_colors_ = global != nullptr ? global->ColorCount : 0;

  Color background{};
  if (global != nullptr && gif->SBackGroundColor < global->ColorCount) {
    const auto& c = global->Colors[gif->SBackGroundColor];
    background = {c.Red, c.Green, c.Blue};
  }
  const auto w = static_cast<std::size_t>(out.width_);
  std::vector<Color> screen(w * static_cast<std::size_t>(out.height_), background);

  for (int k = 0; k < gif->ImageCount; ++k) {
    const SavedImage& img = gif->SavedImages[k];
    if (!out.loop_count_) out.loop_count_ = find_loop(img.ExtensionBlocks, img.ExtensionBlockCount);

    FrameInfo info;
    info.left = img.ImageDesc.Left;
    info.top = img.ImageDesc.Top;
    info.width = img.ImageDesc.Width;
    info.height = img.ImageDesc.Height;
    info.local_color_map = img.ImageDesc.ColorMap != nullptr;
    GraphicsControlBlock gcb{};
    if (DGifSavedExtensionToGCB(gif.get(), k, &gcb) == GIF_OK) {
      info.delay_cs = gcb.DelayTime;
      info.disposal = gcb.DisposalMode;
      info.transparent_index = gcb.TransparentColor;
    } else {
      info.transparent_index = -1;
    }
    const ColorMapObject* map = info.local_color_map ? img.ImageDesc.ColorMap : global;
    if (map == nullptr) throw std::runtime_error("frame without a colour map");

    const std::vector<Color> before = screen;  // for disposal "restore previous"
    for (int y = 0; y < info.height; ++y) {
      for (int x = 0; x < info.width; ++x) {
        const int sx = info.left + x, sy = info.top + y;
        if (sx < 0 || sy < 0 || sx >= out.width_ || sy >= out.height_) continue;
        const int index = img.RasterBits[static_cast<std::size_t>(y) * info.width + x];
        if (index == info.transparent_index) continue;
        if (index >= map->ColorCount) throw std::runtime_error("pixel index outside colour map");
        const auto& c = map->Colors[index];
        screen[static_cast<std::size_t>(sy) * w + sx] = {c.Red, c.Green, c.Blue};
      }
    }
    out.screens_.push_back(screen);
    out.frames_.push_back(info);

    // Disposal applies after the frame was shown, before the next one is drawn.
    if (info.disposal == DISPOSE_BACKGROUND) {
      for (int y = std::max(0, info.top); y < std::min(out.height_, info.top + info.height); ++y) {
        for (int x = std::max(0, info.left); x < std::min(out.width_, info.left + info.width);
             ++x) {
          screen[static_cast<std::size_t>(y) * w + x] = background;
        }
      }
    } else if (info.disposal == DISPOSE_PREVIOUS) {
      screen = before;
    }
  }
  // A loop extension may also follow the last image.
  if (!out.loop_count_) out.loop_count_ = find_loop(gif->ExtensionBlocks, gif->ExtensionBlockCount);
  return out;
}

int DecodedGif::total_delay_cs() const {
  int total = 0;
  for (const auto& f : frames_) total += f.delay_cs;
  return total;
}

bool DecodedGif::any_local_color_map() const {
  return std::any_of(frames_.begin(), frames_.end(),
                     [](const FrameInfo& f) { return f.local_color_map; });
}

Color DecodedGif::pixel(int k, int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_)
    throw std::out_of_range("pixel outside the screen");
  return screens_.at(static_cast<std::size_t>(k))[static_cast<std::size_t>(y) * width_ + x];
}

int DecodedGif::distinct_colors() const {
  std::set<std::uint32_t> seen;
  for (const auto& s : screens_) {
    for (const auto& c : s) seen.insert((std::uint32_t{c.r} << 16) | (c.g << 8) | c.b);
  }
  return static_cast<int>(seen.size());
}

std::vector<int> lzw_code_sizes(const std::vector<std::uint8_t>& gif) {
  std::size_t i = 13;
  const auto at = [&gif](std::size_t k) {
    if (k >= gif.size()) throw std::runtime_error("GIF blocks run past the end");
    return gif[k];
  };
  const auto skip_sub_blocks = [&](std::size_t k) {
    while (at(k) != 0) k += at(k) + 1U;
    return k + 1;
  };
  if ((at(10) & 0x80) != 0) i += 3U * (2U << (at(10) & 7));
  std::vector<int> sizes;
  for (;;) {
    const std::uint8_t block = at(i);
    if (block == 0x3B) return sizes;
    if (block == 0x21) {
      i = skip_sub_blocks(i + 2);
    } else if (block == 0x2C) {
      const std::uint8_t flags = at(i + 9);
      i += 10;
      if ((flags & 0x80) != 0) i += 3U * (2U << (flags & 7));
      sizes.push_back(at(i));
      i = skip_sub_blocks(i + 1);
    } else {
      throw std::runtime_error("not a GIF block");
    }
  }
}

}  // namespace slidegif::testing
