#pragma once
// The command line's services for the job pipeline: the font named by --font (else the shipped
// one), the operating system's entropy, pattern databases from --pdb-dir (the small set built
// on first use, with a note and a progress bar), and a search progress line on a terminal.

#include <string>

#include "app/data/data_services.hpp"
#include "app/job/job.hpp"
#include "cli/options.hpp"

namespace slidegif::cli {

// The command line's databases and tables (app::DataServices): pattern databases from
// --pdb-dir, a missing first-use set built there (with a note and a progress bar; a long build
// asked about first), the tables `explore --save` left beside them, and the 3x3 tables built
// into the program. `yes` (--yes): build what a first use needs however long it takes.
// Without it, a long build (app/pdb_cost.hpp) is asked about on a terminal and refused
// elsewhere. Every database is kept for the run: a batch of many puzzles with one goal maps the
// files once, and several threads may ask at once.
app::DataServices::Options cli_data(const std::string& dir_flag, bool yes);

// `data` must outlive the services. `show_progress`: the search's progress line on stderr
// when it is a terminal (a batch prints nothing between its answer lines).
app::Services cli_services(const JobFlags& flags, app::DataServices& data, bool show_progress);

}  // namespace slidegif::cli
