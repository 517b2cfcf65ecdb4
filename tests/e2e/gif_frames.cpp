// Prints "FRAMES WIDTH HEIGHT" for a GIF file as the tests' giflib-based decoder reads it
// (independent of the libgd that wrote it); exits 1 if it cannot. For the shell e2e tests.

#include <cstdio>
#include <exception>

#include "gif_decoder.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FILE.gif\n", argv[0]);
    return 2;
  }
  try {
    const auto gif = slidegif::testing::DecodedGif::decode_file(argv[1]);
    std::printf("%d %d %d\n", gif.frame_count(), gif.width(), gif.height());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "giflib: %s\n", e.what());
    return 1;
  }
}
