#pragma once
// `explore --db FILE.sqlite`: a board's whole state space as an SQLite database, the one the
// seed documents promised "so that everyone can grasp the whole problem":
//   states(board TEXT PRIMARY KEY, distance, blank, optimal_moves, solutions)  -- one per state
//   histogram(distance INTEGER PRIMARY KEY, count)
//   antipodes(board TEXT PRIMARY KEY)
//   meta(key TEXT PRIMARY KEY, value)   -- shape, rows, cols, goal, gods_number, states, ...
// with an index on states(distance) for "every state at distance d". Boards are in the CLI's
// notation; blank is the blank's cell (row-major, from 0); optimal_moves the number of moves
// that start an optimal solution; solutions the number of distinct optimal solutions.
// Written to a temporary file beside FILE and renamed: a failure, or a stopping signal
// (Ctrl-C), leaves nothing.

#include <cstdint>
#include <string>

#include "solve/table/full_search.hpp"
#include "solve/table/optimal_paths.hpp"

namespace slidegif::cli {

// Above this many states only histogram, antipodes and meta are written unless all are asked.
inline constexpr std::uint64_t kMaxDatabaseStates = 20'000'000;

// Roughly what a database with every state takes on disk (bytes), to say before writing.
std::uint64_t estimated_database_bytes(std::uint64_t states, int cells);

// Throws std::runtime_error if FILE cannot take a database: an existing directory, device or
// pipe (SQLite writes a regular file, and the final rename would replace a device node).
// Followed through a symbolic link, which stays. Called again by write_state_database.
void check_database_target(const std::string& path);

// `paths` null: no states table rows (histogram, antipodes and meta only). `all` must hold
// exact distances when paths is given. Throws std::runtime_error naming FILE on failure.
void write_state_database(const std::string& path, const detail::FullSearch& all,
                          const detail::OptimalPaths* paths);

}  // namespace slidegif::cli
