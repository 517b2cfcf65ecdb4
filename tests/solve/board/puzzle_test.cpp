// Puzzle resolution: what is drawn, in which order, from which seed, and what is refused.
#include <gtest/gtest.h>

#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "solve/board/random.hpp"
#include "solve/board/resolve_puzzle.hpp"

namespace slidegif::detail {
namespace {

// Entropy that counts how often it is asked.
struct CountingEntropy {
  int calls = 0;
  std::uint64_t value = 99;
  std::function<std::uint64_t()> source() {
    return [this] {
      ++calls;
      return value;
    };
  }
};

std::uint64_t no_entropy() {
  throw std::logic_error("entropy asked for");
}

TEST(ResolvePuzzle, FixedBoardsDrawNothing) {
  const Board start = parse_board("283104765");
  const Board goal = parse_board("123804765");
  CountingEntropy e;
  const Puzzle p = resolve_puzzle({.start = start, .goal = goal, .seed = 5}, e.source());
  EXPECT_EQ(p.start, start);
  EXPECT_EQ(p.goal, goal);
  EXPECT_FALSE(p.seed);  // nothing was drawn: the seed plays no part
  EXPECT_TRUE(p.deterministic);
  EXPECT_EQ(e.calls, 0);
  const Board other = parse_board("432061578");
  EXPECT_EQ(resolve_puzzle({.start = other}, no_entropy).goal, Board::standard_goal({3, 3}));
}

TEST(ResolvePuzzle, SeededStartMatchesTheRecordedDraw) {
  // The value random_test records for Random(1): a seeded 3x3 puzzle is that draw.
  const Puzzle p = resolve_puzzle({.seed = 1}, no_entropy);
  EXPECT_EQ(format_board(p.start), "832170465");
  EXPECT_EQ(p.goal, Board::standard_goal({3, 3}));
  EXPECT_EQ(p.seed, 1u);
  EXPECT_TRUE(p.deterministic);
}

TEST(ResolvePuzzle, GoalIsDrawnBeforeTheStart) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Random rng(seed);
    const Board goal = random_board({2, 4}, rng);
    const Board start = random_solvable_board(goal, rng);
    const Puzzle p =
        resolve_puzzle({.random_goal = true, .shape = Shape{2, 4}, .seed = seed}, no_entropy);
    EXPECT_EQ(p.goal, goal) << seed;
    EXPECT_EQ(p.start, start) << seed;
  }
}

TEST(ResolvePuzzle, RandomGoalForAFixedStartIsReachable) {
  const Board start = parse_board("123/456/780");
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Random rng(seed);
    const Puzzle p =
        resolve_puzzle({.start = start, .random_goal = true, .seed = seed}, no_entropy);
    EXPECT_EQ(p.start, start);
    EXPECT_EQ(p.goal, random_solvable_board(start, rng));
    EXPECT_TRUE(check_solvable(p.start, p.goal).solvable);
  }
}

TEST(ResolvePuzzle, AFixedGoalSetsTheShape) {
  const Board goal = parse_board("1,2,3/4,5,0");
  const Puzzle p = resolve_puzzle({.goal = goal, .shape = Shape{4, 4}, .seed = 3}, no_entropy);
  EXPECT_EQ(p.goal, goal);
  EXPECT_EQ(p.start.shape(), (Shape{2, 3}));
  EXPECT_TRUE(check_solvable(p.start, p.goal).solvable);
  EXPECT_EQ(puzzle_shape({.goal = goal, .shape = Shape{4, 4}}), (Shape{2, 3}));
}

TEST(ResolvePuzzle, UnseededDrawsAskForEntropyOnce) {
  CountingEntropy e;
  const Puzzle p = resolve_puzzle({.shape = Shape{3, 2}}, e.source());
  EXPECT_EQ(e.calls, 1);
  EXPECT_EQ(p.seed, e.value);
  EXPECT_FALSE(p.deterministic);
  EXPECT_EQ(p.start, resolve_puzzle({.shape = Shape{3, 2}, .seed = e.value}, no_entropy).start);
  EXPECT_TRUE(samples_boards({.start = p.start, .random_goal = true}));
  EXPECT_FALSE(samples_boards({.start = p.start}));
}

TEST(ResolvePuzzle, RefusesContradictionsAndUnreachableGoals) {
  const Board start = parse_board("213456780");
  const Board goal = Board::standard_goal({3, 3});
  try {
    resolve_puzzle({.start = start, .goal = goal}, no_entropy);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsolvable);
    EXPECT_NE(std::string(e.what()).find("parity"), std::string::npos) << e.what();
  }
  EXPECT_THROW(resolve_puzzle({.goal = goal, .random_goal = true}, no_entropy), Error);
  EXPECT_THROW(resolve_puzzle({.start = goal, .goal = Board::standard_goal({2, 2})}, no_entropy),
               Error);
  EXPECT_THROW(resolve_puzzle({.shape = Shape{17, 17}, .seed = 1}, no_entropy), Error);
}

}  // namespace
}  // namespace slidegif::detail
