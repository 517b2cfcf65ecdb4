#include "app/data/pieces_build.hpp"

#include <algorithm>
#include <random>

#include "render/cache/drawing_cache.hpp"

namespace slidegif::app {
namespace {

// A board with the blank at `blank` and `tile` at `cell`, the other tiles anywhere.
Board board_with(Shape shape, int blank, int cell, int tile, std::mt19937& rng) {
  std::vector<std::uint8_t> rest;
  for (int t = 1; t < shape.cells(); ++t)
    if (t != tile) rest.push_back(static_cast<std::uint8_t>(t));
  std::shuffle(rest.begin(), rest.end(), rng);
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(shape.cells()));
  tiles[static_cast<std::size_t>(blank)] = 0;
  tiles[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(tile);
  std::size_t next = 0;
  for (int c = 0; c < shape.cells(); ++c)
    if (c != blank && c != cell) tiles[static_cast<std::size_t>(c)] = rest[next++];
  return Board(shape, tiles);
}

// n random moves from `b` (applied to it), none undoing the one before.
std::vector<Move> walk(Board& b, int n, std::mt19937& rng) {
  std::vector<Move> moves;
  while (static_cast<int>(moves.size()) < n) {
    const Move m = kAllMoves[rng() % 4];
    if (b.target(m) < 0 || (!moves.empty() && m == opposite(moves.back()))) continue;
    b.apply(m);
    moves.push_back(m);
  }
  return moves;
}

// Random requests of `shape`: walks away from the goal, as long as `length` give or take, and
// back to it, so that step, tile and direction captions change as theirs do.
void add_requests(Shape shape, int length, int count, const AnimationOptions& options,
                  detail::MovePieceCache& pieces, detail::DrawingCache& drawing, std::mt19937& rng,
                  const std::function<void(int)>& drawn) {
  for (int r = 0; r < count; ++r) {
    Board b = Board::standard_goal(shape);
    const auto out = walk(b, length - 10 + static_cast<int>(rng() % 13), rng);
    std::vector<Move> back;
    for (auto it = out.rbegin(); it != out.rend(); ++it) back.push_back(opposite(*it));
    render_animation(b, back, options, {}, &pieces, &drawing);
    drawn(1);
  }
}

// The kinds of move on `shape` (blank cell, direction, tile): each cell of the blank has a move
// per neighbour, 2 * (r * (k - 1) + k * (r - 1)) in all, and any of the cells - 1 tiles moves.
int move_kinds(Shape shape) {
  const int r = shape.rows, k = shape.cols;
  return 2 * (r * (k - 1) + k * (r - 1)) * (shape.cells() - 1);
}

}  // namespace

detail::MovePieceCache build_move_pieces(const std::vector<Shape>& shapes,
                                         const AnimationOptions& options,
                                         detail::DrawingCache& drawing,
                                         const std::function<void(double)>& progress) {
  detail::MovePieceCache all(std::size_t{1} << 40);
  std::mt19937 rng(1);
  double total = 0, done = 0;
  for (const Shape shape : shapes) total += 6.0 * move_kinds(shape);  // 2 + 4 per kind
  const std::function<void(int)> drawn = [&](int n) {
    done += n;
    if (progress) progress(total > 0 ? done / total : 1.0);
  };
  for (const Shape shape : shapes) {
    const int length = 20 + shape.cells();  // two-digit move counts, as random requests have
    for (int blank = 0; blank < shape.cells(); ++blank) {
      for (const Move m : kAllMoves) {
        // Where m sends the blank (any board with the blank there says).
        const int cell = board_with(shape, blank, blank == 0 ? 1 : 0, 1, rng).target(m);
        if (cell < 0) continue;
        for (int tile = 1; tile < shape.cells(); ++tile) {
          // Starting with the move (the tile in `cell` slides into the blank), then a walk.
          const Board start = board_with(shape, blank, cell, tile, rng);
          Board b = start;
          std::vector<Move> moves = {m};
          b.apply(m);
          const auto rest = walk(b, length - 1, rng);
          moves.insert(moves.end(), rest.begin(), rest.end());
          render_animation(start, moves, options, {}, &all, &drawing);
          // Ending with it: a walk away from the board before it, walked back, then the move.
          Board away = board_with(shape, blank, cell, tile, rng);
          const auto out = walk(away, length - 1, rng);
          std::vector<Move> back;
          for (auto it = out.rbegin(); it != out.rend(); ++it) back.push_back(opposite(*it));
          back.push_back(m);
          render_animation(away, back, options, {}, &all, &drawing);
          drawn(2);
        }
      }
    }
    // A caption change's columns are part of a move's key: four requests a move (measured:
    // tests/bench/pieces_bench.cpp) cover most of what random requests change.
    add_requests(shape, length, 4 * move_kinds(shape), options, all, drawing, rng, drawn);
  }
  return all;
}

}  // namespace slidegif::app
