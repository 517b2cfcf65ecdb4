#pragma once
// What the full search writes per state, in three kinds (full_search.hpp says when each is
// used): two bits holding the distance mod 3 (3: not reached yet), two bits holding only
// the search's place (not reached, open - and how it was reached - or expanded), or a byte
// holding the distance (255: not reached). All are scanned a word at a time for the states of
// one layer. Threads share a store by owning its words (layered_bfs.hpp deals out blocks of
// them): only a word's owner reads or writes it, so no operation is atomic.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "solve/support/huge_pages.hpp"

namespace slidegif::detail {

// 32 entries of 2 bits per 64-bit word, each a code: 3 is "not reached", what 0 to 2 mean is
// the store's (below). Shared by the two two-bit stores.
class TwoBitEntries {
 public:
  static constexpr std::uint64_t kPerWord = 32;
  static constexpr int kUnseen = 3;

  // threads: how many back the store's memory at once (huge_pages.hpp).
  explicit TwoBitEntries(std::uint64_t states, int threads = 1) {
    fill_on_huge_pages(words_, (states + kPerWord - 1) / kPerWord, ~std::uint64_t{0}, threads);
  }

  std::uint64_t words() const { return words_.size(); }
  std::vector<std::uint64_t>& data() { return words_; }
  void prefetch(std::uint64_t i) const { __builtin_prefetch(&words_[i / kPerWord], 1); }

  // The code of entry i.
  int value(std::uint64_t i) const {
    const std::uint64_t word = words_[i / kPerWord];
    return static_cast<int>((word >> shift(i)) & 3);
  }

 protected:
  // The low bit of each entry of `word` whose code is `code`.
  static std::uint64_t matches(std::uint64_t word, int code) {
    const std::uint64_t x = word ^ (0x5555555555555555ULL * static_cast<std::uint64_t>(code));
    return ~(x | (x >> 1)) & 0x5555555555555555ULL;  // both bits of the entry 0 in x
  }

  void set_code(std::uint64_t i, int code) {
    std::uint64_t& word = words_[i / kPerWord];
    word &= ~(static_cast<std::uint64_t>(kUnseen ^ code) << shift(i));
  }

  // Gives entry i `code` if it was not reached; true when this call did it. No branch:
  // whether the entry was unseen is as hard to predict as a coin, and a write of the word
  // just read costs less than a mispredicted branch.
  bool claim_code(std::uint64_t i, int code) {
    std::uint64_t& word = words_[i / kPerWord];
    const int s = shift(i);
    const std::uint64_t clear = static_cast<std::uint64_t>(kUnseen ^ code) << s;
    const std::uint64_t old = word;
    const bool unseen = ((old >> s) & 3) == kUnseen;
    word = old & ~(clear & (std::uint64_t{0} - static_cast<std::uint64_t>(unseen)));
    return unseen;
  }

  static int shift(std::uint64_t i) { return static_cast<int>(i % kPerWord) * 2; }
  std::vector<std::uint64_t> words_;
};

// The distance mod 3 (0 to 2), kept: enough to solve by descent (distance_table.hpp). A scan
// for layer d also finds layers d - 3, d - 6..., so the search marks its newest layer apart.
class Mod3Store : public TwoBitEntries {
 public:
  static constexpr bool kScanIsLayer = false;
  using TwoBitEntries::TwoBitEntries;

  void set(std::uint64_t i, int distance) { set_code(i, distance % 3); }
  bool at(std::uint64_t i, int distance) const { return value(i) == distance % 3; }
  bool claim(std::uint64_t i, int distance) { return claim_code(i, distance % 3); }
};

// No distance kept, only a search's place: 1 for an open state at an even distance, 2 at an
// odd one, 0 once expanded. slidegif-mpi's ranks keep theirs so (one thread each, its block of
// the numbering); `explore` keeps a FarParentStore. A forward scan finds exactly its layer.
class FrontierStore : public TwoBitEntries {
 public:
  using TwoBitEntries::TwoBitEntries;

  void set(std::uint64_t i, int distance) { set_code(i, code(distance)); }
  bool at(std::uint64_t i, int distance) const { return value(i) == code(distance); }
  bool claim(std::uint64_t i, int distance) { return claim_code(i, code(distance)); }

  // Calls f(index) for each state of layer `distance` in words [begin, end), then closes the
  // word's ones (layer distance + 2 reuses the code). One thread's.
  template <class F>
  void scan(std::uint64_t begin, std::uint64_t end, int distance, F&& f) {
    for (std::uint64_t w = begin; w < end; ++w) {
      const std::uint64_t hits = matches(words_[w], code(distance));
      if (hits == 0) continue;
      for (std::uint64_t h = hits; h != 0; h &= h - 1)
        f(w * kPerWord + static_cast<std::uint64_t>(std::countr_zero(h)) / 2);
      words_[w] &= ~(hits * 3);
    }
  }

 private:
  static int code(int distance) { return 1 + distance % 2; }
};

// What a histogram-only search (`explore`) keeps: no distance, only the search's place, with a
// state's parity told by its blank's cell instead of by its code (every move takes the blank to
// a cell of the other colour). That frees a code to mark an open state that a far (vertical)
// move reached: a state with one far move so marked need not rank its far child - it is its
// parent, expanded already. On a two-row board every state has one far move and every edge
// joins two layers, so half of all states skip it.
//
// Codes: 3 not reached, 2 open, 1 open and reached by a far move, 0 expanded.
class FarParentStore : public TwoBitEntries {
 public:
  static constexpr bool kScanIsLayer = true;
  static constexpr bool kMarksFarParent = true;
  static constexpr int kOpen = 2;
  static constexpr int kOpenFarParent = 1;
  using TwoBitEntries::TwoBitEntries;

