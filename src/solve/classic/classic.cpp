#include "solve/classic/classic.hpp"

#include "slidegif/error.hpp"
#include "solve/classic/searches.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {
namespace {

std::string_view algorithm_name(ClassicAlgorithm a) {
  switch (a) {
    case ClassicAlgorithm::Bfs:
      return "bfs";
    case ClassicAlgorithm::BidirectionalBfs:
      return "bibfs";
    case ClassicAlgorithm::UniformCost:
      return "ucs";
    case ClassicAlgorithm::AStar:
      return "astar";
    case ClassicAlgorithm::IdaStar:
      return "idastar";
    case ClassicAlgorithm::Greedy:
      return "greedy";
  }
  return "";
}

std::string_view heuristic_name(ClassicHeuristic h) {
  switch (h) {
    case ClassicHeuristic::None:
      return "";
    case ClassicHeuristic::Misplaced:
      return "misplaced";
    case ClassicHeuristic::Manhattan:
      return "manhattan";
    case ClassicHeuristic::LinearConflict:
      return "lc";
  }
  return "";
}

}  // namespace

std::string classic_name(const ClassicMethod& method) {
  std::string name(algorithm_name(method.algorithm));
  if (method.heuristic != ClassicHeuristic::None) {
    name += '-';
    name += heuristic_name(method.heuristic);
  }
  return name;
}

std::vector<ClassicMethod> all_classic_methods() {
  std::vector<ClassicMethod> all{{ClassicAlgorithm::Bfs, ClassicHeuristic::None},
                                 {ClassicAlgorithm::BidirectionalBfs, ClassicHeuristic::None},
                                 {ClassicAlgorithm::UniformCost, ClassicHeuristic::None}};
  for (const auto a :
       {ClassicAlgorithm::AStar, ClassicAlgorithm::IdaStar, ClassicAlgorithm::Greedy}) {
    for (const auto h : {ClassicHeuristic::Misplaced, ClassicHeuristic::Manhattan,
                         ClassicHeuristic::LinearConflict}) {
      all.push_back({a, h});
    }
  }
  return all;
}

ClassicMethod parse_classic_method(std::string_view name) {
  // The short names take the estimate courses teach first.
  if (name == "astar") return {ClassicAlgorithm::AStar, ClassicHeuristic::Manhattan};
  if (name == "idastar") return {ClassicAlgorithm::IdaStar, ClassicHeuristic::Manhattan};
  if (name == "greedy") return {ClassicAlgorithm::Greedy, ClassicHeuristic::Manhattan};
  std::string known;
  for (const ClassicMethod& m : all_classic_methods()) {
    if (classic_name(m) == name) return m;
    known += (known.empty() ? "" : ", ") + classic_name(m);
  }
  throw Error(Error::Kind::BadInput,
              detail::format("unknown algorithm \"{}\"; known: {} (astar, idastar and greedy "
                             "alone: with Manhattan)",
                             std::string(name), known));
}

std::string_view heuristic_label(ClassicHeuristic heuristic) {
  switch (heuristic) {
    case ClassicHeuristic::None:
      return "-";
    case ClassicHeuristic::Misplaced:
      return "misplaced tiles";
    case ClassicHeuristic::Manhattan:
      return "Manhattan";
    case ClassicHeuristic::LinearConflict:
      return "Manhattan + linear conflict";
  }
  return "-";
}

ClassicResult run_classic(const ClassicMethod& method, const Board& start, const Board& goal,
                          const ClassicLimits& limits, ClassicObserver* observer) {
  const classic::Problem problem(start, goal, method.heuristic);
  const classic::Budget clock(limits);
  ClassicResult result;
  result.method = method;
  switch (method.algorithm) {
    case ClassicAlgorithm::Bfs:
      classic::breadth_first(problem, limits, observer, result);
      break;
    case ClassicAlgorithm::BidirectionalBfs:
      classic::bidirectional(problem, limits, observer, result);
      break;
    case ClassicAlgorithm::IdaStar:
      classic::iterative_deepening(problem, limits, observer, result);
      break;
    default:
      classic::best_first(problem, method.algorithm, limits, observer, result);
  }
  result.optimal = result.solved && method.algorithm != ClassicAlgorithm::Greedy;
  result.seconds = clock.seconds();
  return result;
}

}  // namespace slidegif::detail
