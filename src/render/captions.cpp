#include "captions.hpp"

#include <fmt/format.h>

#include "slidegif/error.hpp"

namespace slidegif {

namespace {

std::string plural(std::size_t n, const char* word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

}  // namespace

std::vector<std::string> Captions::all() const {
  auto v = steps;
  v.push_back(first);
  v.push_back(last);
  return v;
}

Captions make_captions(const Board& start, const std::vector<Move>& moves, bool optimal) {
  const std::size_t n = moves.size();
  Captions c;
  Board b = start;
  for (std::size_t k = 0; k < n; ++k) {
    const int from = b.target(moves[k]);
    if (from < 0) {
      throw Error(Error::Kind::BadInput,
                  fmt::format("move {} ({}) leaves the board", k + 1, move_letter(moves[k])));
    }
    const int tile = b.at(from);
    b.apply(moves[k]);
    c.steps.push_back(fmt::format("Step {} / {} — tile {} moves {}", k + 1, n, tile,
                                  tile_direction_name(moves[k])));
  }
  c.first = n == 0 ? "Start — already solved" : fmt::format("Start — {} to go", plural(n, "move"));
  c.last = fmt::format("Solved in {}{}", plural(n, "move"), optimal ? "" : " (not proven optimal)");
  return c;
}

}  // namespace slidegif
