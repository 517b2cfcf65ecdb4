#pragma once
// `slidegif pieces build [--size 3x3,4x4] [--tile N] [--tween N] [--theme NAME] [--dir DIR]
// [--progress]`:
// the coded move frames of default requests (app/pieces_build.hpp), written as a move-pieces
// file beside the pattern databases, where the CGI finds it (app/pieces_file.hpp).
//
//   PiecesCommand pieces(app);                    // before app.parse()
//   if (pieces.selected()) return pieces.run();   // inside the usual try/catch

#include <string>

#include "slidegif/render.hpp"

namespace CLI {
class App;  // CLI11's, defined in <CLI/CLI.hpp>: only the files that define options include it
}  // namespace CLI

namespace slidegif::cli {

class PiecesCommand {
 public:
  explicit PiecesCommand(CLI::App& app);
  bool selected() const;
  int run() const;

 private:
  CLI::App* cmd_ = nullptr;
  CLI::App* build_ = nullptr;
  std::string dir_;
  std::string sizes_ = "3x3,4x4";
  std::string theme_ = "classic";
  int tile_ = AnimationOptions{}.tile_px;  // everyone's defaults, the CGI's too
  int tween_ = AnimationOptions{}.tween;
  bool progress_ = false;
};

}  // namespace slidegif::cli
