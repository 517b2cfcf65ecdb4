// Prints "FRAMES WIDTH HEIGHT" for a GIF file, decoded by giflib (independent of the libgd that
// wrote it); exits 1 if giflib cannot read it. Used by the end-to-end shell tests.

#include <gif_lib.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FILE.gif\n", argv[0]);
    return 2;
  }
  int error = 0;
  GifFileType* gif = DGifOpenFileName(argv[1], &error);
  if (gif == nullptr) {
    std::fprintf(stderr, "giflib: %s\n", GifErrorString(error));
    return 1;
  }
  if (DGifSlurp(gif) != GIF_OK) {
    std::fprintf(stderr, "giflib: %s\n", GifErrorString(gif->Error));
    DGifCloseFile(gif, &error);
    return 1;
  }
  std::printf("%d %d %d\n", gif->ImageCount, gif->SWidth, gif->SHeight);
  DGifCloseFile(gif, &error);
  return 0;
}
