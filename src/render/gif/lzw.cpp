#include "render/gif/lzw.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace slidegif::detail {

inline int LzwWriter::run_end(const std::uint8_t* p, int i, int n) {
  const std::uint64_t repeated = p[i] * 0x0101010101010101ULL;
  int j = i + 1;
  for (; j + 8 <= n; j += 8) {
    std::uint64_t word;
    std::memcpy(&word, p + j, 8);
    if (const std::uint64_t diff = word ^ repeated; diff != 0) {
      // The first differing byte: the lowest on a little-endian machine, else the highest.
      const bool little = std::endian::native == std::endian::little;
      return j + (little ? std::countr_zero(diff) : std::countl_zero(diff)) / 8;
    }
  }
  while (j < n && p[j] == p[i]) ++j;
  return j;
}

inline std::uint32_t LzwWriter::slot_of(std::uint32_t slot, std::uint32_t key) const {
  for (;; slot = (slot + 1) & (kSlots - 1)) {
    const std::uint32_t entry = t_.slots[slot];
    if (entry == 0 || holds(entry, key)) return slot;  // never full: twice the dictionary
  }
}

inline void LzwWriter::miss(std::uint32_t slot, std::uint32_t key, std::uint8_t index) {
  emit(prefix_);
  if (next_code_ < 4096) {
    add(slot, key, index);
  } else {
    emit(clear_);
    reset();
  }
  prefix_ = index;
}

inline void LzwWriter::probe(std::uint32_t slot, std::uint32_t key, std::uint8_t index) {
  slot = slot_of(slot, key);
  if (const std::uint32_t entry = t_.slots[slot]; entry != 0) {
    prefix_ = static_cast<int>(entry & 0xFFF);
  } else {
    miss(slot, key, index);
  }
}

inline void LzwWriter::probe_either(std::uint32_t slot, std::uint32_t key, std::uint8_t index,
                                    std::uint8_t other) {
  slot = slot_of(slot, key);
  if (const std::uint32_t entry = t_.slots[slot]; entry != 0) {
    prefix_ = static_cast<int>(entry & 0xFFF);
    return;
  }
  const auto other_key = (static_cast<std::uint32_t>(prefix_) << 8) | other;
  if (const std::uint32_t entry = t_.slots[slot_of(hash(other_key), other_key)]; entry != 0) {
    prefix_ = static_cast<int>(entry & 0xFFF);
    return;
  }
  miss(slot, key, index);
}

inline void LzwWriter::put_run(std::uint8_t v, int n) {
  // Until the pending string is itself a run of v, go one index at a time (a miss comes soon).
  while (n > 0 && (prefix_ < 0 || run_of(prefix_) == 0 ||
                   t_.run_index[static_cast<std::size_t>(prefix_)] != v)) {
    put(v);
    --n;
  }
  while (n > 0) {
    const auto k = static_cast<int>(run_of(prefix_));
    if (const int more = std::min(n, t_.longest[v] - k); more > 0) {
      prefix_ = chain(v, static_cast<std::size_t>(k + more));  // every step a dictionary hit
      n -= more;
    } else {
      put(v);  // past the chain: usually a miss that adds the next run
      --n;
    }
  }
}

inline void LzwWriter::add(std::uint32_t slot, std::uint32_t key, std::uint8_t index) {
  const int code = next_code_++;
  t_.slots[slot] = (key << 12) | static_cast<std::uint32_t>(code);
  t_.filled[static_cast<std::size_t>(t_.filled_count++)] = static_cast<std::uint16_t>(slot);
  const auto run = run_of(prefix_);
  const bool extends_run = run > 0 && t_.run_index[static_cast<std::size_t>(prefix_)] == index;
  t_.run_length[static_cast<std::size_t>(code)] =
      static_cast<std::uint16_t>(extends_run ? run + 1 : 0);
  t_.run_index[static_cast<std::size_t>(code)] = index;
  // Runs enter the dictionary one longer than the longest so far; the chain keeps kChain.
  if (extends_run && run == t_.longest[index] && run + 1 < kChain) {
    t_.longest[index] = static_cast<std::uint16_t>(run + 1);
    chain(index, run + 1) = static_cast<std::uint16_t>(code);
  }
  // The decoder adds each entry one code later than we do, so it widens its codes when our
  // count has gone one past the power of two.
  if (next_code_ > (1 << width_) && width_ < 12) ++width_;
}

inline void LzwWriter::reset() {
  for (int i = 0; i < t_.filled_count; ++i) t_.slots[t_.filled[static_cast<std::size_t>(i)]] = 0;
  t_.filled_count = 0;
  width_ = min_bits_ + 1;
  next_code_ = clear_ + 2;
  // Each single index is a run of one. Codes below clear_ are never reassigned, so their run
  // entries are written once per table. (Its chain entry, the index itself, is never read:
  // put_run() only jumps two or more; leaving it unwritten keeps the chain's untouched pages
  // unmapped, which a CGI process would pay for in page faults.)
  if (t_.literals != clear_) {
    for (int c = 0; c < clear_; ++c) {
      const auto v = static_cast<std::uint8_t>(c);
      t_.run_length[v] = 1;
      t_.run_index[v] = v;
    }
    t_.literals = clear_;
  }
  std::fill_n(t_.longest.begin(), clear_, std::uint16_t{1});
}

