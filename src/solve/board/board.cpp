#include "slidegif/board.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "solve/board/domain.hpp"
#include "solve/support/format.hpp"

namespace slidegif {
namespace {

[[noreturn]] void bad_input(const std::string& message) {
  throw Error(Error::Kind::BadInput, message);
}

bool is_separator(char c) {
  return c == ',' || std::isspace(static_cast<unsigned char>(c));
}

int parse_tile_token(std::string_view token) {
  if (token == "_") return 0;
  if (token.size() > 3) bad_input(detail::format("tile '{}' is out of range", token));
  int value = 0;
  for (char c : token) {
    if (!std::isdigit(static_cast<unsigned char>(c))) {
      bad_input(detail::format("unexpected character '{}' in board", c));
    }
    value = value * 10 + (c - '0');
  }
  return value;
}

// Appends the tiles of one row (or of the whole board when there are no '/') to `tiles`;
// returns how many. A batch parses two boards a line, 10,000 lines a second or more: the
// tiles go into one vector, not a vector a row.
std::size_t parse_row(std::string_view row, bool separated, std::vector<int>& tiles) {
  const std::size_t before = tiles.size();
  if (!separated) {  // one character per tile
    for (char c : row) tiles.push_back(parse_tile_token(std::string_view(&c, 1)));
    return tiles.size() - before;
  }
  std::size_t i = 0;
  while (i < row.size()) {
    while (i < row.size() && is_separator(row[i])) ++i;
    std::size_t j = i;
    while (j < row.size() && !is_separator(row[j])) ++j;
    if (j > i) tiles.push_back(parse_tile_token(row.substr(i, j - i)));
    i = j;
  }
  return tiles.size() - before;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

Shape infer_square(std::size_t count) {
  for (int side = kMinSide; side <= kMaxSide; ++side) {
    if (static_cast<std::size_t>(side * side) == count) return {side, side};
  }
  // Say what was understood: a square too large is not "no square".
  for (int side = kMaxSide + 1; side * side <= static_cast<int>(count); ++side) {
    if (static_cast<std::size_t>(side * side) == count)
      bad_input(detail::format(
          "{} tiles make a {}x{} board; boards are {} to {} rows and columns "
          "(up to {}x{}, {} tiles)",
          count, side, side, kMinSide, kMaxSide, kMaxSide, kMaxSide, kMaxSide * kMaxSide));
  }
  bad_input(detail::format("{} tiles do not make a square board; give the size as RxC", count));
}

}  // namespace

// Moves ----------------------------------------------------------------------------------

char move_letter(Move m) {
  static constexpr char kLetters[] = {'U', 'D', 'L', 'R'};
  return kLetters[static_cast<int>(m)];
}

std::optional<Move> move_from_letter(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'U':
      return Move::Up;
    case 'D':
      return Move::Down;
    case 'L':
      return Move::Left;
    case 'R':
      return Move::Right;
    default:
      return std::nullopt;
  }
}

const char* tile_direction_name(Move m) {
  // The tile goes the other way from the blank.
  static constexpr const char* kNames[] = {"down", "up", "right", "left"};
  return kNames[static_cast<int>(m)];
}

const char* metric_name(Metric metric) {
  return metric == Metric::MultiTile ? "mtm" : "stm";
}

std::optional<Metric> metric_from_name(std::string_view name) {
  for (const Metric m : kAllMetrics)
    if (name == metric_name(m)) return m;
  return std::nullopt;
}

int count_moves(const std::vector<Move>& moves, Metric metric) {
  if (metric == Metric::SingleTile) return static_cast<int>(moves.size());
  int runs = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) runs += i == 0 || moves[i] != moves[i - 1];
  return runs;
}

std::string moves_to_string(const std::vector<Move>& moves) {
  std::string s;
  s.reserve(moves.size());
  for (Move m : moves) s.push_back(move_letter(m));
  return s;
}

std::vector<Move> moves_from_string(std::string_view text) {
  std::vector<Move> moves;
  for (char c : text) {
    const auto m = move_from_letter(c);
    if (!m) bad_input(detail::format("'{}' is not a move (use U, D, L, R)", c));
    moves.push_back(*m);
  }
  return moves;
}

// Shapes ---------------------------------------------------------------------------------

void validate_shape(Shape shape) {
  if (shape.rows < kMinSide || shape.rows > kMaxSide || shape.cols < kMinSide ||
      shape.cols > kMaxSide) {
    bad_input(detail::format("board size {}x{} is out of range: rows and columns must be {} to {}",
                             shape.rows, shape.cols, kMinSide, kMaxSide));
  }
}

Shape parse_shape(std::string_view text) {
  text = trim(text);
  auto number = [&](std::string_view s) {
    if (s.empty() || s.size() > 2 || !std::all_of(s.begin(), s.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        })) {
      bad_input(detail::format("size '{}' is not N or RxC (e.g. 3, 4, 3x4)", text));
    }
    return std::stoi(std::string(s));
  };
  const std::size_t x = text.find_first_of("xX");
  Shape shape;
  if (x == std::string_view::npos) {
    shape = {number(text), number(text)};
  } else {
    shape = {number(text.substr(0, x)), number(text.substr(x + 1))};
  }
  validate_shape(shape);
  return shape;
}

std::string format_shape(Shape shape) {
  return detail::format("{}x{}", shape.rows, shape.cols);
}

// Board ----------------------------------------------------------------------------------

