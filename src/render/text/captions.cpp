#include "render/text/captions.hpp"

#include <fmt/format.h>

#include "slidegif/error.hpp"

namespace slidegif {

namespace {

// The way the tile goes: the other way from the blank.
Phrase tile_direction(Move m) {
  switch (m) {
    case Move::Up:
      return Phrase::TileDown;
    case Move::Down:
      return Phrase::TileUp;
    case Move::Left:
      return Phrase::TileRight;
    case Move::Right:
      break;
  }
  return Phrase::TileLeft;
}

}  // namespace

std::vector<std::string> Captions::all() const {
  auto v = steps;
  v.push_back(first);
  v.push_back(last);
  if (!goal.empty()) v.push_back(goal);
  return v;
}

Captions no_captions(std::size_t moves) {
  Captions c;
  c.steps.resize(moves);
  return c;
}

Captions make_captions(const Board& start, const std::vector<Move>& moves, bool optimal,
                       const Language& lang, bool brief, bool goal) {
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
    c.steps.push_back(say(lang, brief ? Phrase::StepShort : Phrase::Step,
                          {.step = static_cast<long long>(k) + 1,
                           .total = static_cast<long long>(n),
                           .tile = tile,
                           .direction = tile_direction(moves[k])}));
  }
  const PhraseArgs count{.moves = static_cast<long long>(n)};
  c.first = say(lang,
                n == 0   ? Phrase::StartSolved
                : brief  ? Phrase::StartShort
                : n == 1 ? Phrase::StartOneMove
                         : Phrase::StartMoves,
                count);
  c.last = say(lang,
               brief    ? Phrase::SolvedShort
               : n == 1 ? Phrase::SolvedOneMove
                        : Phrase::SolvedMoves,
               count);
  if (!optimal) c.last += lang[brief ? Phrase::NotOptimalShort : Phrase::NotOptimal];
  if (goal) c.goal = lang[Phrase::Goal];
  return c;
}

}  // namespace slidegif
