#pragma once
// The duplicate-move automaton every single-tile IDA* uses (move_automaton.hpp): strings of up
// to 12 moves, 9,223 states (14 moves, 66,492 states, prune a tenth more nodes of the 24-puzzle
// but no time: the table no longer fits the cache). Finding them takes longer than a whole 3x3
// solve, so the program is built with it (src/generate/make_automaton.cpp writes it; CMake
// builds the bytes in); it is read once, when first asked for. The play page's WebAssembly build,
// which has no build step for it, finds a smaller one (10 moves) instead
// (src/web/built_in_automaton.cpp).

#include "solve/search/move_automaton.hpp"

namespace slidegif::detail {

const MoveAutomaton& built_in_automaton();

}  // namespace slidegif::detail
