#include "solve/search/built_in_automaton.hpp"

#include <cstdint>
#include <span>

namespace slidegif::embedded {
std::span<const std::uint8_t> move_automaton();  // cmake/EmbedFile.cmake
}  // namespace slidegif::embedded

namespace slidegif::detail {

const MoveAutomaton& built_in_automaton() {
  static const MoveAutomaton automaton = MoveAutomaton::from_bytes(embedded::move_automaton());
  return automaton;
}

}  // namespace slidegif::detail
