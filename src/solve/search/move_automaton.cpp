#include "solve/search/move_automaton.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string>

#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

constexpr int kMaxLength = 15;  // a string's moves fit 2 bits each in 32 bits, after a 1
constexpr int kSide = 2 * kMaxLength + 1;
constexpr int kOrigin = kMaxLength * kSide + kMaxLength;

// bytes(): a header of four 32-bit words (kMagic, the length, the states, the refused strings),
// then the transitions. In the machine's own byte order: it is written and read by one build.
constexpr std::uint32_t kMagic = 0x414d4753;  // "SGMA"
constexpr std::size_t kHeader = 4 * sizeof(std::uint32_t);

// The rows and columns a string's blank passes through, from the cell it starts on.
struct Span {
  std::int8_t top = 0, bottom = 0, left = 0, right = 0;
  bool within(const Span& o) const {
    return top >= o.top && bottom <= o.bottom && left >= o.left && right <= o.right;
  }
};

// Works out what a move string does on an unbounded board: which tile ends on which cell.
// Two strings with the same effect lead from every board to the same board.
class EffectProbe {
 public:
  EffectProbe() {
    for (int i = 0; i < kSide * kSide; ++i) label_[static_cast<std::size_t>(i)] = i;
  }

  // The string of `length` moves coded in `code` (2 bits a move, the first highest): its
  // effect as a key (the cells whose tile changed and the tile now there; empty for none) and
  // the span of its blank.
  std::string effect(std::uint32_t code, int length, Span& span) {
    int blank = kOrigin;
    int row = 0, col = 0;
    span = {};
    touched_.assign(1, blank);
    for (int i = length - 1; i >= 0; --i) {
      const auto m = static_cast<Move>((code >> (2 * i)) & 3);
      const int dr = m == Move::Up ? -1 : m == Move::Down ? 1 : 0;
      const int dc = m == Move::Left ? -1 : m == Move::Right ? 1 : 0;
      row += dr;
      col += dc;
      const int to = blank + dr * kSide + dc;
      std::swap(label_[static_cast<std::size_t>(to)], label_[static_cast<std::size_t>(blank)]);
      blank = to;
      touched_.push_back(to);
      span = {std::min(span.top, static_cast<std::int8_t>(row)),
              std::max(span.bottom, static_cast<std::int8_t>(row)),
              std::min(span.left, static_cast<std::int8_t>(col)),
              std::max(span.right, static_cast<std::int8_t>(col))};
    }
    std::sort(touched_.begin(), touched_.end());
    touched_.erase(std::unique(touched_.begin(), touched_.end()), touched_.end());
    std::string key;
    for (const int cell : touched_) {
      int& label = label_[static_cast<std::size_t>(cell)];
      if (label != cell) {
        for (const int v : {cell, label}) {
          key.push_back(static_cast<char>(v & 0xff));
          key.push_back(static_cast<char>(v >> 8));
        }
      }
      label = cell;  // the probe is ready for the next string
    }
    return key;
  }

 private:
  std::array<int, kSide * kSide> label_{};
  std::vector<int> touched_;
};

struct Refused {
  std::uint32_t code;
  int length;
};

// A string looked at: its effect's hash, its moves (2 bits each after a leading 1, so the
// length is kept too) and the span of its blank.
struct Seen {
  std::uint64_t hash;
  std::uint32_t code;
  Span span;

  // (`| 1`: the leading 1 is always there; it tells the analyser so)
  int length() const { return (std::bit_width(code | 1) - 1) / 2; }
  std::uint32_t moves() const { return code & ~(std::uint32_t{1} << (2 * length())); }
  bool operator<(const Seen& o) const { return hash != o.hash ? hash < o.hash : code < o.code; }
};

// The strings to refuse, a length at a time in move order: a string is refused when a shorter
// or earlier one with its effect spans no more rows or columns. Only strings whose every part
// is kept are looked at, so no refused string contains another. Effects are compared by hash,
// and a match is confirmed whole.
std::vector<Refused> find_refused(int max_length) {
  EffectProbe probe;
  auto seen = [&](std::uint32_t moves, int length) {
    Seen s{0, (std::uint32_t{1} << (2 * length)) | moves, {}};
    s.hash = std::hash<std::string>{}(probe.effect(moves, length, s.span));
    return s;
  };
  auto same_effect = [&](const Seen& a, const Seen& b) {
    Span ignored;
    return probe.effect(a.moves(), a.length(), ignored) ==
           probe.effect(b.moves(), b.length(), ignored);
  };
  // The kept strings so far, by hash, of even and of odd length: every move is one
  // transposition, so only strings of the same parity can have the same effect.
  std::array<std::vector<Seen>, 2> kept{std::vector<Seen>{seen(0, 0)}, {}};
  std::vector<Refused> refused;
  std::vector<std::uint32_t> level{0};  // the kept strings of one length, in move order
  std::vector<Seen> looked;
  for (int length = 1; length <= max_length; ++length) {
    looked.clear();
    const std::uint32_t tail_mask = (std::uint32_t{1} << (2 * (length - 1))) - 1;
    for (const std::uint32_t head : level) {
      for (std::uint32_t m = 0; m < 4; ++m) {
        const std::uint32_t moves = head * 4 + m;
        // Its last length - 1 moves must be kept too (its first length - 1 are: `head`).
        if (std::binary_search(level.begin(), level.end(), moves & tail_mask))
          looked.push_back(seen(moves, length));
      }
    }
    std::sort(looked.begin(), looked.end());
    auto& store = kept[static_cast<std::size_t>(length % 2)];
    std::vector<Seen> kept_now;
    level.clear();
    for (std::size_t i = 0; i < looked.size(); ++i) {
      const Seen& s = looked[i];
      bool duplicate = false;
      auto it = std::lower_bound(store.begin(), store.end(), Seen{s.hash, 0, {}});
      for (; !duplicate && it != store.end() && it->hash == s.hash; ++it)
        duplicate = it->span.within(s.span) && same_effect(s, *it);
      // Earlier ones of this length with this hash sort just before it.
      for (std::size_t j = i; !duplicate && j > 0 && looked[j - 1].hash == s.hash; --j)
        duplicate = looked[j - 1].span.within(s.span) && same_effect(s, looked[j - 1]);
      if (duplicate) {
        refused.push_back({s.moves(), length});
      } else {
        kept_now.push_back(s);
        level.push_back(s.moves());
      }
    }
    std::sort(level.begin(), level.end());
    const auto middle = static_cast<std::ptrdiff_t>(store.size());
    store.insert(store.end(), kept_now.begin(), kept_now.end());
    std::inplace_merge(store.begin(), store.begin() + middle, store.end());
  }
  return refused;
}