Board::Board(Shape shape, std::vector<std::uint8_t> tiles)
    : shape_(shape), tiles_(std::move(tiles)) {
  validate_shape(shape_);
  const auto n = static_cast<std::size_t>(shape_.cells());
  if (tiles_.size() != n) {
    bad_input(detail::format("a {} board needs {} tiles, got {}", format_shape(shape_), n,
                             tiles_.size()));
  }
  // No allocation, and only n entries written: boards are made by the thousand.
  std::array<int, kMaxSide * kMaxSide> seen;
  std::fill_n(seen.begin(), n, -1);
  for (std::size_t cell = 0; cell < n; ++cell) {
    const std::size_t t = tiles_[cell];
    if (t >= n) bad_input(detail::format("tile {} is out of range 0..{}", t, n - 1));
    if (seen[t] >= 0) bad_input(detail::format("tile {} appears twice", t));
    seen[t] = static_cast<int>(cell);
  }
  blank_ = seen[0];
}

Board Board::standard_goal(Shape shape) {
  validate_shape(shape);
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(shape.cells()));
  for (std::size_t i = 0; i + 1 < tiles.size(); ++i) tiles[i] = static_cast<std::uint8_t>(i + 1);
  tiles.back() = 0;
  return Board(shape, std::move(tiles));
}

int Board::target(Move m) const {
  return detail::neighbour(shape_, blank_, m);
}

void Board::apply(Move m) {
  const int to = target(m);
  if (to < 0) bad_input(detail::format("move {} leaves the board", move_letter(m)));
  std::swap(tiles_[static_cast<std::size_t>(blank_)], tiles_[static_cast<std::size_t>(to)]);
  blank_ = to;
}

Board Board::after(Move m) const {
  Board next = *this;
  next.apply(m);
  return next;
}

void Board::apply_all(const std::vector<Move>& moves) {
  for (Move m : moves) apply(m);
}

// Text -----------------------------------------------------------------------------------

Board parse_board(std::string_view text, std::optional<Shape> shape) {
  if (text.size() > kMaxBoardText) {
    bad_input(detail::format("board text is too long ({} characters, at most {})", text.size(),
                             kMaxBoardText));
  }
  text = trim(text);
  if (text.empty()) bad_input("empty board");
  const bool separated = std::any_of(text.begin(), text.end(), is_separator);

  std::vector<int> tiles;
  tiles.reserve(text.size());
  std::optional<Shape> from_rows;
  if (text.find('/') != std::string_view::npos) {
    // Rows split on '/', empty ones kept so that "12//34" is reported.
    std::size_t width = 0;
    int row = 0;  // 0-based; the messages count from 1
    for (std::size_t begin = 0;; ++row) {
      const std::size_t slash = text.find('/', begin);
      const std::size_t count = parse_row(text.substr(begin, slash - begin), separated, tiles);
      if (count == 0) bad_input(detail::format("row {} is empty", row + 1));
      if (row == 0) width = count;
      if (count != width) {
        bad_input(detail::format("row {} has {} tiles but row 1 has {}", row + 1, count, width));
      }
      if (slash == std::string_view::npos) break;
      begin = slash + 1;
    }
    from_rows = Shape{row + 1, static_cast<int>(width)};
  } else {
    parse_row(text, separated, tiles);
  }
  if (tiles.empty()) bad_input("empty board");
  if (!separated && tiles.size() > 10) {
    bad_input(
        detail::format("{} digits in a row: one digit per tile only works up to 10 tiles; "
                       "separate numbers with commas or spaces",
                       tiles.size()));
  }

  Shape actual;
  if (from_rows) {
    if (shape && *shape != *from_rows) {
      bad_input(detail::format("board has {} rows of {} but the size is {}", from_rows->rows,
                               from_rows->cols, format_shape(*shape)));
    }
    actual = *from_rows;
  } else if (shape) {
    actual = *shape;
  } else {
    actual = infer_square(tiles.size());
  }
  validate_shape(actual);
  if (tiles.size() != static_cast<std::size_t>(actual.cells())) {
    bad_input(detail::format("a {} board needs {} tiles, got {}", format_shape(actual),
                             actual.cells(), tiles.size()));
  }
  // Name the first missing tile: more useful than "not a permutation".
  const auto n = static_cast<std::size_t>(actual.cells());
  std::array<bool, kMaxSide * kMaxSide> present;
  std::fill_n(present.begin(), n, false);
  for (int t : tiles) {
    if (t < 0 || static_cast<std::size_t>(t) >= n) {
      bad_input(detail::format("tile {} is out of range 0..{}", t, n - 1));
    }
    if (present[static_cast<std::size_t>(t)]) bad_input(detail::format("tile {} appears twice", t));
    present[static_cast<std::size_t>(t)] = true;
  }
  std::vector<std::uint8_t> bytes(tiles.begin(), tiles.end());
  return Board(actual, std::move(bytes));
}

std::string format_board(const Board& board) {
  const bool compact = board.cells() <= 10;
  const bool show_rows = !(compact && board.rows() == board.cols());
  std::string out;
  for (int r = 0; r < board.rows(); ++r) {
    if (r > 0 && show_rows) out += '/';
    for (int c = 0; c < board.cols(); ++c) {
      if (!compact && c > 0) out += ',';
      out += std::to_string(board.at(r, c));
    }
  }
  return out;
}

}  // namespace slidegif
