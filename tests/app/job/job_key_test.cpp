// The ETag key: every field of the normalised job in it, nothing that leaves the bytes alone.
#include "app/job/job_key.hpp"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "app/job/job_fields.hpp"
#include "slidegif/version.hpp"

namespace slidegif::app {
namespace {

Job fixed_job() {
  Job job;
  job.puzzle.start = parse_board("432061578");
  return job;
}

std::string key_of(const Job& job) {
  return job_key(job, detail::resolve_puzzle(job.puzzle, [] { return std::uint64_t{5}; }));
}

// Calls f(path, leaf) for every leaf field below `object`, in list order.
template <class T, class F>
void for_each_leaf(T& object, F& f, const std::string& prefix = "") {
  visit_fields(object, [&](std::string_view name, auto& v) {
    using V = std::remove_cvref_t<decltype(v)>;
    const std::string path = prefix + std::string(name);
    if constexpr (HasFields<V>) {
      for_each_leaf(v, f, path + ".");
    } else {
      f(path, v);
    }
  });
}

template <class V>
void change(V& v) {
  if constexpr (std::is_same_v<V, bool>) {
    v = !v;
  } else if constexpr (std::is_arithmetic_v<V>) {
    v = static_cast<V>(v + 1);
  } else if constexpr (std::is_same_v<V, std::string>) {
    v += "x";
  } else if constexpr (std::is_same_v<V, Font>) {
    v = Font("other.ttf", {});
  } else if constexpr (std::is_same_v<V, Metric>) {
    v = v == Metric::SingleTile ? Metric::MultiTile : Metric::SingleTile;
  } else if constexpr (std::is_same_v<V, TileNote>) {
    v = v == TileNote::None ? TileNote::Manhattan : TileNote::None;
  } else if constexpr (std::is_same_v<V, Picture>) {
    v = Picture("other.png", 1, 1, {Rgb{}});
  } else {
    static_assert(!sizeof(V), "teach this test to change a field of this type");
  }
}

// Every field but the search's threads, which do not change the answer.
TEST(JobKey, EveryFieldOfTheSettingsChangesIt) {
  const Job base = fixed_job();
  const std::string key = key_of(base);
  // Every leaf of everything but the puzzle (whose boards are tested below), one at a time.
  for (int target = 0;; ++target) {
    Job job = base;
    int index = 0;
    std::string changed;
    auto change_target = [&](const std::string& path, auto& v) {
      if (index++ == target) {
        change(v);
        changed = path;
      }
    };
    for_each_leaf(job.solve, change_target, "solve.");
    for_each_leaf(job.animation, change_target, "animation.");
    for_each_leaf(job.limits, change_target, "limits.");
    if (changed.empty()) {
      EXPECT_GE(target, 20);  // the walk saw the fields
      break;
    }
    if (changed == "solve.threads")  // the same answer on any number of threads
      EXPECT_EQ(key_of(job), key) << changed << " is in the key";
    else
      EXPECT_NE(key_of(job), key) << changed << " is not in the key";
  }
}

TEST(JobKey, TheBoardsAndTheProgramVersionAreInIt) {
  const std::string key = key_of(fixed_job());
  EXPECT_NE(key.find(SLIDEGIF_VERSION), std::string::npos) << key;
  EXPECT_NE(key.find("\"432061578\""), std::string::npos) << key;
  Job other_goal = fixed_job();
  other_goal.puzzle.goal = parse_board("432601578");
  Job other_start = fixed_job();
  other_start.puzzle.start = parse_board("432601578");
  EXPECT_NE(key_of(other_goal), key);
  EXPECT_NE(key_of(other_start), key);
}

TEST(JobKey, SameBoardsSameKeyHoweverTheyCame) {
  Job seeded;
  seeded.puzzle.seed = 42;
  const Puzzle drawn = detail::resolve_puzzle(seeded.puzzle, [] { return std::uint64_t{0}; });
  Job fixed;
  fixed.puzzle.start = drawn.start;
  fixed.puzzle.goal = drawn.goal;
  fixed.puzzle.seed = 7;  // draws nothing: plays no part
  EXPECT_EQ(job_key(seeded, drawn), key_of(fixed));
  EXPECT_EQ(normalise(seeded, drawn).puzzle.start, drawn.start);
  EXPECT_FALSE(normalise(seeded, drawn).puzzle.seed);
  seeded.puzzle.seed = 43;
  EXPECT_NE(key_of(seeded), key_of(fixed));
}

TEST(JobKey, ControlCharactersCannotForgeAnotherField) {
  // A title that would spell `","theme":"dark` into a naive "name":"value" list.
  const std::string forged = R"(x","theme":"dark)";
  Job a = fixed_job(), b = fixed_job();
  a.animation.title = forged;
  b.animation.theme = forged.substr(forged.size() - 4);
  b.animation.title = forged.substr(0, 1);
  EXPECT_NE(key_of(a), key_of(b));
  EXPECT_EQ(key_of(a).find('\n'), std::string::npos);
}

TEST(JobKey, AnyBytesInATitleGiveOneKeyEach) {
  // Not UTF-8: a JSON dump would throw, and replacing the bytes would merge the two titles.
  Job a = fixed_job(), b = fixed_job(), c = fixed_job();
  a.animation.title = std::string(1, '\xbb');
  b.animation.title = std::string(1, '\xbc');
  c.animation.title = "%BB";  // the escape of a's byte, written out
  EXPECT_NE(key_of(a), key_of(b));
  EXPECT_NE(key_of(a), key_of(c));
  EXPECT_NE(key_of(c), key_of(fixed_job()));
}

}  // namespace
}  // namespace slidegif::app
