#pragma once
// The full search in the multi-tile metric (Metric::MultiTile): every state's distance counting
// a line move of the blank as one move. A plain breadth-first search a layer at a time over a
// byte a state, each state of the newest layer decoded, its line moves walked and their states
// numbered (state_index.hpp): about 0.4 µs a state (2x5), on one thread. The single-tile search
// (layered_bfs.hpp) is tuned for memory; this one only has to be right, as explore --metric
// mtm is rarer and its spaces are the same size.
//
//   detail::LayerSink sink = line_move_search(index, distance, list_limit, progress);

#include <cstdint>
#include <functional>
#include <vector>

#include "solve/table/layered_bfs.hpp"
#include "solve/table/state_index.hpp"

namespace slidegif::detail {

// Fills `distance` (index.size() bytes) with every state's distance from the goal; returns the
// histogram and the layers of at most `list_limit` states. `progress`: the fraction reached.
LayerSink line_move_search(const StateIndex& index, std::vector<std::uint8_t>& distance,
                           std::uint64_t list_limit, const std::function<void(double)>& progress);

}  // namespace slidegif::detail
