// The public Solver: the job pipeline (app/job) with services that only read what is there.
// The command line's services build a missing first-use database after asking; a library never
// starts such work unasked, so here a missing database means a search without it.
#include "app/data/data_services.hpp"
#include "app/data/pdb_location.hpp"
#include "app/job/job.hpp"
#include "slidegif/solve.hpp"
#include "solve/board/random.hpp"

namespace slidegif {

struct Solver::Data {
  // The trusted databases in pdb_dir, each mapped once; the tables `explore --save` left there.
  explicit Data(const std::string& dir)
      : data({.load = app::read_pdbs(dir), .tables = {.dir = dir}, .built_in_tables = {}}) {}

  app::DataServices data;
};

namespace {

app::Services services_of(const std::shared_ptr<Solver::Data>& data, const SolveControl& control) {
  app::Services s;
  s.entropy = detail::fresh_seed;
  data->data.wire(s);  // the Solver, which owns `data`, outlives the call that uses `s`
  s.control = control;
  return s;
}

}  // namespace

Solver::Solver() : Solver(std::string()) {}

Solver::Solver(std::string pdb_dir) : data_(std::make_shared<Data>(std::move(pdb_dir))) {}

Solution Solver::solve(const Board& start, const Board& goal, const SolveOptions& options,
                       const SolveControl& control) const {
  app::Job job;
  job.puzzle.start = start;
  job.puzzle.goal = goal;
  job.solve = options;
  return app::solve_job(job, services_of(data_, control)).solution;
}

Puzzle Solver::random_puzzle(const PuzzleSpec& spec, const SolveOptions& options) const {
  app::Job job;
  job.puzzle = spec;
  job.solve = options;
  return app::resolve_job(job, services_of(data_, {}));
}

std::string default_pdb_dir() {
  return app::default_pdb_dir();
}

Puzzle random_puzzle(const PuzzleSpec& spec) {
  return Solver().random_puzzle(spec);
}

}  // namespace slidegif
