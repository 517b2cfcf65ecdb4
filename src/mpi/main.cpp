// slidegif-mpi: the God's-eye view (slidegif explore) over several processes and machines, for
// boards whose state space one machine cannot hold. Started by mpirun; every rank parses the
// same command line, rank 0 alone prints. The search is mpi/partitioned_search.hpp.
//
//   mpirun -np 4 slidegif-mpi explore --size 3x4

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <mpi.h>
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <string>

#include "app/files/progress.hpp"
#include "mpi/partition_model.hpp"
#include "mpi/partitioned_search.hpp"
#include "slidegif/board.hpp"
#include "slidegif/error.hpp"
#include "solve/table/state_index.hpp"

namespace slidegif::mpi {
namespace {

enum Exit : int { kOk = 0, kFailure = 1, kBadInput = 2 };

// As slidegif explore (cli/explore_command.hpp): the first antipodes, in index order.
constexpr std::size_t kListedAntipodes = 100;

struct Args {
  std::string size;
  std::string goal;
  bool json = false;
  bool progress = false;
  std::uint64_t round_states = PartitionedSearchOptions{}.round_states;
  // plan
  int ranks = 1;
  int machines = 0;  // 0: one a rank
  std::uint64_t samples = PartitionModelOptions{}.samples;
  // A rank's rate and link: defaults measured or assumed in docs/BENCHMARKS.md.
  double rank_rate = 9.3;  // M states/s: explore --size 3x4 with one rank here
  double link_gbps = 10;
};

Board explore_goal(const Args& a) {
  std::optional<Shape> shape;
  if (!a.size.empty()) shape = parse_shape(a.size);
  const Board goal = a.goal.empty() ? Board::standard_goal(shape.value_or(Shape{3, 3}))
                                    : parse_board(a.goal, shape);
  if (goal.cells() > detail::kMaxIndexCells) {
    throw Error(Error::Kind::BadInput,
                fmt::format("a {} board has {} states; boards of up to {} cells are explored",
                            format_shape(goal.shape()), detail::reachable_states_text(goal.shape()),
                            detail::kMaxIndexCells));
  }
  return goal;
}

// The largest peak resident memory of any rank, in bytes.
std::uint64_t peak_rank_bytes(MPI_Comm comm) {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  auto mine = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux: kilobytes
  std::uint64_t peak = 0;
  MPI_Reduce(&mine, &peak, 1, MPI_UINT64_T, MPI_MAX, 0, comm);
  return peak;
}

std::vector<std::string> boards(const detail::StateIndex& index, const PartitionedSearch& all) {
  std::vector<std::string> out;
  for (const std::uint64_t i : all.antipodes) {
    if (out.size() == kListedAntipodes) break;
    out.push_back(format_board(index.board(i)));
  }
  return out;
}

void print_text(const Board& goal, const detail::StateIndex& index, const PartitionedSearch& all,
                std::uint64_t peak) {
  fmt::print("{} from {}: {} states\n", format_shape(goal.shape()), format_board(goal),
             detail::reachable_states_text(goal.shape()));
  fmt::print("God's number: {}\n", all.gods_number());
  fmt::print("distance  states\n");
  for (std::size_t d = 0; d < all.histogram.size(); ++d)
    fmt::print("{:>8}  {}\n", d, all.histogram[d]);
  const auto listed = boards(index, all);
  if (listed.size() == all.histogram.back()) {
    fmt::print("antipodes ({}): {}\n", all.histogram.back(), fmt::join(listed, " "));
  } else {
    fmt::print("antipodes: {} (too many to list)\n", all.histogram.back());
  }
  const std::uint64_t exchanged =
      std::accumulate(all.exchanged.begin(), all.exchanged.end(), std::uint64_t{0});
  fmt::print("searched in {:.3f} s ({} rank{}, {:.1f} M states/s), peak memory {:.1f} MB a rank\n",
             all.seconds, all.ranks, all.ranks == 1 ? "" : "s",
             static_cast<double>(index.size()) / all.seconds / 1e6,
             static_cast<double>(peak) / 1e6);
  fmt::print(
      "exchanged {} of {} children ({:.1f}%, {:.1f} MB) in {} rounds\n", exchanged, all.children,
      all.children ? 100.0 * static_cast<double>(exchanged) / static_cast<double>(all.children)
                   : 0.0,
      static_cast<double>(exchanged) * 8 / 1e6, all.rounds);
}

void print_json(const Board& goal, const detail::StateIndex& index, const PartitionedSearch& all,
                std::uint64_t peak) {
  const nlohmann::json j = {
      {"rows", goal.shape().rows},
      {"cols", goal.shape().cols},
      {"goal", format_board(goal)},
      {"states", index.size()},
      {"gods_number", all.gods_number()},
      {"histogram", all.histogram},
      {"antipodes", boards(index, all)},
      {"antipodes_count", all.histogram.back()},
      {"seconds", all.seconds},
      {"ranks", all.ranks},
      {"block_states", all.block_states},
      {"peak_memory_bytes", peak},
      {"children", all.children},
      {"exchanged", all.exchanged},
      {"rounds", all.rounds},
      {"metric", "stm"},
  };
  fmt::print("{}\n", j.dump());
}

// What a search would need on `ranks` ranks over `machines` machines, from the model.
void print_plan(const Board& goal, const Args& a) {
  PartitionModelOptions options;
  options.samples = a.samples;
  options.round_states = a.round_states;
  const PartitionModel m = model_partition(goal, a.ranks, options);
  const int machines = a.machines > 0 ? a.machines : a.ranks;
  const double per_machine = static_cast<double>(a.ranks) / machines;
  const double machine_bytes = static_cast<double>(m.rank_bytes()) * per_machine;
  const double machine_traffic = m.exchanged_bytes() / machines;
  const double expanding = static_cast<double>(m.states) / a.ranks / (a.rank_rate * 1e6);
  const double exchanging = machine_traffic / (a.link_gbps * 1e9 / 8);
  if (a.json) {
    const nlohmann::json j = {
        {"rows", goal.shape().rows},
        {"cols", goal.shape().cols},
        {"states", m.states},
        {"ranks", m.ranks},
        {"machines", machines},
        {"rank_bytes", m.rank_bytes()},
        {"block_bytes", m.block_bytes},
        {"machine_bytes", machine_bytes},
        {"samples", a.samples},
        {"children_per_state", m.children_per_state},
        {"exchanged_fraction", m.exchanged_fraction},
        {"exchanged_bytes", m.exchanged_bytes()},
        {"machine_traffic_bytes", machine_traffic},
        {"expanding_seconds", expanding},
        {"exchanging_seconds", exchanging},
    };
    fmt::print("{}\n", j.dump());
    return;
  }
  fmt::print("{} from {}: {} states, {} ranks on {} machine{}\n", format_shape(goal.shape()),
             format_board(goal), detail::reachable_states_text(goal.shape()), a.ranks, machines,
             machines == 1 ? "" : "s");
  fmt::print(
      "memory: {:.2f} GB a rank ({:.2f} GB of states, two bits each; {:.2f} GB of exchange "
      "buffers), {:.2f} GB a machine, {:.1f} GB in all\n",
      static_cast<double>(m.rank_bytes()) / 1e9, static_cast<double>(m.block_bytes) / 1e9,
      static_cast<double>(m.buffer_bytes) / 1e9, machine_bytes / 1e9,
      static_cast<double>(m.rank_bytes()) * a.ranks / 1e9);
  fmt::print("children: {:.3f} a state, {:.4g} in all (sampled from {} states)\n",
             m.children_per_state, m.children(), a.samples);
  fmt::print(
      "exchange: {:.2f}% of the children go to another rank: {:.4g} states, {:.1f} GB in "
      "all, {:.1f} GB a machine\n",
      100 * m.exchanged_fraction, m.exchanged_states(), m.exchanged_bytes() / 1e9,
      machine_traffic / 1e9);
  fmt::print(
      "time at {} M states/s a rank and {} Gbit/s a machine: {:.0f} s expanding, {:.0f} s "
      "exchanging\n",
      a.rank_rate, a.link_gbps, expanding, exchanging);
}

int run(int argc, char** argv, int rank) {
  CLI::App app{
      "slidegif-mpi: the whole state space of a sliding-tile board (God's number, the "
      "distance histogram, the antipodes), searched by several MPI processes that "
      "share the states between them. Start it with mpirun.",
      "slidegif-mpi"};
  app.require_subcommand(1);
  Args args;
  CLI::App* explore = app.add_subcommand(
      "explore", "Search a board's whole state space: God's number, distances, antipodes");
  explore->add_option("--size", args.size, "Board size: 3 or RxC, up to 16 cells (default: 3)")
      ->type_name("SIZE");
  explore->add_option("--goal", args.goal, "Goal board (default: 1..N-1 then the blank)")
      ->type_name("BOARD");
  explore->add_flag("--json", args.json, "Print one JSON object");
  explore
      ->add_option("--round-states", args.round_states,
                   "States each rank expands between two exchanges, 1 to 2^28 (default: 2^22)")
      ->type_name("N")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 28).description(""));
  explore->add_flag("--progress", args.progress,
                    "Draw the progress bar even when stderr is not a terminal");
  CLI::App* plan = app.add_subcommand(
      "plan",
      "Say what explore would need on N ranks: memory, exchange volume, time (no MPI "
      "run needed; the exchange is sampled)");
  plan->add_option("--size", args.size, "Board size: 3 or RxC, up to 16 cells (default: 3)")
      ->type_name("SIZE");
  plan->add_option("--goal", args.goal, "Goal board (default: 1..N-1 then the blank)")
      ->type_name("BOARD");
  plan->add_option("--ranks", args.ranks, "Ranks of the search, 1 to 2^20 (default: 1)")
      ->type_name("N")
      ->check(CLI::Range(1, 1 << 20).description(""));
  plan->add_option("--machines", args.machines, "Machines they run on (default: one a rank)")
      ->type_name("N")
      ->check(CLI::Range(1, 1 << 20).description(""));
  plan->add_option("--samples", args.samples,
                   "States drawn to sample the exchange, 1 to 2^32 (default: 1000000)")
      ->type_name("N")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 32).description(""));
  plan->add_option("--rank-rate", args.rank_rate,
                   "Millions of states a rank expands a second (default: 9.3, measured)")
      ->type_name("M")
      ->check(CLI::PositiveNumber.description(""));
  plan->add_option("--link-gbps", args.link_gbps,
                   "A machine's network link in Gbit/s (default: 10)")
      ->type_name("G")
      ->check(CLI::PositiveNumber.description(""));
  plan->add_option("--round-states", args.round_states,
                   "As explore's: sizes the exchange buffers (default: 2^22)")
      ->type_name("N")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 28).description(""));
  plan->add_flag("--json", args.json, "Print one JSON object");
  app.footer(
      "Every rank owns two bits a state of one block of the states; the ranks on one machine "
      "together must fit its memory. Exit status: 0 done, 1 failure, 2 bad input or a search "
      "too large for the machines.");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank != 0) return e.get_exit_code() == 0 ? kOk : kBadInput;
    const int code = app.exit(e);
    return code == 0 ? kOk : kBadInput;
  }
  const Board goal = explore_goal(args);
  if (plan->parsed()) {
    if (args.machines > args.ranks)
      throw Error(Error::Kind::BadInput, "--machines: more machines than ranks");
    if (rank == 0) print_plan(goal, args);
    return kOk;
  }
  const detail::StateIndex index(goal);
  PartitionedSearchOptions options;
  options.round_states = args.round_states;
  app::ProgressBar bar(fmt::format("explore {}", format_shape(goal.shape())),
                       args.progress && rank == 0);
  if (rank == 0) options.progress = [&bar](double f) { bar.update(f); };
  const PartitionedSearch all = partitioned_search(goal, MPI_COMM_WORLD, options);
  bar.finish();
  const std::uint64_t peak = peak_rank_bytes(MPI_COMM_WORLD);
  if (rank != 0) return kOk;
  if (args.json) {
    print_json(goal, index, all, peak);
  } else {
    print_text(goal, index, all, peak);
  }
  return kOk;
}

}  // namespace
}  // namespace slidegif::mpi

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int code = slidegif::mpi::kOk;
  try {
    code = slidegif::mpi::run(argc, argv, rank);
  } catch (const slidegif::Error& e) {
    // Every rank meets the same input errors at the same point; rank 0 says so.
    if (rank == 0) std::fprintf(stderr, "slidegif-mpi: error: %s\n", e.what());
    code = slidegif::mpi::kBadInput;
  } catch (const std::exception& e) {  // e.g. out of memory: the other ranks cannot go on
    std::fprintf(stderr, "slidegif-mpi: rank %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, slidegif::mpi::kFailure);
  }
  MPI_Finalize();
  return code;
}
