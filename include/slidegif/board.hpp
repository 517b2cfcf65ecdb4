#pragma once
// Board: an R x C sliding-tile position. Tile 0 is the blank; cells are numbered row-major.
// A move is named by the direction the *blank* goes (U, D, L, R).
//
//   auto start = slidegif::parse_board("283/104/765");
//   auto goal  = slidegif::Board::standard_goal(start.shape());
//   start.apply(slidegif::Move::Up);

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "slidegif/error.hpp"
#include "slidegif/export.hpp"

namespace slidegif {

inline constexpr int kMinSide = 2;
inline constexpr int kMaxSide = 16;
inline constexpr std::size_t kMaxBoardText = 4096;  // longer input is refused before parsing

struct Shape {
  int rows = 0;
  int cols = 0;
  int cells() const { return rows * cols; }
  bool operator==(const Shape&) const = default;
};

enum class Move : std::uint8_t { Up, Down, Left, Right };
inline constexpr Move kAllMoves[] = {Move::Up, Move::Down, Move::Left, Move::Right};

SLIDEGIF_API char move_letter(Move m);                      // 'U', 'D', 'L', 'R'
SLIDEGIF_API std::optional<Move> move_from_letter(char c);  // none for a letter other than UDLR
// Up, Down and Left, Right are neighbours in Move's order: flipping the low bit reverses a move
// (inline: IDA* asks once per node).
constexpr Move opposite(Move m) {
  return static_cast<Move>(static_cast<int>(m) ^ 1);
}
SLIDEGIF_API std::string moves_to_string(const std::vector<Move>& moves);  // "UULDR"
// Throws Error(BadInput) on a letter other than UDLR.
SLIDEGIF_API std::vector<Move> moves_from_string(std::string_view text);
// The direction the *tile* travels when the blank makes move m ("up" for Move::Down).
SLIDEGIF_API const char* tile_direction_name(Move m);

// How moves are counted. SingleTile: every step of the blank is a move. MultiTile: the blank
// going several cells one way at once (a line of tiles sliding together) is one move, so a run
// of one letter in a move list is one move: "UUL" is three single-tile moves, two multi-tile
// ones. A move list is always written in steps; the metric says how it is counted.
enum class Metric : std::uint8_t { SingleTile, MultiTile };
inline constexpr Metric kAllMetrics[] = {Metric::SingleTile, Metric::MultiTile};
// "stm", "mtm": the names puzzle solvers use, and what --metric and metric= take.
SLIDEGIF_API const char* metric_name(Metric metric);
SLIDEGIF_API std::optional<Metric> metric_from_name(
    std::string_view name);  // none for another name
// What `moves` counts as in `metric`: its length, or its runs of one direction.
SLIDEGIF_API int count_moves(const std::vector<Move>& moves, Metric metric);

class SLIDEGIF_API Board {
 public:
  // Throws Error(BadInput) unless tiles is a permutation of 0..rows*cols-1 and the shape is valid.
  Board(Shape shape, std::vector<std::uint8_t> tiles);
  // 1..N-1 in row-major order, blank last.
  static Board standard_goal(Shape shape);

  Shape shape() const { return shape_; }
  int rows() const { return shape_.rows; }
  int cols() const { return shape_.cols; }
  int cells() const { return shape_.cells(); }
  const std::vector<std::uint8_t>& tiles() const { return tiles_; }
  std::uint8_t at(int cell) const { return tiles_[static_cast<std::size_t>(cell)]; }
  std::uint8_t at(int row, int col) const { return at(row * cols() + col); }
  int blank() const { return blank_; }

  // The cell the blank would move to, or -1 if the move leaves the board.
  int target(Move m) const;
  bool can_apply(Move m) const { return target(m) >= 0; }
  // Throws Error(BadInput) if the move leaves the board.
  void apply(Move m);
  Board after(Move m) const;
  // Applies every move in order; throws on the first illegal one.
  void apply_all(const std::vector<Move>& moves);

  bool operator==(const Board& other) const = default;

 private:
  Shape shape_;
  std::vector<std::uint8_t> tiles_;
  int blank_ = 0;
};

// Checks 2 <= rows, cols <= 8; throws Error(BadInput) otherwise.
SLIDEGIF_API void validate_shape(Shape shape);
// "3", "4" (square) or "RxC" / "RXC". Throws Error(BadInput).
SLIDEGIF_API Shape parse_shape(std::string_view text);
SLIDEGIF_API std::string format_shape(Shape shape);  // "3x3"

// Parses the accepted notations:
//   "283104765"            one character per tile (digits, '_' = blank), up to 10 cells
//   "2,8,3,1,0,4,7,6,5"    numbers separated by commas and/or spaces, any size
//   "283/104/765"          rows separated by '/', either of the above within a row
// The shape comes from the '/' rows if present, else from `shape`, else from a square tile
// count. Throws Error(BadInput) with a one-line message naming the problem.
SLIDEGIF_API Board parse_board(std::string_view text, std::optional<Shape> shape = std::nullopt);

// Canonical text that parse_board reads back to the same board: digits for boards of up to
// 10 cells ("283104765", "123/450" when not square), else "1,2,3,4/5,6,7,8/...".
SLIDEGIF_API std::string format_board(const Board& board);

}  // namespace slidegif
