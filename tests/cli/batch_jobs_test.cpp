// `solve --batch --jobs N`: answers in input order and every one still optimal, through the
// real binary (against a breadth-first search of the whole 3x3 space), and the ordered runner
// under it (order, the bounded window, errors).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
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
  Random rng(2026);
  std::vector<Board> boards;
  std::string input;
  for (int i = 0; i < 120; ++i) {
    boards.push_back(random_solvable_board(goal, rng));
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
        [&](const cli::BatchOutcome& o) {
          emitted.push_back(std::stoi(o.text));
          ++emitted_count;
        },
        std::chrono::microseconds(0));  // the threads from the first line
    for (int i = 0; i < 200; ++i) runner.submit({i, "x"});
    runner.finish();
  }
  ASSERT_EQ(emitted.size(), 200u);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(emitted[i], i);
  EXPECT_LE(most.load(), 3);
  EXPECT_GE(most.load(), 2);     // the work did overlap
  EXPECT_LT(widest.load(), 12);  // 4 x jobs
}

// The threads work while lines are slow; a run of cheap lines goes back to the caller's
// thread (a hand-off would cost more than they do), and a run of slow ones to the threads.
TEST(OrderedRunner, ThreadsForSlowLinesTheCallerForCheapOnes) {
  const auto caller = std::this_thread::get_id();
  std::vector<int> on_caller(123, -1);
  std::mutex m;
  {
    cli::OrderedRunner runner(
        2,
        [&](const cli::BatchItem& item) {
          if (item.line == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(3));
          const std::lock_guard lock(m);
          on_caller.at(static_cast<std::size_t>(item.number)) =
              std::this_thread::get_id() == caller ? 1 : 0;
          return cli::BatchOutcome{"", false};
        },
        [](const cli::BatchOutcome&) {}, std::chrono::milliseconds(1));
    int n = 0;
    for (int i = 0; i < 3; ++i) runner.submit({n++, "slow"});  // three tables built
    for (int i = 0; i < 100; ++i) runner.submit({n++, "cheap"});
    for (int i = 0; i < 20; ++i) runner.submit({n++, "slow"});
    runner.finish();
  }
  for (int i = 0; i < 3; ++i) EXPECT_EQ(on_caller[i], 0) << "line " << i;
  // Within the first cheap lines the threads stop; the rest are the caller's.
  for (int i = 3 + 30; i < 103; ++i) EXPECT_EQ(on_caller[i], 1) << "line " << i;
  // The fourth slow line in a row is the last on the caller's thread.
  for (int i = 103; i < 107; ++i) EXPECT_EQ(on_caller[i], 1) << "line " << i;
  for (int i = 107; i < 123; ++i) EXPECT_EQ(on_caller[i], 0) << "line " << i;
}

TEST(OrderedRunner, RethrowsWhatWorkLetsOut) {
  int emitted = 0;
  cli::OrderedRunner runner(
      2,
      [](const cli::BatchItem& item) -> cli::BatchOutcome {
        if (item.number == 5) throw std::runtime_error("boom");
        return {"", false};
      },
      [&](const cli::BatchOutcome&) { ++emitted; });
  for (int i = 0; i < 10; ++i) runner.submit({i, ""});
  EXPECT_THROW(runner.finish(), std::runtime_error);
  EXPECT_EQ(emitted, 10);  // the others still answered
}

}  // namespace
}  // namespace slidegif
