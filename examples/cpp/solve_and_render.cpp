// Solves a sliding-tile puzzle optimally and writes its solution as an animated GIF, with
// libslidegif alone.
//
//   solve_and_render [BOARD] [OUT.gif]      e.g.  solve_and_render 867254301 hardest.gif
#include <cstdio>
#include <fstream>
#include <iostream>
#include <slidegif/slidegif.hpp>

int main(int argc, char** argv) {
  const char* board = argc > 1 ? argv[1] : "867254301";
  const char* out = argc > 2 ? argv[2] : "solution.gif";
  try {
    const slidegif::Board start = slidegif::parse_board(board);
    const slidegif::Board goal = slidegif::Board::standard_goal(start.shape());
    const slidegif::Solution solution = slidegif::solve(start, goal);

    slidegif::AnimationOptions look;
    look.theme = "dark";
    look.tween = 3;
    look.title = "slidegif " SLIDEGIF_VERSION;
    const slidegif::Animation gif = slidegif::render(start, solution.moves, look);
    std::ofstream(out, std::ios::binary)
        .write(reinterpret_cast<const char*>(gif.bytes.data()),
               static_cast<std::streamsize>(gif.bytes.size()));

    std::printf("%zu moves (%s): %s\n%s: %d frames, %dx%d, %zu bytes\n", solution.moves.size(),
                solution.optimal ? "optimal" : "not proven optimal",
                slidegif::moves_to_string(solution.moves).c_str(), out, gif.frames, gif.width,
                gif.height, gif.bytes.size());
  } catch (const slidegif::Error& e) {
    std::cerr << "solve_and_render: " << e.what() << '\n';
    return 1;
  }
}