// The machine's transitions (4 a state, in Move order) from the strings it refuses.
std::vector<std::int32_t> transitions(const std::vector<Refused>& refused) {
  // A trie of the refused strings (node 0 the empty string), then Aho and Corasick's failure
  // links: a state is the longest end of the path that begins some refused string.
  std::vector<std::array<int, 4>> child(1, {-1, -1, -1, -1});
  std::vector<bool> whole(1, false);  // the node ends a refused string
  for (const Refused& r : refused) {
    int node = 0;
    for (int i = r.length - 1; i >= 0; --i) {
      const auto m = static_cast<std::size_t>((r.code >> (2 * i)) & 3);
      if (child[static_cast<std::size_t>(node)][m] < 0) {
        child[static_cast<std::size_t>(node)][m] = static_cast<int>(child.size());
        child.push_back({-1, -1, -1, -1});
        whole.push_back(false);
      }
      node = child[static_cast<std::size_t>(node)][m];
    }
    whole[static_cast<std::size_t>(node)] = true;
  }
  // Breadth-first, each node's moves completed from its failure link's (already complete).
  std::vector<int> fail(child.size(), 0);
  std::vector<std::array<int, 4>> go = child;
  std::vector<int> order{0};
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto v = static_cast<std::size_t>(order[i]);
    for (std::size_t m = 0; m < 4; ++m) {
      const int c = child[v][m];
      const int via_fail = v == 0 ? 0 : go[static_cast<std::size_t>(fail[v])][m];
      if (c < 0) {
        go[v][m] = via_fail;
      } else {
        fail[static_cast<std::size_t>(c)] = via_fail;
        if (!whole[static_cast<std::size_t>(c)]) order.push_back(c);
      }
    }
  }
  // States are the nodes that end no refused string, numbered in breadth-first order.
  std::vector<int> state(child.size(), MoveAutomaton::kRefused);
  for (std::size_t i = 0; i < order.size(); ++i)
    state[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  std::vector<std::int32_t> next(order.size() * 4);
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::size_t m = 0; m < 4; ++m)
      next[i * 4 + m] = state[static_cast<std::size_t>(go[static_cast<std::size_t>(order[i])][m])];
  return next;
}

}  // namespace

MoveAutomaton::MoveAutomaton(int max_length) : max_length_(max_length) {
  if (max_length < 2 || max_length > kMaxLength)
    throw Error(Error::Kind::BadInput, "duplicate strings are searched 2 to 15 moves long");
  const std::vector<Refused> refused = find_refused(max_length);
  refused_ = refused.size();
  next_ = transitions(refused);
}

std::vector<std::uint8_t> MoveAutomaton::bytes() const {
  const std::array<std::uint32_t, 4> header{kMagic, static_cast<std::uint32_t>(max_length_),
                                            static_cast<std::uint32_t>(states()),
                                            static_cast<std::uint32_t>(refused_)};
  std::vector<std::uint8_t> out(kHeader + next_.size() * sizeof(std::int32_t));
  std::memcpy(out.data(), header.data(), kHeader);
  std::memcpy(out.data() + kHeader, next_.data(), next_.size() * sizeof(std::int32_t));
  return out;
}

MoveAutomaton MoveAutomaton::from_bytes(std::span<const std::uint8_t> bytes) {
  std::array<std::uint32_t, 4> header{};
  if (bytes.size() >= kHeader) std::memcpy(header.data(), bytes.data(), kHeader);
  const std::size_t count = header[2];  // states
  if (header[0] != kMagic || header[1] < 2 || header[1] > kMaxLength ||
      bytes.size() != kHeader + count * 4 * sizeof(std::int32_t) || count == 0)
    throw Error(Error::Kind::BadInput, "not a duplicate-move automaton, or a damaged one");
  MoveAutomaton a;
  a.max_length_ = static_cast<int>(header[1]);
  a.refused_ = header[3];
  a.next_.resize(count * 4);
  std::memcpy(a.next_.data(), bytes.data() + kHeader, a.next_.size() * sizeof(std::int32_t));
  const bool in_range = std::all_of(a.next_.begin(), a.next_.end(), [&](std::int32_t s) {
    return s >= kRefused && s < static_cast<std::int32_t>(count);
  });
  if (!in_range) throw Error(Error::Kind::BadInput, "a damaged duplicate-move automaton");
  return a;
}

}  // namespace slidegif::detail
