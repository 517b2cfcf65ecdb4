#include "slidegif/solvability.hpp"

#include "solve/support/format.hpp"

namespace slidegif {

ParityFacts parity_facts(const Board& board) {
  ParityFacts facts;
  const auto& tiles = board.tiles();
  // O(n^2) over at most 255 tiles, without a branch a pair (every solve passes here, 10,000 a
  // second in a batch): the blank (0) is less than every tile, so counting it like one adds
  // exactly its cell's number of pairs, taken off after.
  int inversions = 0;
  for (std::size_t i = 0; i < tiles.size(); ++i)
    for (std::size_t j = i + 1; j < tiles.size(); ++j) inversions += tiles[j] < tiles[i];
  facts.inversions = inversions - board.blank();
  facts.blank_row = board.blank() / board.cols();
  const bool even_width = board.cols() % 2 == 0;
  facts.parity = static_cast<int>((facts.inversions + (even_width ? facts.blank_row : 0)) % 2);
  return facts;
}

namespace {

std::string describe(const char* name, const ParityFacts& f, bool even_width) {
  const char* parity = f.parity ? "odd" : "even";
  if (!even_width) return detail::format("{} has {} inversions ({})", name, f.inversions, parity);
  return detail::format("{} has {} inversions + blank in row {} = {} ({})", name, f.inversions,
                        f.blank_row, f.inversions + f.blank_row, parity);
}

}  // namespace

SolvabilityReport check_solvable(const Board& start, const Board& goal) {
  if (start.shape() != goal.shape()) {
    throw Error(Error::Kind::BadInput,
                detail::format("start is {} but goal is {}", format_shape(start.shape()),
                               format_shape(goal.shape())));
  }
  SolvabilityReport report;
  report.start = parity_facts(start);
  report.goal = parity_facts(goal);
  report.solvable = report.start.parity == report.goal.parity;
  const bool even_width = start.cols() % 2 == 0;
  const char* rule = even_width ? "width is even: inversions + blank row (0-based) must have the "
                                  "same parity"
                                : "width is odd: inversion counts must have the same parity";
  report.explanation = detail::format("{}; {}; {}: {}", describe("start", report.start, even_width),
                                      describe("goal", report.goal, even_width), rule,
                                      report.solvable ? "they match" : "they differ");
  return report;
}

void require_solvable(const Board& start, const Board& goal) {
  // Every solve passes here (10,000 a second in a batch): the explanation, three formatted
  // strings, is written only for the refusal.
  if (start.shape() == goal.shape() && parity_facts(start).parity == parity_facts(goal).parity)
    return;
  const auto report = check_solvable(start, goal);
  throw Error(Error::Kind::Unsolvable, "unsolvable: " + report.explanation);
}

}  // namespace slidegif
