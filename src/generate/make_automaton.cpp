// Build-time tool: writes the duplicate-move automaton the solver has built in
// (solve/search/built_in_automaton.hpp).
//   make_automaton LENGTH FILE  ->  the machine for strings of up to LENGTH moves, in FILE
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "solve/search/move_automaton.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_automaton LENGTH FILE\n");
    return 2;
  }
  try {
    const slidegif::detail::MoveAutomaton automaton(std::stoi(argv[1]));
    const std::vector<std::uint8_t> bytes = automaton.bytes();
    // Written beside and renamed, so that an interrupted build leaves no half file.
    const std::string part = std::string(argv[2]) + ".part";
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) throw std::runtime_error("cannot write " + part);
    std::filesystem::rename(part, argv[2]);
    std::printf("make_automaton: %zu states, %zu refused strings of up to %d moves\n",
                automaton.states(), automaton.refused_strings(), automaton.max_length());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_automaton: %s\n", e.what());
    return 1;
  }
  return 0;
}
