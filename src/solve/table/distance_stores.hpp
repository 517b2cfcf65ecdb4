#pragma once
// What the full search writes per state, in three kinds (full_search.hpp says when each is
// used): two bits holding the distance mod 3 (3: not reached yet), two bits holding only
// whether a state is reached, open or expanded, or a byte holding the distance (255: not
// reached). All are scanned a word at a time for the states of one layer and
// claimed with one atomic operation, so threads can share them without locks: every thread
// that writes during a layer writes the same value, and exactly one of them sees the entry
// change from "not reached" and counts it.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <vector>

#include "solve/huge_pages.hpp"
#include "solve/relaxed_atomic.hpp"

namespace slidegif::detail {

// 32 entries of 2 bits per 64-bit word, each a code: 3 is "not reached", what 0 to 2 mean is
// the store's (below). Shared by the two two-bit stores.
class TwoBitEntries {
 public:
  static constexpr std::uint64_t kPerWord = 32;
  static constexpr int kUnseen = 3;

  explicit TwoBitEntries(std::uint64_t states) : states_(states) {
    fill_on_huge_pages(words_, (states + kPerWord - 1) / kPerWord, ~std::uint64_t{0});
  }

  std::uint64_t words() const { return words_.size(); }
  std::vector<std::uint64_t>& data() { return words_; }
  void prefetch(std::uint64_t i) const { __builtin_prefetch(&words_[i / kPerWord], 1); }

  // The code of entry i.
  int value(std::uint64_t i) const {
    const std::uint64_t word = relaxed_load(words_[i / kPerWord]);
    return static_cast<int>((word >> shift(i)) & 3);
  }

  // Calls f(index) for each entry of words [begin, end) not reached yet (the last word's
  // padding left out).
  template <class F>
  void scan_unseen(std::uint64_t begin, std::uint64_t end, F&& f) const {
    for (std::uint64_t w = begin; w < end; ++w) {
      for (std::uint64_t hits = matches(relaxed_load(words_[w]), kUnseen); hits; hits &= hits - 1) {
        const std::uint64_t i =
            w * kPerWord + static_cast<std::uint64_t>(std::countr_zero(hits)) / 2;
        if (i < states_) f(i);
      }
    }
  }

 protected:
  // The low bit of each entry of `word` whose code is `code`.
  static std::uint64_t matches(std::uint64_t word, int code) {
    const std::uint64_t x = word ^ (0x5555555555555555ULL * static_cast<std::uint64_t>(code));
    return ~(x | (x >> 1)) & 0x5555555555555555ULL;  // both bits of the entry 0 in x
  }

  void set_code(std::uint64_t i, int code) {
    words_[i / kPerWord] &= ~(static_cast<std::uint64_t>(kUnseen ^ code) << shift(i));
  }

  // Gives entry i `code` if it was not reached; true when this call did it. Every change a
  // search makes clears bits, so threads' fetch_ands never undo one another.
  template <bool kShared>
  bool claim_code(std::uint64_t i, int code) {
    std::uint64_t& word = words_[i / kPerWord];
    const int s = shift(i);
    const std::uint64_t clear = static_cast<std::uint64_t>(kUnseen ^ code) << s;
    if constexpr (kShared) {
      if (((relaxed_load(word) >> s) & 3) != kUnseen) return false;
      return ((relaxed_fetch_and(word, ~clear) >> s) & 3) == kUnseen;
    } else {
      // No branch: whether the entry was unseen is as hard to predict as a coin, and one
      // thread's write of the word it has just read costs less than a mispredicted branch.
      const std::uint64_t old = word;
      const bool unseen = ((old >> s) & 3) == kUnseen;
      word = old & ~(clear & (std::uint64_t{0} - static_cast<std::uint64_t>(unseen)));
      return unseen;
    }
  }

  static int shift(std::uint64_t i) { return static_cast<int>(i % kPerWord) * 2; }
  std::uint64_t states_;
  std::vector<std::uint64_t> words_;
};

// The distance mod 3 (0 to 2), kept: enough to solve by descent (distance_table.hpp). A scan
// for layer d also finds layers d - 3, d - 6..., so the search marks its newest layer apart.
class Mod3Store : public TwoBitEntries {
 public:
  static constexpr bool kExact = false;
  static constexpr bool kScanIsLayer = false;
  static constexpr bool kClaimsInScan = false;
  using TwoBitEntries::TwoBitEntries;

