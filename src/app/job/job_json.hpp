#pragma once
// The one JSON shape of a solved job, for every front end that prints JSON (`solve --json`,
// `random --json`, each line of `solve --batch --json`, which adds its "line"):
//   rows, cols, start, goal, length, optimal, moves, method, nodes, seconds;
//   seed, when the boards were drawn (so the puzzle can be made again);
//   file, frames, bytes, width, height, for a GIF.

#include <nlohmann/json.hpp>
#include <string>

#include "app/job/job.hpp"

namespace slidegif::app {

nlohmann::json result_json(const Solved& solved);
// The same with the GIF written to `file` ("-" for standard output).
nlohmann::json result_json(const Solved& solved, const Animation& gif, const std::string& file);

// One line of JSON text for printing. Strings from outside (a file name, an error message that
// quotes the input) need not be UTF-8: their invalid bytes print as U+FFFD instead of failing.
std::string json_line(const nlohmann::json& j);

}  // namespace slidegif::app