inline void LzwWriter::emit(int code) {
  bits_ |= static_cast<std::uint64_t>(code) << pending_bits_;
  pending_bits_ += width_;
  if (pending_bits_ >= 32) {  // whole 32-bit words, least significant byte first
    for (int b = 0; b < 4; ++b) t_.bytes.push_back(static_cast<std::uint8_t>(bits_ >> (8 * b)));
    bits_ >>= 32;
    pending_bits_ -= 32;
  }
}

LzwWriter::LzwWriter(std::vector<std::uint8_t>& out, int min_bits, Table& table)
    : out_(out), t_(table), min_bits_(min_bits), clear_(1 << min_bits) {
  out_.push_back(static_cast<std::uint8_t>(min_bits));
  t_.bytes.clear();
  reset();
  emit(clear_);
}

LzwWriter::LzwWriter(std::vector<std::uint8_t>& out, int min_bits, Table& table,
                     std::span<const std::uint8_t> head, std::size_t head_bits)
    : out_(out), t_(table), min_bits_(min_bits), clear_(1 << min_bits) {
  out_.push_back(static_cast<std::uint8_t>(min_bits));
  const std::size_t whole = head_bits / 8;
  t_.bytes.assign(head.begin(), head.begin() + static_cast<std::ptrdiff_t>(whole));
  pending_bits_ = static_cast<int>(head_bits % 8);
  if (pending_bits_ > 0) bits_ = head[whole] & ((1U << pending_bits_) - 1);
  reset();  // where the head ends, after its clear code
}

void LzwWriter::flush_pending() {
  if (prefix_ < 0) return;
  emit(prefix_);
  prefix_ = -1;
  // The decoder enters a dictionary string for every code but the first after a clear, and
  // we add ours as we emit: it adds the one for this last code too, and may widen its codes
  // for the next, so count it. (Without this an end code can be one bit short, which only
  // zero padding hides; a clear code in mid-stream has real codes after it.)
  if (next_code_ < 4096 && ++next_code_ > (1 << width_) && width_ < 12) ++width_;
}

void LzwWriter::restart() {
  flush_pending();
  emit(clear_);
  reset();
}

std::vector<std::uint8_t> LzwWriter::code_bits(std::size_t& bits) const {
  std::vector<std::uint8_t> v(t_.bytes);
  std::uint64_t pending = bits_;
  for (int n = pending_bits_; n > 0; n -= 8, pending >>= 8) {
    v.push_back(static_cast<std::uint8_t>(pending));
  }
  bits = t_.bytes.size() * 8 + static_cast<std::size_t>(pending_bits_);
  return v;
}

void LzwWriter::put(const std::uint8_t* p, int n) {
  put(p, p, n);
}

void LzwWriter::put(const std::uint8_t* p, const std::uint8_t* other, int n) {
  constexpr int kMinRun = 6;  // shorter runs are cheaper one index at a time
  int i = 0;
  int scanned = 0;  // p[i, scanned) is known not to start a run worth the shortcut
  while (i < n) {
    const std::uint8_t v = p[i];
    if (i >= scanned && i + 1 < n && p[i + 1] == v) {  // the check first: most pixels
      const int j = run_end(p, i, n);
      if (j - i >= kMinRun) {
        put_run(v, j - i);
        i = j;
        continue;
      }
      scanned = j;
    }
    // The common case, a dictionary hit at the first probe, stays inline.
    if (prefix_ < 0) {
      prefix_ = v;
    } else {
      const auto key = (static_cast<std::uint32_t>(prefix_) << 8) | v;
      const std::uint32_t slot = hash(key);
      const std::uint32_t entry = t_.slots[slot];
      if (holds(entry, key)) {
        prefix_ = static_cast<int>(entry & 0xFFF);
      } else if (other[i] == v) {
        probe(slot, key, v);
      } else {
        probe_either(slot, key, v, other[i]);
      }
    }
    ++i;
  }
}

void LzwWriter::put(std::uint8_t index) {
  if (prefix_ < 0) {
    prefix_ = index;
    return;
  }
  const auto key = (static_cast<std::uint32_t>(prefix_) << 8) | index;
  probe(hash(key), key, index);
}

void LzwWriter::finish() {
  flush_pending();
  emit(clear_ + 1);  // end of information
  for (; pending_bits_ > 0; pending_bits_ -= 8, bits_ >>= 8) {
    t_.bytes.push_back(static_cast<std::uint8_t>(bits_));
  }
  // Sub-blocks of at most 255 bytes, each after its length, then an empty one.
  for (std::size_t i = 0; i < t_.bytes.size(); i += 255) {
    const std::size_t n = std::min<std::size_t>(255, t_.bytes.size() - i);
    out_.push_back(static_cast<std::uint8_t>(n));
    out_.insert(out_.end(), t_.bytes.begin() + static_cast<std::ptrdiff_t>(i),
                t_.bytes.begin() + static_cast<std::ptrdiff_t>(i + n));
  }
  out_.push_back(0);
}

}  // namespace slidegif::detail
