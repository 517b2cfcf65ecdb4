#include <algorithm>

#include "render/cache/move_pieces.hpp"

namespace slidegif {

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
  return it->second;
}

void MovePieceCache::keep(const MovePieceKey& key, std::vector<std::uint8_t> coded) {
  if (coded.empty() || coded.size() > max_bytes_ || pieces_.contains(key)) return;
  if (bytes_ + coded.size() > max_bytes_) {
    pieces_.clear();
    bytes_ = 0;
    ++drops_;
  }
  bytes_ += coded.size();
  pieces_.emplace(key, std::move(coded));
}

std::vector<std::pair<MovePieceKey, std::span<const std::uint8_t>>> MovePieceCache::sorted() const {
  std::vector<std::pair<MovePieceKey, std::span<const std::uint8_t>>> out;
  out.reserve(pieces_.size());
  for (const auto& [key, coded] : pieces_) out.emplace_back(key, coded);
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

}  // namespace slidegif
