#pragma once
// The one error type of the library: every function reports failure by throwing it, with a
// one-line message meant for the user and a kind to decide on. Front ends (CLI, CGI) catch it at
// the edge and turn it into an exit status or an HTTP answer; the library never prints or exits.
//
//   try {
//     slidegif::solve(slidegif::parse_board(text), goal);
//   } catch (const slidegif::Error& e) {
//     if (e.kind() == slidegif::Error::Kind::Unsolvable) ...;  // e.what(): the parity facts
//   }

#include <stdexcept>
#include <string>

#include "slidegif/export.hpp"

namespace slidegif {

class SLIDEGIF_API Error : public std::runtime_error {
 public:
  enum class Kind {
    BadInput,        // a malformed board, size, option value...
    Unsolvable,      // start and goal are in different parity classes
    BudgetExceeded,  // a search ran out of time or nodes
    Unsupported,     // a board the solver refuses (too large for optimal search)
    Render,          // drawing or encoding failed (font missing, libgd error)
    Cancelled,       // the caller asked a search to stop (SolveControl::stop)
  };
  // What the user could change to get past the error. The core's messages never name a flag
  // or a URL parameter: each front end phrases the hint in its own terms.
  enum class Hint {
    None,
    SearchBudget,  // allow the search more time
    Tile,          // smaller tiles
    Tween,         // fewer sliding frames per move
    TileOrTween,   // either of the two
    Font,          // name a font explicitly
    TileOrFrames,  // smaller tiles or fewer frames (an explanation's)
  };
  // `suggestion`: a value that would do (the largest tile size that fits), 0 when none.
  Error(Kind kind, const std::string& message, Hint hint = Hint::None, int suggestion = 0)
      : std::runtime_error(without_nul(message)),
        kind_(kind),
        hint_(hint),
        suggestion_(suggestion) {}
  Kind kind() const { return kind_; }
  Hint hint() const { return hint_; }
  int suggestion() const { return suggestion_; }

 private:
  // what() is a C string: a NUL quoted from the input (a query's %00) would cut it short.
  static std::string without_nul(std::string text) {
    for (std::size_t at = text.find('\0'); at != std::string::npos; at = text.find('\0', at))
      text.replace(at, 1, "\\0");
    return text;
  }

  Kind kind_;
  Hint hint_;
  int suggestion_;
};

}  // namespace slidegif
