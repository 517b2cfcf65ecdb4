#include "render/text/captions.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "slidegif/error.hpp"

namespace slidegif::detail {

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
                       const Language& lang, bool brief, bool goal, Metric metric) {
  const auto n = static_cast<std::size_t>(count_moves(moves, metric));
  Captions c;
  Board b = start;
  std::vector<int> line;  // the tiles of a multi-tile move
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const int from = b.target(moves[i]);
    if (from < 0) {
      throw Error(Error::Kind::BadInput,
                  fmt::format("move {} ({}) leaves the board", i + 1, move_letter(moves[i])));
    }
    line.push_back(b.at(from));
    b.apply(moves[i]);
    if (metric == Metric::MultiTile && i + 1 < moves.size() && moves[i + 1] == moves[i]) continue;
    const bool one = line.size() == 1;
    c.steps.push_back(say(lang,
                          one ? (brief ? Phrase::StepShort : Phrase::Step)
                              : (brief ? Phrase::StepLineShort : Phrase::StepLine),
                          {.step = static_cast<long long>(c.steps.size()) + 1,
                           .total = static_cast<long long>(n),
                           .tile = line.front(),
                           .tiles = fmt::format("{}", fmt::join(line, lang[Phrase::TileSeparator])),
                           .direction = tile_direction(moves[i])}));
    line.clear();
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

}  // namespace slidegif::detail
