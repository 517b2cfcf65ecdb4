#pragma once
// Flags shared by the `solve` and `random` subcommands. The job's settings are bound straight
// to the fields of an app::Job; what is left here is the command line's own business (where
// the animation goes, how the answer is printed, where the font and the databases are).

#include <optional>
#include <string>

#include "app/job/job.hpp"

// Declared, not included: CLI11 is header-only and costs seconds to compile, so only the files
// that build a command line include it.
namespace CLI {
class App;
}  // namespace CLI

namespace CLI {
class App;  // CLI11's, defined in <CLI/CLI.hpp>: only the files that define options include it
}  // namespace CLI

namespace slidegif::cli {

struct JobFlags {
  std::string output;        // -o FILE, "-" for stdout, empty for no GIF
  bool json = false;         // --json
  std::string font;          // --font PATH, empty: the shipped font
  std::string size;          // --size, empty: inferred
  std::string pdb_dir;       // --pdb-dir, empty: $SLIDEGIF_PDB_DIR or the cache directory
  std::string lang;          // --lang, empty: from the locale (cli/language_choice.hpp)
  std::string image;         // --image FILE: a picture puzzle
  std::string format;        // --format NAME, empty: by -o's extension
  std::optional<int> frame;  // --frame N: the still's frame
  bool yes = false;          // --yes: long first-use builds without asking
  std::string algorithm;     // --algorithm NAME: a classic search (solve/classic), not ours
  app::Job job;              // solve settings and animation options; the boards come later
};

void add_job_flags(CLI::App& cmd, JobFlags& flags);

// The job the flags describe, with the shape from --size and the language from --lang or the
// locale (an unknown --lang is English, with a note on stderr); each subcommand adds its
// boards; with --image, the picture read and decoded. Throws Error(BadInput) for a malformed
// --size or a picture that cannot be used.
app::Job base_job(const JobFlags& flags);

// The format of -o: its extension's, or --format's (for standard output or a name without an
// extension), GIF otherwise; with --frame, the still's frame. Throws Error(BadInput) for an
// extension we do not write, an extension and --format that disagree, or --frame with a format
// that is not a still.
Encoding output_encoding(const JobFlags& flags);

// Throws HandOffVideo (cli/video_handoff.hpp) when `flags` ask to write video (-o) and this
// program writes none. A command calls it first, before base_job() and before it prints
// anything, so that slidegif-video says everything once.
void hand_off_video_if_needed(const JobFlags& flags);

}  // namespace slidegif::cli
