#pragma once
// God's-eye view: a breadth-first search over every state reachable from a goal, giving each
// state's distance (the optimal solution length) - the whole problem at once rather than one
// puzzle at a time.
//
//   FullSearch all = full_search(Board::standard_goal({3, 4}));
//   all.histogram.size() - 1;   // God's number: 53
//   all.listed.back();          // true: the 18 antipodes are in all.lists.back()
//
// Two kinds of storage (after Korf 2008 and Cooperman & Finkelstein): two bits a state holding
// the distance mod 3 (enough to run the search, and to solve by descent: distance_table.hpp)
// - 60 MB for the 239,500,800 states of 3x4, and 30 MB more while searching for a bit a state
// marking the newest layer - or one byte a state holding the distance itself; or, when only the
// histogram is wanted, two bits a state marking where the search is, nothing more.

#include <cstdint>
#include <functional>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/table/state_index.hpp"

namespace slidegif::detail {

// The largest board a full search takes by default (3x4, 4x3, 2x6, 6x2); up to
// kMaxLargerFullSearchCells with FullSearchOptions::allow_larger (2x7: 43.6 G states, 10.9 GB
// at two bits a state and 5.4 GB more while searching).
inline constexpr int kMaxFullSearchCells = 12;
inline constexpr int kMaxLargerFullSearchCells = 14;

enum class DistanceStorage {
  Mod3,   // 2 bits a state: distance mod 3
  Exact,  // 1 byte a state: the distance
  // No distances returned, only the histogram and the listed layers: 2 bits a state while
  // searching and no bitmap (a third less memory than Mod3 and faster: the most a machine's
  // memory explores).
  None,
};

struct FullSearchOptions {
  DistanceStorage storage = DistanceStorage::Mod3;
  int threads = 0;  // 0: one for small spaces, else std::thread::hardware_concurrency()
  // Layers of at most this many states have their states listed (FullSearch::lists); 0: the
  // default, kListedLayerStates or one 10,000th of the space, whichever is more.
  std::uint64_t list_limit = 0;
  bool allow_larger = false;  // boards of up to kMaxLargerFullSearchCells cells
  // MultiTile: distances in line moves (board.hpp), one byte a state (storage is ignored) on
  // one thread, boards of up to kMaxFullSearchCells.
  Metric metric = Metric::SingleTile;
  // The fraction of the space reached so far; called often, from one thread.
  std::function<void(double)> progress{};
};

inline constexpr std::uint64_t kListedLayerStates = 4096;

struct FullSearch {
  StateIndex index;                      // numbers the states (state_index.hpp)
  std::vector<std::uint64_t> histogram;  // states at each distance; size() - 1 is God's number
  // The states of each layer of at most list_limit states, sorted by index; listed[d] says
  // whether layer d's list is complete (else lists[d] is empty).
  std::vector<std::vector<std::uint64_t>> lists;
  std::vector<bool> listed;
  std::vector<std::uint64_t> mod3;     // Mod3: 32 entries a word, entry = distance mod 3
  std::vector<std::uint8_t> distance;  // Exact: entry = distance, in index order
  double seconds = 0;
  int threads = 1;

  int gods_number() const { return static_cast<int>(histogram.size()) - 1; }
};

// Bytes the storage needs for a shape (what the search returns; with Mod3 it allocates half as
// much again while searching, and None returns nothing but needs Mod3's bytes to search).
std::uint64_t full_search_bytes(Shape shape, DistanceStorage storage);

// Throws Error(Unsupported) for a board over the limit, naming its number of states and the
// memory a search would need.
FullSearch full_search(const Board& goal, const FullSearchOptions& options = {});

// The distance-mod-3 entry of state i in a FullSearch's (or a file's) two-bit words.
inline int mod3_entry(const std::uint64_t* words, std::uint64_t i) {
  return static_cast<int>((words[i / 32] >> (i % 32 * 2)) & 3);
}

}  // namespace slidegif::detail
