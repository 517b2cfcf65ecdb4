#pragma once
// How a job's puzzle of exactly N moves is drawn (PuzzleSpec::moves): uniformly from a
// distance table when the services have one for the goal (table_solve.hpp), else - 4x4 and
// other boards without a table - by random walks from the goal, each solved optimally, until
// one is exactly N moves from it, within the job's search budget. The walks are not uniform
// over the states at distance N: states that many walks lead to come up more often.

#include "app/job/job.hpp"
#include "solve/board/resolve_puzzle.hpp"

namespace slidegif::app {

// Throws (when called) Error(BadInput) for N out of range, naming the range;
// Error(BudgetExceeded, Hint::SearchBudget) when the walks found nothing in time.
detail::StartSampler start_sampler(const Job& job, const Services& services);

}  // namespace slidegif::app
