#include "solve/table/distance_table.hpp"

#include <chrono>

#include "slidegif/error.hpp"
#include "solve/board/domain.hpp"

namespace slidegif::detail {
namespace {

// Longer than any descent on a table the full search accepts (2x7's God's number is 108).
constexpr int kMaxDescent = 255;

[[noreturn]] void damaged() {
  throw Error(Error::Kind::BadInput, "the distance table is damaged: its descent leads nowhere");
}

// Descent with the moves taken on `original` while the table is read in its own frame, where
// cell c of the original is cell map(c).
template <class MapCell>
std::vector<Move> descend_in(const DistanceTable& table, const Board& original, const Board& framed,
                             MapCell map) {
  const StateIndex& index = table.index();
  const Domain& domain = table.domain();
  Position here(original);
  Position seen(framed);
  std::uint64_t at = index.of(seen.tiles.data(), seen.blank);
  int value = table.mod3(at);
  std::vector<Move> moves;
  moves.reserve(static_cast<std::size_t>(table.gods_number()));
  while (at != index.goal_index()) {
    if (static_cast<int>(moves.size()) == kMaxDescent || value == 3) damaged();
    const int closer = (value + 2) % 3;
    bool stepped = false;
    for (const Operator op : domain.operators(here.blank)) {
      const int target = map(op.target);
      std::swap(seen.tiles[static_cast<std::size_t>(target)],
                seen.tiles[static_cast<std::size_t>(seen.blank)]);
      // A sideways move keeps the tiles' row-major order, so only the blank's part of the
      // index changes (index = rank * cells + blank); the rank is computed for vertical ones.
      const bool sideways = target == seen.blank - 1 || target == seen.blank + 1;
      const std::uint64_t next = sideways ? at - static_cast<std::uint64_t>(seen.blank) +
                                                static_cast<std::uint64_t>(target)
                                          : index.of(seen.tiles.data(), target);
      if (table.mod3(next) == closer) {
        seen.blank = target;
        here.apply(op);
        moves.push_back(op.move);
        at = next;
        value = closer;
        stepped = true;
        break;
      }
      std::swap(seen.tiles[static_cast<std::size_t>(target)],
                seen.tiles[static_cast<std::size_t>(seen.blank)]);
    }
    if (!stepped) damaged();
  }
  return moves;
}

}  // namespace

DistanceTable DistanceTable::build(const Board& goal, DistanceStorage storage) {
  const auto started = std::chrono::steady_clock::now();
  FullSearchOptions options;
  options.storage = storage;
  FullSearch all = full_search(goal, options);
  DistanceTable table(goal, std::move(all.index));
  table.histogram_ = std::move(all.histogram);
  table.bytes_ = std::move(all.distance);
  table.owned_mod3_ = std::move(all.mod3);
  table.mod3_ = table.owned_mod3_;
  if (!table.exact()) {
    table.owned_lists_ = std::move(all.lists);
    for (std::size_t d = 0; d < table.owned_lists_.size(); ++d) {
      if (all.listed[d])
        table.lists_.emplace_back(table.owned_lists_[d]);
      else
        table.lists_.emplace_back();
    }
  }
  table.build_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return table;
}

DistanceTable DistanceTable::view(const Board& goal, std::span<const std::uint64_t> mod3,
                                  std::vector<std::uint64_t> histogram,
                                  std::vector<std::span<const std::uint64_t>> lists) {
  DistanceTable table(goal, StateIndex(goal));
  table.mod3_ = mod3;
  table.histogram_ = std::move(histogram);
  table.lists_ = std::move(lists);
  return table;
}

std::vector<Move> DistanceTable::descend(const Board& start) const {
  return descend_in(*this, start, start, [](int cell) { return cell; });
}

std::vector<Move> DistanceTable::descend(const Board& start, const GoalFraming& framing) const {
  return descend_in(*this, start, framing.map_board(start),
                    [&framing](int cell) { return framing.map_cell(cell); });
}

int DistanceTable::distance(const Board& state) const {
  if (exact()) return bytes_[index_.of(state)];
  return static_cast<int>(descend(state).size());
}

Board DistanceTable::state_at(int d, std::uint64_t k) const {
  if (listed(d)) {
    const auto list = lists_[static_cast<std::size_t>(d)];
    if (k < list.size()) return index_.board(list[k]);
  }
  for (std::uint64_t i = 0; i < bytes_.size(); ++i) {
    if (bytes_[i] == d && k-- == 0) return index_.board(i);
  }
  throw Error(Error::Kind::BadInput, "no such state in the distance table");
}

}  // namespace slidegif::detail
