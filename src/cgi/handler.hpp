#pragma once
// The whole CGI request -> response mapping, free of process state: main() (or a test, or the
// fuzzer) passes the meta-variables in and writes the Response out.
//
//   slidegif::cgi::Environment env{{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", "random=1"}};
//   auto response = slidegif::cgi::handle_request(env, config);

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cgi/limits.hpp"
#include "cgi/response.hpp"
#include "slidegif/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/solver.hpp"

namespace slidegif::cgi {

// RFC 3875 meta-variables by name; the handler reads REQUEST_METHOD, QUERY_STRING and
// HTTP_IF_NONE_MATCH.
using Environment = std::map<std::string, std::string, std::less<>>;

struct HandlerConfig {
  // Called only when a GIF is actually rendered; the font is the server's choice alone.
  std::function<Font()> font;
  // Seeds unseeded random requests.
  std::function<std::uint64_t()> entropy;
  SearchLimits limits{.max_seconds = kSearchSeconds, .max_nodes = kSearchNodes, .progress = {}};
  // Past the budget, answer with the near-optimal solver's best (marked not optimal) rather
  // than 503.
  bool fallback_near_optimal = true;
  // The pattern database for a goal, or null (no databases, other sizes). Called only when a
  // puzzle is solved, so a 304 or a 3x3 request never touches the files. Never builds.
  std::function<const PdbHeuristic*(const Board& goal)> pattern_database;
  // Draws the GIF; empty means slidegif::render_animation. The fuzzer swaps in a cheap stand-in
  // for most inputs so that it explores the request logic rather than waiting on pixels.
  std::function<Animation(const Board&, const std::vector<Move>&, const AnimationOptions&)> render;
};

// Never throws for anything a client can send: bad input is 400, an exhausted budget 503.
Response handle_request(const Environment& env, const HandlerConfig& config);

}  // namespace slidegif::cgi
