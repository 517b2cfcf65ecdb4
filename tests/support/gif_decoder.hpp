#pragma once
// An independent GIF reader for tests (giflib, not libgd): decodes every frame and composes it
// onto the logical screen the way a viewer would (frame offsets, GCE transparency, disposal),
// so a test can ask "what colour is pixel (x, y) when frame k is shown".
//
//   auto gif = slidegif::testing::DecodedGif::decode(animation.bytes);
//   EXPECT_EQ(gif.frame_count(), 32);
//   EXPECT_EQ(gif.pixel(5, 10, 10), (slidegif::testing::Color{255, 255, 255}));

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace slidegif::testing {

struct Color {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Color&) const = default;
};
std::string to_string(Color c);  // "#rrggbb", for failure messages

struct FrameInfo {
  int left = 0, top = 0, width = 0, height = 0;  // the frame's rectangle on the screen
  int delay_cs = 0;                              // 0 when there is no Graphics Control Extension
  int disposal = 0;                              // GIF disposal method (0..3)
  int transparent_index = -1;                    // -1 when none
  bool local_color_map = false;
};

class DecodedGif {
 public:
  // Throw std::runtime_error (with giflib's message) when the data is not a readable GIF.
  static DecodedGif decode(const std::vector<std::uint8_t>& bytes);
  static DecodedGif decode_file(const std::string& path);

  int width() const { return width_; }  // logical screen
  int height() const { return height_; }
  int frame_count() const { return static_cast<int>(frames_.size()); }
  const FrameInfo& frame(int k) const { return frames_.at(static_cast<std::size_t>(k)); }
  int delay_cs(int k) const { return frame(k).delay_cs; }
  int total_delay_cs() const;
  // The NETSCAPE2.0 repeat count as stored (0 = forever, N = N repeats after the first play);
  // nullopt when the extension is absent (a single play).
  std::optional<int> loop_count() const { return loop_count_; }
  int global_color_count() const { return global_colors_; }  // 0 without a global table
  bool any_local_color_map() const;
  // Colour of the composed screen while frame k is shown. Pixels no frame has covered yet read
  // as the global background colour.
  Color pixel(int k, int x, int y) const;
  // Distinct colours over every composed frame.
  int distinct_colors() const;

 private:
  int width_ = 0, height_ = 0;
  int global_colors_ = 0;
  std::optional<int> loop_count_;
  std::vector<FrameInfo> frames_;
  std::vector<std::vector<Color>> screens_;  // one composed screen per frame
};

// Each image's LZW minimum code size, in order, read from the stream's blocks (giflib keeps
// it to itself). Throws std::runtime_error when the blocks do not add up.
std::vector<int> lzw_code_sizes(const std::vector<std::uint8_t>& gif);

}  // namespace slidegif::testing
