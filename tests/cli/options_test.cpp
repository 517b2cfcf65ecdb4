// The flags shared by solve and random, parsed as the command line parses them.
#include "cli/options.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <vector>

namespace slidegif::cli {
namespace {

JobFlags parse(std::vector<std::string> args) {
  CLI::App app;
  JobFlags flags;
  add_job_flags(app, flags);
  args.insert(args.begin(), "slidegif");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  app.parse(static_cast<int>(argv.size()), argv.data());
  return flags;
}

// Unnamed, the near-optimal search (boards over 16 cells) keeps its short budget; named, the
// budget is all its own too, so a larger one can buy a shorter answer.
TEST(JobFlags, ANamedBudgetIsTheNearOptimalSearchsToo) {
  const SolveOptions defaults;
  const JobFlags unnamed = parse({});
  EXPECT_EQ(unnamed.job.solve.max_seconds, defaults.max_seconds);
  EXPECT_EQ(unnamed.job.solve.fallback_seconds, defaults.fallback_seconds);
  EXPECT_LT(defaults.fallback_seconds, defaults.max_seconds);
  const JobFlags named = parse({"--max-seconds", "30"});
  EXPECT_EQ(named.job.solve.max_seconds, 30.0);
  EXPECT_EQ(named.job.solve.fallback_seconds, 30.0);
  EXPECT_THROW(parse({"--max-seconds", "0"}), CLI::ValidationError);
  EXPECT_THROW(parse({"--max-seconds", "soon"}), CLI::ParseError);
}

}  // namespace
}  // namespace slidegif::cli
