#include "solve/search/cut_loops.hpp"

#include <string>
#include <unordered_map>

namespace slidegif::detail {

std::vector<Move> cut_loops(const Board& start, const std::vector<Move>& moves) {
  std::vector<Board> boards{start};
  std::vector<Move> out;
  std::unordered_map<std::string, std::size_t> seen;
  auto key = [](const Board& b) { return std::string(b.tiles().begin(), b.tiles().end()); };
  seen.emplace(key(start), 0);
  Board b = start;
  for (Move m : moves) {
    b.apply(m);
    const std::string k = key(b);
    if (auto it = seen.find(k); it != seen.end()) {
      // Back where we were after it->second moves: forget everything since.
      for (std::size_t i = it->second; i < out.size(); ++i) seen.erase(key(boards[i + 1]));
      out.resize(it->second);
      boards.erase(boards.begin() + static_cast<std::ptrdiff_t>(it->second) + 1, boards.end());
      continue;
    }
    out.push_back(m);
    boards.push_back(b);
    seen.emplace(k, out.size());
  }
  return out;
}

}  // namespace slidegif::detail
