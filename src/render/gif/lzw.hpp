#pragma once
// The LZW coder behind GifEncoder (gif.cpp); internal to the core library.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace slidegif::detail {

// LZW as GIF codes it: variable-width codes packed least significant bit first into
// sub-blocks of at most 255 bytes, a clear code when the 4096-entry dictionary is full.
//
// The dictionary maps (prefix code, next index) to a code through an open-addressing hash
// table of 32-bit slots (key << 12 | code; code 0 never occurs, so 0 is a free slot). Each
// pixel's lookup waits on the previous one, so the table is kept to 32 KB, L1-sized; a clear
// (one per frame at least) frees just the slots in use, listed as they are filled.
//
// Frames are full of runs (the transparent index of unchanged pixels, rows of a tile's face),
// so runs take a shortcut: the dictionary's strings of one index repeated k times form a chain
// v, vv, vvv..., and greedy LZW over a run takes the longest one at once instead of one hash
// lookup per pixel.
class LzwWriter {
 public:
  static constexpr int kSlots = 8192;  // twice the dictionary: probes stay short
  static constexpr int kChain = 512;   // longest run remembered per index (longer still works)
  // Kept by the GifEncoder across frames, so no frame pays for allocating or clearing it.
  struct Table {
    std::vector<std::uint32_t> slots = std::vector<std::uint32_t>(kSlots, 0);
    std::array<std::uint16_t, 4096> filled{};  // slots in use, to free at the next clear
    int filled_count = 0;
    std::array<std::uint16_t, 4096> run_length{};  // k if the code is an index repeated k times
    std::array<std::uint8_t, 4096> run_index{};    // ... and which index
    int literals = 0;  // run entries of codes below this are set (the clear code of the last reset)
    std::array<std::uint16_t, 256> longest{};  // per index, the longest run in the chain
    // chain[v * kChain + k]: the code of v repeated k times, for k <= longest[v]. Left
    // uninitialised: only entries up to longest[] are ever read.
    std::unique_ptr<std::uint16_t[]> chain{new std::uint16_t[256 * kChain]};
    std::vector<std::uint8_t> bytes;  // the coded image, before it is cut into sub-blocks
  };

  // Starts an image's data in `out`: the minimum code size, then (as codes are written) the
  // sub-blocks. `table` is reused from image to image.
  LzwWriter(std::vector<std::uint8_t>& out, int min_bits, Table& table);
  // The same, the code stream starting with `head`: the first `head_bits` bits (least
  // significant first) of a stream another writer coded and ended with restart(), so the
  // dictionary is empty where the head ends. The bits are copied, not coded again.
  LzwWriter(std::vector<std::uint8_t>& out, int min_bits, Table& table,
            std::span<const std::uint8_t> head, std::size_t head_bits);

  // Ends the pending string and restarts the dictionary with a clear code, as GIF allows
  // anywhere in a stream: what follows is coded as if the image began here, so it can be cut
  // off and joined to another head (the constructor above).
  void restart();
  // The code stream so far (after restart(): a head for the constructor above); `bits` gets
  // its length. Copies the pending bits.
  std::vector<std::uint8_t> code_bits(std::size_t& bits) const;

  // Codes n palette indices (a row, or part of one); long runs take the shortcut.
  void put(const std::uint8_t* p, int n);
  // The same, where other[i] shows the same as p[i] (an unchanged pixel: transparent or its own
  // colour): when the pending string does not go on with p[i] but does with other[i], it takes
  // other[i]. Greedy, like gifsicle's choice per pixel; p[i] inside a run taking the shortcut.
  void put(const std::uint8_t* p, const std::uint8_t* other, int n);
  // Codes one index.
  void put(std::uint8_t index);
  // Bytes of codes so far (without the sub-blocks' lengths and what is pending).
  std::size_t coded_bytes() const { return t_.bytes.size(); }
  // Codes what is pending and the end code, and writes the sub-blocks and their terminator.
  void finish();

 private:
  static std::uint32_t hash(std::uint32_t key) { return (key * 0x9E3779B1U) >> (32 - 13); }

  // The end of the run of p[i] within p[0, n), comparing eight indices at a time.
  static int run_end(const std::uint8_t* p, int i, int n);
  // Whether a slot holds `key`: its top 20 bits are the key and its code is not 0 (free).
  static bool holds(std::uint32_t entry, std::uint32_t key) {
    return entry - (key << 12) - 1 < 0xFFFU;  // unsigned: code - 1 in [0, 4095)
  }

  // Looks (prefix_, index) up from `slot` on: a hit extends the pending string; a miss codes
  // it and starts a new string at `index`.
  void probe(std::uint32_t slot, std::uint32_t key, std::uint8_t index);
  // The same, a miss first trying (prefix_, other).
  void probe_either(std::uint32_t slot, std::uint32_t key, std::uint8_t index, std::uint8_t other);
  // From `slot` on, the slot holding `key` or the free one where it would go.
  std::uint32_t slot_of(std::uint32_t slot, std::uint32_t key) const;
  // Codes the pending string and starts a new one at `index`, entering (prefix_, index) at
  // the free `slot` while the dictionary has room (a clear code when it has not).
  void miss(std::uint32_t slot, std::uint32_t key, std::uint8_t index);
  std::size_t run_of(int code) const { return t_.run_length[static_cast<std::size_t>(code)]; }
  std::uint16_t& chain(std::uint8_t v, std::size_t k) {
    return t_.chain[v * std::size_t{kChain} + k];
  }

  // n copies of v: exactly what n calls of put(v) would code.
  void put_run(std::uint8_t v, int n);
  void add(std::uint32_t slot, std::uint32_t key, std::uint8_t index);
  void reset();
  void emit(int code);
  // The string pending at the end of the input, as its last code, and the width the decoder
  // expects after it.
  void flush_pending();

  std::vector<std::uint8_t>& out_;
  Table& t_;
  int min_bits_, clear_;
  int width_ = 0, next_code_ = 0;
  int prefix_ = -1;  // code of the longest dictionary string matching the pending input
  std::uint64_t bits_ = 0;
  int pending_bits_ = 0;
};

}  // namespace slidegif::detail
