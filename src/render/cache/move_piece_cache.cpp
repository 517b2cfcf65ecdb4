#include <algorithm>

#include "render/cache/move_pieces.hpp"

namespace slidegif::detail {

std::size_t MovePieceCache::KeyHash::operator()(const MovePieceKey& k) const {
  std::uint64_t h = k.config;
  for (const std::uint64_t v : {std::uint64_t{k.tile}, std::uint64_t{k.from}, std::uint64_t{k.to},
                                std::uint64_t{k.captions},
                                std::uint64_t{k.x0} << 48 | std::uint64_t{k.x1} << 32 |
                                    std::uint64_t{k.end_x0} << 16 | k.end_x1}) {
    h = (h ^ v) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
  }
  return static_cast<std::size_t>(h);
}

std::span<const std::uint8_t> MovePieceCache::find(const MovePieceKey& key) {
  const auto it = pieces_.find(key);
  if (it == pieces_.end()) return {};
  recency_.splice(recency_.begin(), recency_, it->second.recent);
  return it->second.coded;
}

std::size_t MovePieceCache::footprint(std::size_t coded_capacity) {
  // The vector's block; the map's node (key, entry, next pointer, cached hash) and the list's
  // (key, two pointers), each with malloc's header; the node's bucket slot.
  constexpr std::size_t kMalloc = 16;
  constexpr std::size_t kMapNode =
      sizeof(void*) + sizeof(MovePieceKey) + sizeof(Entry) + sizeof(std::size_t) + kMalloc;
  constexpr std::size_t kListNode = 2 * sizeof(void*) + sizeof(MovePieceKey) + kMalloc;
  return coded_capacity + kMalloc + kMapNode + kListNode + sizeof(void*);
}

void MovePieceCache::keep(const MovePieceKey& key, std::vector<std::uint8_t> coded) {
  if (coded.empty() || pieces_.contains(key)) return;
  // A coder's buffer grows by doubling: kept as it is, up to half its block would be slack.
  coded.shrink_to_fit();
  const std::size_t cost = footprint(coded.capacity());
  if (cost > max_bytes_) return;
  while (bytes_ + cost > max_bytes_) {
    const auto oldest = pieces_.find(recency_.back());
    bytes_ -= footprint(oldest->second.coded.capacity());
    pieces_.erase(oldest);
    recency_.pop_back();
    ++evictions_;
  }
  bytes_ += cost;
  recency_.push_front(key);
  pieces_.emplace(key, Entry{std::move(coded), recency_.begin()});
}

std::vector<std::pair<MovePieceKey, std::span<const std::uint8_t>>> MovePieceCache::sorted() const {
  std::vector<std::pair<MovePieceKey, std::span<const std::uint8_t>>> out;
  out.reserve(pieces_.size());
  for (const auto& [key, entry] : pieces_) out.emplace_back(key, entry.coded);
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

}  // namespace slidegif::detail
