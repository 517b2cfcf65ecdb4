#pragma once
// From query parameters to one fully determined image request, in two steps:
//   parse_params()   syntax and ranges of every known parameter (unknown ones are ignored, so
//                    cache-busting parameters work);
//   resolve()        draws the random boards, checks sizes and solvability, and writes the
//                    canonical text that the ETag is computed from.
// Both throw Error(BadInput) / Error(Unsolvable) with a message fit for the HTTP client.

#include <cstdint>
#include <optional>
#include <string>

#include "cgi/query.hpp"
#include "slidegif/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/random.hpp"

namespace slidegif::cgi {

// What the client asked for, validated but not yet resolved.
struct RequestParams {
  std::optional<Board> start;
  std::optional<Board> goal;
  bool random_goal = false;    // goal=random
  std::optional<bool> random;  // random=0|1
  std::optional<Shape> size;   // size=3|4|RxC
  std::optional<std::uint64_t> seed;
  // Rendering: the font is left empty; the server chooses the font, never the request.
  AnimationOptions render = defaults();

  static AnimationOptions defaults();
};

// Throws Error(BadInput) on a malformed or out-of-range value, a known parameter given twice,
// or contradictory parameters (start with random=1, a start that is not size).
RequestParams parse_params(const QueryParams& query);

struct ImageRequest {
  Board start;
  Board goal;
  AnimationOptions render;
  // False when an unseeded random draw went into it: such an answer must not be cached.
  bool deterministic = true;
  // Normalised parameters: equal for requests that must give the same GIF.
  std::string canonical;
};

// `entropy` seeds the draw when the request is random and has no seed of its own.
// Throws Error(BadInput) for too large a board, Error(Unsolvable) with the parity facts.
ImageRequest resolve(const RequestParams& params, std::uint64_t entropy);

// A board reachable from `from`, uniform over all of them.
Board random_partner(const Board& from, Random& rng);

}  // namespace slidegif::cgi
