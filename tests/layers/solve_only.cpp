// A program that only solves: it links slidegif_solve alone (tests/layers/CMakeLists.txt), so
// it builds only if the solving library needs nothing but the standard library, and the test
// beside it checks what the executable loads. Prints the optimal length of START.
//   solve_only 867254301   ->   31

#include <cstdio>
#include <exception>

#include "slidegif/board.hpp"
#include "solve/solver.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: solve_only START\n");
    return 2;
  }
  try {
    const slidegif::Board start = slidegif::parse_board(argv[1]);
    const auto solution = slidegif::solve(start, slidegif::Board::standard_goal(start.shape()));
    std::printf("%zu\n", solution.moves.size());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "solve_only: %s\n", e.what());
    return 1;
  }
}
