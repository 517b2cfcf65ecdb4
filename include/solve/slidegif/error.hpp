#pragma once
// The one error type of the core library. Front ends (CLI, CGI) catch it at the edge and turn
// its message into an exit status or an HTTP answer; the core never prints or exits.

#include <stdexcept>
#include <string>

namespace slidegif {

class Error : public std::runtime_error {
 public:
  enum class Kind {
    BadInput,        // a malformed board, size, option value...
    Unsolvable,      // start and goal are in different parity classes
    BudgetExceeded,  // a search ran out of time or nodes
    Unsupported,     // a board the solver refuses (too large for optimal search)
    Render,          // drawing or encoding failed (font missing, libgd error)
  };
  Error(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

}  // namespace slidegif