  void set(std::uint64_t i, int distance) { set_code(i, distance % 3); }
  bool at(std::uint64_t i, int distance) const { return value(i) == distance % 3; }
  template <bool kShared>
  bool claim(std::uint64_t i, int distance) {
    return claim_code<kShared>(i, distance % 3);
  }
};

// No distance kept, only the search's place: 1 for an open state at an even distance, 2 at
// an odd one, 0 once expanded. For a search that wants the histogram alone: a forward scan
// finds exactly its layer, with no bitmap marking the newest one - two thirds of Mod3Store's
// memory while searching, and a memory access a child where Mod3Store's search needs two.
class FrontierStore : public TwoBitEntries {
 public:
  static constexpr bool kExact = false;
  static constexpr bool kScanIsLayer = true;
  static constexpr bool kClaimsInScan = true;  // scan_claiming below
  using TwoBitEntries::TwoBitEntries;

  void set(std::uint64_t i, int distance) { set_code(i, code(distance)); }
  bool at(std::uint64_t i, int distance) const { return value(i) == code(distance); }
  template <bool kShared>
  bool claim(std::uint64_t i, int distance) {
    return claim_code<kShared>(i, code(distance));
  }

  // Calls f(index) for each state of layer `distance` in words [begin, end), then closes the
  // word's ones (layer distance + 2 reuses the code); one thread's (slidegif-mpi's ranks).
  template <class F>
  void scan(std::uint64_t begin, std::uint64_t end, int distance, F&& f) {
    scan_claiming<false>(
        begin, end, distance,
        [&](std::uint64_t i) {
          f(i);
          return std::uint64_t{0};  // claims nothing
        },
        [](std::uint64_t, std::uint64_t) {});
  }

  // scan for a forward pass that claims the neighbours in the same word as it goes: f(index)
  // returns the entries of its word (their low bits, as matches() gives them) to claim for
  // layer distance + 1, and one atomic operation a word closes the layer's entries and makes
  // those claims, where a claim apiece took one each; fresh(w, bits) is called for each word
  // w with entries so claimed that were not reached before (bits: their low bits). A
  // claim's clear leaves every code but "not reached" and the closed layer's as it was, so
  // it needs no test before it.
  template <bool kShared, class F, class Fresh>
  void scan_claiming(std::uint64_t begin, std::uint64_t end, int distance, F&& f, Fresh&& fresh) {
    const int claim_bit = (kUnseen ^ code(distance + 1)) == 1 ? 0 : 1;  // the bit it clears
    for (std::uint64_t w = begin; w < end; ++w) {
      const std::uint64_t hits = matches(relaxed_load(words_[w]), code(distance));
      if (hits == 0) continue;
      std::uint64_t near = 0;
      for (std::uint64_t h = hits; h; h &= h - 1)
        near |= f(w * kPerWord + static_cast<std::uint64_t>(std::countr_zero(h)) / 2);
      const std::uint64_t clear = hits * 3 | near << claim_bit;
      std::uint64_t old = 0;
      if constexpr (kShared) {
        old = relaxed_fetch_and(words_[w], ~clear);
      } else {
        old = words_[w];
        words_[w] = old & ~clear;
      }
      const std::uint64_t reached = near & matches(old, kUnseen);
      if (reached != 0) fresh(w, reached);
    }
  }

 private:
  static int code(int distance) { return 1 + distance % 2; }
};

// One byte per entry: the distance itself.
class ByteStore {
 public:
  static constexpr bool kExact = true;
  static constexpr bool kScanIsLayer = true;
  static constexpr bool kClaimsInScan = false;
  static constexpr std::uint8_t kUnseen = 255;
  static constexpr std::uint64_t kPerWord = 8;

  // Whole words, so the scan reads 8 entries at once; the tail past `states` stays unseen.
  explicit ByteStore(std::uint64_t states) {
    fill_on_huge_pages(bytes_, (states + kPerWord - 1) / kPerWord * kPerWord, kUnseen);
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
      const std::uint64_t x = relaxed_load(words[w]) ^ pattern;
      // The high bit of each byte of x that is zero (exact: no borrow between bytes).
      std::uint64_t hits = ~(((x & kLow7) + kLow7) | x | kLow7);
      while (hits) {
        f(w * kPerWord + static_cast<std::uint64_t>(std::countr_zero(hits)) / 8);
        hits &= hits - 1;
      }
    }
  }

  template <bool kShared>
  bool claim(std::uint64_t i, int distance) {
    std::uint8_t& byte = bytes_[i];
    if constexpr (kShared) {
      if (relaxed_load(byte) != kUnseen) return false;
      return relaxed_exchange(byte, static_cast<std::uint8_t>(distance)) == kUnseen;
    } else {
      if (byte != kUnseen) return false;
      byte = static_cast<std::uint8_t>(distance);
      return true;
    }
  }

 private:
  std::vector<std::uint8_t> bytes_;
};

}  // namespace slidegif::detail
