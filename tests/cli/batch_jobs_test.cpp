// `solve --batch --jobs N`: answers in input order and every one still optimal, through the
// real binary (against a breadth-first search of the whole 3x3 space), and the ordered runner
// under it (order, the bounded window, errors).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "bfs_reference.hpp"
#include "cli/ordered_runner.hpp"
#include "run_binary.hpp"
#include "solve/board/random.hpp"

namespace slidegif {
namespace {

using testing::run_binary;
using testing::RunResult;
using testing::slidegif_binary;

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

RunResult batch(const std::string& input, const std::string& jobs) {
  return run_binary({slidegif_binary(), "solve", "--batch", "-", "--jobs", jobs}, input);
}

TEST(BatchJobs, TwoJobsAnswerInOrderAndOptimally) {
  const Board goal = Board::standard_goal({3, 3});
  const auto distance = testing::bfs_distances(goal);
  detail::Random rng(2026);
  std::vector<Board> boards;
  std::string input;
  for (int i = 0; i < 120; ++i) {
    boards.push_back(detail::random_solvable_board(goal, rng));
    input += format_board(boards.back()) + "\n";
    // Lines that fail in between, which must keep their place too.
    if (i % 40 == 7) input += "nope\n";
    if (i % 40 == 20) input += "# a comment\n\n213456780\n";
  }
  const RunResult two = batch(input, "2");
  EXPECT_EQ(two.exit_code, 1) << two.err;  // the bad lines
  const std::vector<std::string> out = lines_of(two.out);
  ASSERT_EQ(out.size(), boards.size() + 6) << two.out;
  // Walk the input and the output together: each answer belongs to its line.
  std::size_t at = 0, board = 0;
  int line_number = 0;
  for (const std::string& line : lines_of(input)) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    const std::string& answer = out.at(at++);
    if (line == "nope" || line == "213456780") {
      EXPECT_EQ(answer.rfind("error: line " + std::to_string(line_number) + ":", 0), 0u) << answer;
      continue;
    }
    const Board& start = boards.at(board++);
    const auto space = answer.find(' ');
    ASSERT_NE(space, std::string::npos) << answer;
    const int length = std::stoi(answer.substr(0, space));
    EXPECT_EQ(length, distance.at(testing::pack(start))) << "line " << line_number;
    Board replayed = start;
    if (length > 0) replayed.apply_all(moves_from_string(answer.substr(space + 1)));
    EXPECT_EQ(replayed, goal) << "line " << line_number;
  }
  EXPECT_EQ(board, boards.size());
  // One job and two print the same bytes.
  const RunResult one = batch(input, "1");
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(one.out, two.out);
}

TEST(BatchJobs, RefusesBadCounts) {
  for (const char* jobs : {"0", "-1", "x", "257"}) {
    const RunResult r = batch("123456708\n", jobs);
    EXPECT_EQ(r.exit_code, 2) << jobs;
    EXPECT_TRUE(r.out.empty()) << jobs;
  }
  const RunResult r = run_binary({slidegif_binary(), "solve", "123456708", "--jobs", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--batch"), std::string::npos) << r.err;
}

// Later items finish first (earlier ones sleep longer), yet come out in order, and no more
// than the window is ever in flight.
TEST(OrderedRunner, EmitsInSubmissionOrderWithABoundedWindow) {
  std::atomic<int> in_flight{0}, most{0}, emitted_count{0}, widest{0};
  std::vector<int> emitted;
  {
    cli::OrderedRunner runner(
        3,
        [&](const cli::BatchItem& item) {
          widest = std::max(widest.load(), item.number - emitted_count.load());
          const int now = ++in_flight;
          int seen = most.load();
          while (now > seen && !most.compare_exchange_weak(seen, now)) {
          }
          std::this_thread::sleep_for(std::chrono::microseconds(200 * (item.number % 5)));
          --in_flight;
          return cli::BatchOutcome{std::to_string(item.number), item.number % 7 == 0};
        },
        [&](const cli::EmittedOutcome& o) {
          emitted.push_back(std::stoi(std::string(o.text)));
          ++emitted_count;
        },
        std::chrono::microseconds(0));  // a line a block
    for (int i = 0; i < 200; ++i) runner.submit({i, "x"});
    runner.finish();
  }
  ASSERT_EQ(emitted.size(), 200u);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(emitted[i], i);
  EXPECT_LE(most.load(), 3);
  EXPECT_GE(most.load(), 2);     // the work did overlap
  EXPECT_LT(widest.load(), 12);  // 4 x jobs
}

// Spins for `d`: a line of work that keeps a thread busy, unlike a sleep.
void busy_for(std::chrono::microseconds d) {
  const auto until = std::chrono::steady_clock::now() + d;
  while (std::chrono::steady_clock::now() < until) {
  }
}

// Blocks handed to the threads for 3 slow lines (the tables), `cheap` lines of 5 us and 20
// slow lines, with blocks of about `block_work` of lines; the answers must come out in order.
std::size_t blocks_for(std::chrono::microseconds block_work, int cheap,
                       std::set<std::thread::id>* slow_threads) {
  std::vector<int> emitted;
  std::mutex m;
  cli::OrderedRunner runner(
      2,
      [&](const cli::BatchItem& item) {
        if (item.line == "slow") {
          std::this_thread::sleep_for(std::chrono::milliseconds(3));
          const std::lock_guard lock(m);
          if (item.number > 3 + cheap + 4) slow_threads->insert(std::this_thread::get_id());
        } else {
          busy_for(std::chrono::microseconds(5));
        }
        return cli::BatchOutcome{std::to_string(item.number), false};
      },
      [&](const cli::EmittedOutcome& o) { emitted.push_back(std::stoi(std::string(o.text))); },
      block_work);
  int n = 0;
  for (int i = 0; i < 3; ++i) runner.submit({n++, "slow"});
  for (int i = 0; i < cheap; ++i) runner.submit({n++, "cheap"});
  for (int i = 0; i < 20; ++i) runner.submit({n++, "slow"});
  runner.finish();
  EXPECT_EQ(emitted.size(), static_cast<std::size_t>(n));
  for (int i = 0; i < n && i < static_cast<int>(emitted.size()); ++i) EXPECT_EQ(emitted[i], i);
  return runner.blocks();
}

// Cheap lines travel to the threads in blocks (a hand-off costs more than they do); slow ones
// one at a time, shared by both threads.
TEST(OrderedRunner, CheapLinesInBlocksSlowOnesAlone) {
  std::set<std::thread::id> slow_threads;
  const std::size_t blocks = blocks_for(cli::OrderedRunner::kBlockWork, 2000, &slow_threads);
  // 250 us of 5 us lines is 50 a block; the first blocks after the slow lines are smaller.
  // About 100 blocks in all on an idle machine; 104-201 measured, 335 once with two other
  // tests running under ASan, and 554 once in scripts/test's Release run: a thread descheduled
  // inside a block sees its lines as slow and hands back the rest of it in small blocks. The
  // bound only asks for 2 lines a block, while a line a block would be 2,023 blocks.
  EXPECT_LT(blocks, 3u + 20u + 2000u / 2u);
  EXPECT_GE(blocks, 3u + 20u - 4u + 2000u / 256u);  // the last 16 slow lines a block each
  EXPECT_EQ(slow_threads.size(), 2u);
  // A line a block when told so: every line a hand-off.
  std::set<std::thread::id> ignored;
  EXPECT_EQ(blocks_for(std::chrono::microseconds(0), 200, &ignored), 3u + 200u + 20u);
}

// A thread with nothing to do takes the block being filled as it is: a line typed at a
// terminal is answered before the next one comes (none may ever come).
TEST(OrderedRunner, AnswersALineWithoutWaitingForMore) {
  std::atomic<int> emitted{0};
  cli::OrderedRunner runner(
      2,
      [](const cli::BatchItem&) {
        return cli::BatchOutcome{"", false};
      },
      [&](const cli::EmittedOutcome&) { ++emitted; });
  for (int line = 1; line <= 40; ++line) {  // cheap lines: the blocks would be large
    runner.submit({line, "x"});
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (emitted.load() < line && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    ASSERT_EQ(emitted.load(), line);
  }
  runner.finish();
}

TEST(OrderedRunner, RethrowsWhatWorkLetsOut) {
  int emitted = 0;
  cli::OrderedRunner runner(
      2,
      [](const cli::BatchItem& item) -> cli::BatchOutcome {
        if (item.number == 5) throw std::runtime_error("boom");
        return {"", false};
      },
      [&](const cli::EmittedOutcome&) { ++emitted; });
  for (int i = 0; i < 10; ++i) runner.submit({i, ""});
  EXPECT_THROW(runner.finish(), std::runtime_error);
  EXPECT_EQ(emitted, 10);  // the others still answered
}

}  // namespace
}  // namespace slidegif
