#include "cli/pieces_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "app/data/data_files.hpp"
#include "app/data/pdb_location.hpp"
#include "app/data/pieces_build.hpp"
#include "app/data/pieces_file.hpp"
#include "app/files/font_locator.hpp"
#include "app/files/progress.hpp"
#include "cli/number_checks.hpp"
#include "render/cache/drawing_cache.hpp"
#include "slidegif/board.hpp"
#include "slidegif/error.hpp"

namespace slidegif::cli {

PiecesCommand::PiecesCommand(CLI::App& app) {
  cmd_ = app.add_subcommand("pieces", "Build the coded move frames the CGI copies into its GIFs");
  cmd_->require_subcommand(1);
  build_ =
      cmd_->add_subcommand("build",
                           "Code every move of the CGI's default animations into a file beside the "
                           "pattern databases (the CGI then only codes the captions)");
  build_->add_option("--dir,--pdb-dir", dir_,
                     fmt::format("Directory (default: ${}, else $XDG_CACHE_HOME/slidegif, else "
                                 "~/.cache/slidegif)",
                                 app::kPdbDirEnv));
  build_->add_option("--size", sizes_, "Board sizes, comma-separated (default: 3x3,4x4)");
  build_->add_option("--tile", tile_, "Tile size in pixels, as requests draw it")
      ->capture_default_str()
      ->check(whole_number(16, 256));
  build_->add_option("--tween", tween_, "Sliding frames per move")
      ->capture_default_str()
      ->check(whole_number(0, 16));
  build_->add_option("--theme", theme_, "Colour theme (default: classic)");
  build_->add_flag("--progress", progress_,
                   "Draw the progress bar even when stderr is not a terminal");
}

bool PiecesCommand::selected() const {
  return cmd_->parsed();
}

int PiecesCommand::run() const {
  std::vector<Shape> shapes;
  std::stringstream list(sizes_);
  for (std::string size; std::getline(list, size, ',');) shapes.push_back(parse_shape(size));
  if (shapes.empty()) throw Error(Error::Kind::BadInput, "no board size given (e.g. 3x3,4x4)");
  // Coded moves serve the endpoints' boards; past 8x8 a board has too many moves to code ahead
  // (a 9x9's ran past 4 GB).
  constexpr int kMaxPieceCells = 64;
  for (const Shape& s : shapes) {
    if (s.cells() > kMaxPieceCells) {
      throw Error(Error::Kind::BadInput,
                  fmt::format("coded moves are built for boards up to 8x8 ({} cells); {} has {}",
                              kMaxPieceCells, format_shape(s), s.cells()));
    }
  }
  AnimationOptions options;
  options.font = app::default_font();
  options.tile_px = tile_;
  options.tween = tween_;
  options.theme = theme_;
  // Before seconds or minutes of coding, not after: where the file goes must be there.
  const std::string dir = app::default_pdb_dir(dir_);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw std::runtime_error(fmt::format("cannot create directory {}: {}", dir, ec.message()));
  const auto started = std::chrono::steady_clock::now();
  app::ProgressBar bar("coding moves", progress_);
  detail::DrawingCache drawing;
  const detail::MovePieceCache pieces =
      app::build_move_pieces(shapes, options, drawing, [&bar](double f) { bar.update(f); });
  bar.finish();
  const std::string path = app::pieces_file_path(dir);
  app::save_pieces_file(path, pieces, drawing.save_drawings());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  // The file's own size: the pieces, their index and the drawings.
  fmt::print("{}: {} coded moves, {}, built in {:.1f} s\n", path, pieces.size(),
             app::human_size(std::filesystem::file_size(path, ec)), seconds);
  return 0;
}

}  // namespace slidegif::cli
