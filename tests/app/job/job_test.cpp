// The pipeline every front end runs: resolve, solve, render, with the services it is given.
#include "app/job/job.hpp"

#include <gtest/gtest.h>

#include "gif_decoder.hpp"
#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "test_font.hpp"

namespace slidegif::app {
namespace {

Services test_services() {
  Services s;
  s.font = [] { return testing::test_font(); };
  s.entropy = []() -> std::uint64_t { throw std::logic_error("entropy asked for"); };
  return s;
}

Job fixed_job(const char* start) {
  Job job;
  job.puzzle.start = parse_board(start);
  job.animation.tile_px = 24;
  return job;
}

TEST(ResolveJob, DrawsFromTheSeedAndChecksTheBoardFirst) {
  Job job;
  job.puzzle.seed = 1;
  const Puzzle p = resolve_job(job, test_services());
  EXPECT_EQ(format_board(p.start), "832170465");  // resolve_puzzle's draw, nothing else
  EXPECT_EQ(p.seed, 1u);

  job.puzzle.shape = Shape{5, 5};
  EXPECT_NO_THROW(resolve_job(job, test_services()));  // no limit by default
  job.limits.max_cells = 16;
  try {
    resolve_job(job, test_services());
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_NE(std::string(e.what()).find("5x5 (25 cells)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("at most 16 cells"), std::string::npos) << e.what();
  }
}

TEST(ResolveJob, UnseededDrawsUseTheEntropyService) {
  Services s = test_services();
  int calls = 0;
  s.entropy = [&calls] { return static_cast<std::uint64_t>(++calls); };
  const Puzzle p = resolve_job(Job{}, s);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(p.seed, 1u);
  EXPECT_FALSE(p.deterministic);
  s.entropy = nullptr;  // empty: the operating system's
  EXPECT_FALSE(resolve_job(Job{}, s).deterministic);
}

TEST(ResolveJob, RefusesAnUnsolvablePairBeforeSearching) {
  Services s = test_services();
  s.pattern_database = [](const Board&) -> const detail::PdbHeuristic* {
    throw std::logic_error("looked up databases for an unsolvable pair");
  };
  try {
    solve_job(fixed_job("213456780"), s);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsolvable);
  }
}

TEST(SolveJob, OptimalWithinTheBudget) {
  const Solved s = solve_job(fixed_job("867254301"), test_services());
  EXPECT_EQ(s.puzzle.start, parse_board("867254301"));
  EXPECT_EQ(s.solution.moves.size(), 31u);
  EXPECT_TRUE(s.solution.optimal);
}

TEST(SolveJob, SettingsReachTheSolver) {
  Job job = fixed_job("867254301");
  job.solve.max_nodes = 10;
  Services services = test_services();
  const Board* asked = nullptr;
  services.pattern_database = [&asked](const Board& goal) -> const detail::PdbHeuristic* {
    asked = &goal;
    return nullptr;
  };
  const Solved fallback = solve_job(job, services);
  EXPECT_FALSE(fallback.solution.optimal);
  EXPECT_GE(fallback.solution.moves.size(), 31u);
  EXPECT_NE(asked, nullptr);  // databases are looked up by default

  asked = nullptr;
  job.solve.use_pdb = false;
  job.solve.near_optimal_fallback = false;
  try {
    solve_job(job, services);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BudgetExceeded);
  }
  EXPECT_EQ(asked, nullptr);
}

TEST(RenderJob, DrawsTheSolutionWithTheServicesFont) {
  const Job job = fixed_job("123456708");
  const Solved solved = solve_job(job, test_services());
  const Animation gif = render_job(job, solved, test_services());
  const auto decoded = testing::DecodedGif::decode(gif.bytes);
  // The start, the default three sliding frames, the end.
  ASSERT_EQ(job.animation.tween, 3);
  EXPECT_EQ(decoded.frame_count(), 5);
  EXPECT_EQ(gif.frames, 5);
}

TEST(RenderJob, LimitsAreCheckedBeforeTheFontIsRead) {
  Job job = fixed_job("867254301");
  job.animation.tween = 8;
  job.limits.render.max_frames = 100;  // 1 + 31 * 9 frames is more
  const Solved solved = solve_job(job, test_services());
  Services services = test_services();
  services.font = []() -> Font { throw std::logic_error("font read for a refused animation"); };
  try {
    render_job(job, solved, services);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_EQ(e.hint(), Error::Hint::Tween);
  }
}

TEST(RenderJob, TheDrawServiceGetsTheFontAndTheOptimalMark) {
  Job job = fixed_job("123456708");
  job.animation.title = "hello";
  Solved solved = solve_job(job, test_services());
  solved.solution.optimal = false;
  Services services = test_services();
  AnimationOptions seen;
  services.render = [&seen](const Board&, const std::vector<Move>& moves,
                            const AnimationOptions& o) {
    seen = o;
    return Animation{{}, static_cast<int>(moves.size()) + 1, 1, 1};
  };
  EXPECT_EQ(render_job(job, solved, services).frames, 2);
  EXPECT_FALSE(seen.font.empty());
  EXPECT_FALSE(seen.optimal);
  EXPECT_EQ(seen.title, "hello");
  EXPECT_EQ(seen.tile_px, 24);
}

}  // namespace
}  // namespace slidegif::app
