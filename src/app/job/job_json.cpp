#include "app/job/job_json.hpp"

namespace slidegif::app {

nlohmann::json result_json(const Solved& solved) {
  const Board& start = solved.puzzle.start;
  const Solution& s = solved.solution;
  nlohmann::json j = {{"rows", start.rows()},
                      {"cols", start.cols()},
                      {"start", format_board(start)},
                      {"goal", format_board(solved.puzzle.goal)},
                      {"length", count_moves(s.moves, s.metric)},
                      {"metric", metric_name(s.metric)},
                      {"optimal", s.optimal},
                      {"moves", moves_to_string(s.moves)},
                      {"method", s.method},
                      {"nodes", s.stats.nodes},
                      {"seconds", s.stats.seconds}};
  if (s.metric != Metric::SingleTile) j["steps"] = s.moves.size();  // the letters in "moves"
  if (solved.puzzle.seed) j["seed"] = *solved.puzzle.seed;
  return j;
}

nlohmann::json result_json(const Solved& solved, const Animation& gif, const std::string& file) {
  nlohmann::json j = result_json(solved);
  j["file"] = file;
  j["frames"] = gif.frames;
  j["bytes"] = gif.bytes.size();
  j["width"] = gif.width;
  j["height"] = gif.height;
  return j;
}

std::string json_line(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace slidegif::app
