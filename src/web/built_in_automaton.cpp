// The WebAssembly build's duplicate-move automaton (solve/search/built_in_automaton.hpp): the
// native build's comes from a build step scripts/build-web does not have, so the engine finds
// a shorter one (strings of up to 10 moves: 0.05 s natively) the first time it searches.
#include "solve/search/built_in_automaton.hpp"

namespace slidegif::detail {

const MoveAutomaton& built_in_automaton() {
  static const MoveAutomaton automaton(10);
  return automaton;
}

}  // namespace slidegif::detail
