#pragma once
// A picture puzzle's palette ordered for its GIF. A GIF frame's LZW codes start one bit wider
// than its highest index needs, so a palette whose first 64 or 128 entries hold every colour
// that many frames change lets those frames code with narrower codes (a picture's 255 colours
// otherwise need 8 bits in every frame). The census is a frame writer that writes nothing: a
// first pass over the animation hands it the frames, and it notes the colours each frame
// changes; order() then ranks the colours as gifsicle's colormap optimiser does.
//
//   slidegif::detail::ColourCensus census(width, height);
//   census.add_frame(view, delay_cs, dirty);  // ... every frame, as to any writer
//   std::vector<std::uint8_t> order = census.order(palette);  // order[k]: the index to put at k

#include <array>
#include <bitset>
#include <cstdint>
#include <vector>

#include "render/encode/frame_writer.hpp"

namespace slidegif::detail {

class ColourCensus final : public FrameWriter {
 public:
  ColourCensus(int width, int height);
  void add_frame(IndexedView frame, int delay_cs, const Rect& dirty) override;
  int frames() const override { return frames_; }
  std::vector<std::uint8_t> finish() && override { return {}; }

  // The drawable indices of `palette` (not its transparent slot), most wanted first: from the
  // last place back, each place takes the colour the fewest frames still in the running need
  // (by changed pixels; then the colour fewer frames' pixels show, then the higher index), and
  // the frames that need it drop out. What stays in front is the set of colours that the most
  // frames, by size, use alone.
  std::vector<std::uint8_t> order(const Palette& palette) const;

 private:
  struct Need {
    std::bitset<256> colours;  // the colours of the pixels the frame changes
    std::uint64_t pixels = 0;  // how many it changes
  };
  int width_;
  std::vector<std::uint8_t> previous_;
  std::vector<Need> needs_;
  std::array<std::uint64_t, 256> shown_{};  // changed pixels by colour
  int frames_ = 0;
};

}  // namespace slidegif::detail
