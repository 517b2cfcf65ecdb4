#pragma once
// What the full search writes per state, in two kinds (full_search.hpp says when each is used):
// two bits holding the distance mod 3 (3: not reached yet), or a byte holding the distance
// (255: not reached). Both are scanned a word at a time for the states of one layer and
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

// 32 entries of 2 bits per 64-bit word.
class Mod3Store {
 public:
  static constexpr bool kExact = false;
  static constexpr std::uint64_t kPerWord = 32;

  explicit Mod3Store(std::uint64_t states) : states_(states) {
    fill_on_huge_pages(words_, (states + kPerWord - 1) / kPerWord, ~std::uint64_t{0});
  }

  std::uint64_t words() const { return words_.size(); }
  std::vector<std::uint64_t>& data() { return words_; }
  void prefetch(std::uint64_t i) const { __builtin_prefetch(&words_[i / kPerWord], 1); }
  void set(std::uint64_t i, int distance) {
    words_[i / kPerWord] &= ~(static_cast<std::uint64_t>(3 ^ (distance % 3)) << shift(i));
  }

  // The entry of state i: its distance mod 3, or 3 when not reached yet.
  int value(std::uint64_t i) const {
    const std::uint64_t word = relaxed_load(words_[i / kPerWord]);
    return static_cast<int>((word >> shift(i)) & 3);
  }

  // Calls f(index) for each entry of words [begin, end) whose value is distance % 3: the
  // states of layer `distance`, and those of layers distance - 3, distance - 6... as well.
  template <class F>
  void scan(std::uint64_t begin, std::uint64_t end, int distance, F&& f) const {
    scan_value(begin, end, distance % 3, f);
  }
  // The same for the states not reached yet (the last word's padding left out).
  template <class F>
  void scan_unseen(std::uint64_t begin, std::uint64_t end, F&& f) const {
    auto real = [&](std::uint64_t i) {
      if (i < states_) f(i);
    };
    scan_value(begin, end, 3, real);
  }

 private:
  template <class F>
  void scan_value(std::uint64_t begin, std::uint64_t end, int value, F& f) const {
    const std::uint64_t pattern = 0x5555555555555555ULL * static_cast<std::uint64_t>(value);
    for (std::uint64_t w = begin; w < end; ++w) {
      const std::uint64_t x = relaxed_load(words_[w]) ^ pattern;
      // An entry equals the layer's value when both of its bits are 0 in x.
      std::uint64_t hits = ~(x | (x >> 1)) & 0x5555555555555555ULL;
      while (hits) {
        f(w * kPerWord + static_cast<std::uint64_t>(std::countr_zero(hits)) / 2);
        hits &= hits - 1;
      }
    }
  }

 public:
  // Marks entry i as at `distance` if it was not reached; true when this call did it.
  template <bool kShared>
  bool claim(std::uint64_t i, int distance) {
    std::uint64_t& word = words_[i / kPerWord];
    const int s = shift(i);
    const std::uint64_t clear = static_cast<std::uint64_t>(3 ^ (distance % 3)) << s;
    if constexpr (kShared) {
      if (((relaxed_load(word) >> s) & 3) != 3) return false;
      return ((relaxed_fetch_and(word, ~clear) >> s) & 3) == 3;
    } else {
      if (((word >> s) & 3) != 3) return false;
      word &= ~clear;
      return true;
    }
  }

 private:
  static int shift(std::uint64_t i) { return static_cast<int>(i % kPerWord) * 2; }
  std::uint64_t states_;
  std::vector<std::uint64_t> words_;
};

// One byte per entry: the distance itself.
class ByteStore {
 public:
  static constexpr bool kExact = true;
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
