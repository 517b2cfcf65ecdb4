// slidegif: solve sliding-tile puzzles optimally and render the solution as an animated GIF.
// The command line is defined in cli/command_line.hpp; the work happens in the job pipeline
// (app/job.hpp).

#include <cstdio>
#include <exception>

#include "cli/command_line.hpp"

int main(int argc, char** argv) {
  try {
    slidegif::cli::CommandLine cli;
    return cli.run(argc, argv);
  } catch (const std::exception& e) {  // e.g. out of memory while setting up
    std::fprintf(stderr, "slidegif: %s\n", e.what());
    return 1;
  }
}
