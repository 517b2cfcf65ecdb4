#pragma once
// One job for the CLI: solve it, optionally render and write the GIF, then print the human
// summary or the JSON object.

#include "app/job/job.hpp"
#include "cli/options.hpp"

namespace slidegif::cli {

// Throws slidegif::Error or std::runtime_error; writes nothing if it throws before the GIF
// is complete.
void solve_and_report(const app::Job& job, const JobFlags& flags);

}  // namespace slidegif::cli