  // odd[c]: whether a state whose blank is in cell c (its index mod the board's cells) is an
  // odd distance from the goal. Before any scan.
  template <std::size_t N>
  void set_odd_cells(const std::array<bool, N>& odd) {
    odd_entries_.assign(N, 0);
    for (std::size_t first = 0; first < N; ++first)
      for (std::uint64_t j = 0; j < kPerWord; ++j)
        if (odd[(first + j) % N]) odd_entries_[first] |= std::uint64_t{1} << (2 * j);
  }

  void set(std::uint64_t i, int) { set_code(i, kOpen); }

  // A far move's claim: a state not reached or open becomes open and reached by a far move.
  // True when it was not reached.
  bool claim(std::uint64_t i, int) {
    return change(i, [](std::uint64_t e) { return (e | e >> 1) & 1; });
  }
  // A near move's claim: a state not reached becomes open. True when it was not reached.
  bool claim_near(std::uint64_t i, int) {
    return change(i, [](std::uint64_t e) { return e == kUnseen ? kOpen : e; });
  }

  // Calls f(w, cell, layer, far_parent) for each word w of [begin, end) with states in layer
  // `distance` (cell: the blank's cell in the state of w's first entry; layer: the layer's
  // entries' low bits; far_parent: those of them reached by a far move), which returns
  // entries of the word to claim as near moves' children; then closes
  // the layer's entries and makes those claims in one change of the word, and calls
  // fresh(w, bits) with the entries so claimed that were not reached before (maybe none).
  template <class F, class Fresh>
  void scan_words(std::uint64_t begin, std::uint64_t end, int distance, F&& f, Fresh&& fresh) {
    const std::uint64_t cells = odd_entries_.size();
    std::uint64_t first = begin * kPerWord % cells;  // the cell of word w's first entry
    const std::uint64_t parity = distance % 2 == 1 ? 0 : kLowBits;
    for (std::uint64_t w = begin; w < end; ++w) {
      const std::uint64_t x = words_[w];
      const std::uint64_t open = (x ^ x >> 1) & kLowBits;  // codes 1 and 2
      const std::uint64_t layer = (odd_entries_[first] ^ parity) & open;
      const std::uint64_t cell = first;
      first += kPerWord % cells;
      if (first >= cells) first -= cells;
      if (layer == 0) continue;
      const std::uint64_t near = f(w, cell, layer, layer & ~(x >> 1));
      const std::uint64_t old = words_[w];  // f may have claimed entries of the word
      const std::uint64_t reached = near & matches(old, kUnseen);
      words_[w] = old & ~(layer * 3) & ~reached;  // 3 to 2: the low bit
      // No branch on whether there are any: that is a coin toss.
      fresh(w, reached);
    }
  }

 private:
  static constexpr std::uint64_t kLowBits = 0x5555555555555555ULL;

  // Gives entry i the code to(its code); true when it was not reached.
  template <class To>
  bool change(std::uint64_t i, To to) {
    std::uint64_t& word = words_[i / kPerWord];
    const int s = shift(i);
    const std::uint64_t old = word;
    const std::uint64_t e = (old >> s) & 3;
    word = (old & ~(std::uint64_t{3} << s)) | static_cast<std::uint64_t>(to(e)) << s;
    return e == kUnseen;
  }

  std::vector<std::uint64_t> odd_entries_;  // by the cell of a word's first entry
};

// One byte per entry: the distance itself.
class ByteStore {
 public:
  static constexpr bool kScanIsLayer = true;
  static constexpr std::uint8_t kUnseen = 255;
  static constexpr std::uint64_t kPerWord = 8;

  // Whole words, so the scan reads 8 entries at once; the tail past `states` stays unseen.
  explicit ByteStore(std::uint64_t states, int threads = 1) {
    fill_on_huge_pages(bytes_, (states + kPerWord - 1) / kPerWord * kPerWord, kUnseen, threads);
  }

  std::uint64_t words() const { return bytes_.size() / kPerWord; }
  std::vector<std::uint8_t>& data() { return bytes_; }
  void prefetch(std::uint64_t i) const { __builtin_prefetch(&bytes_[i], 1); }
  void set(std::uint64_t i, int distance) { bytes_[i] = static_cast<std::uint8_t>(distance); }

  // Calls f(index) for each state of layer `distance` in words [begin, end).
  template <class F>
  void scan(std::uint64_t begin, std::uint64_t end, int distance, F&& f) const {
    constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
    const std::uint64_t pattern = 0x0101010101010101ULL * static_cast<std::uint64_t>(distance);
    const auto* words = reinterpret_cast<const std::uint64_t*>(bytes_.data());
    for (std::uint64_t w = begin; w < end; ++w) {
      const std::uint64_t x = words[w] ^ pattern;
      // The high bit of each byte of x that is zero (exact: no borrow between bytes).
      std::uint64_t hits = ~(((x & kLow7) + kLow7) | x | kLow7);
      while (hits) {
        f(w * kPerWord + static_cast<std::uint64_t>(std::countr_zero(hits)) / 8);
        hits &= hits - 1;
      }
    }
  }

  bool claim(std::uint64_t i, int distance) {
    std::uint8_t& byte = bytes_[i];
    if (byte != kUnseen) return false;
    byte = static_cast<std::uint8_t>(distance);
    return true;
  }

 private:
  std::vector<std::uint8_t> bytes_;
};

}  // namespace slidegif::detail
